/**
 * Default repair times (docs/output-impact.md), used when a scenario ZIP carries no damage.csv:
 * the restoration functions of the Hazus Earthquake Model Technical Manual (FEMA, Hazus 5.1,
 * 2022, section 8.5, electric power systems: the table of continuous restoration functions for
 * electric power systems, after ATC-13, 1985, already in the HAZUS-MH MR4 manual, 2003), which
 * give the time to restore a component in a damage state as a normal distribution in days. A failed asset is taken to be in the
 * extensive damage state: substations 7 days (standard deviation 3.5), distribution
 * circuits (every line, cable, pole, switch, transformer and junction box) 3 days (1.5).
 */
import seedrandom from 'seedrandom';
import type { AssetType } from '../assets/types.js';

export interface RepairDistribution {
  mean_hours: number;
  sd_hours: number;
  /** Where the numbers come from. */
  source: string;
}

const HAZUS = 'Hazus 5.1 Earthquake Model Technical Manual, section 8.5, electric power restoration functions, extensive damage';
const SUBSTATION: RepairDistribution = { mean_hours: 7 * 24, sd_hours: 3.5 * 24, source: `${HAZUS}, substation` };
const CIRCUIT: RepairDistribution = { mean_hours: 3 * 24, sd_hours: 1.5 * 24, source: `${HAZUS}, distribution circuit` };

/** Repair time of a failed asset of each type, when the scenarios do not say. */
export const DEFAULT_REPAIR_TIMES: Readonly<Record<AssetType, RepairDistribution>> = {
  substation: SUBSTATION,
  solar_panels: CIRCUIT,
  battery_storage: CIRCUIT,
  switch: CIRCUIT,
  transformer_pole_mount: CIRCUIT,
  transformer_pad_mount: CIRCUIT,
  distribution_overhead_lines: CIRCUIT,
  distribution_underground_cables: CIRCUIT,
  transmission_overhead_lines: CIRCUIT,
  transmission_underground_cables: CIRCUIT,
  distribution_poles: CIRCUIT,
  distribution_junction_box: CIRCUIT,
  transmission_tower: CIRCUIT,
  transmission_junction_box: CIRCUIT,
};

/** Elements that are not assets (loads named in a scenario) repair like a distribution circuit. */
export function defaultRepairTime(assetType: AssetType | null): RepairDistribution {
  return assetType ? DEFAULT_REPAIR_TIMES[assetType] : CIRCUIT;
}

/** How repair times are drawn, written into the result's run_info. */
export const REPAIR_DRAW_DESCRIPTION =
  'sample i draws from seedrandom.alea(`${seed}:${i}:repair`), one repair time per failed asset in the order of tracked_changes.json (failure time, then uuid): a normal variate by Box-Muller from two draws, redrawn while it is not positive';

/** The repair-time generator of one sample: each call returns the next failed asset's repair time in hours. */
export function repairTimeDrawer(seed: number, sample: number): (distribution: RepairDistribution) => number {
  const uniform = seedrandom.alea(`${seed}:${sample}:repair`);
  return (distribution) => {
    for (;;) {
      const u1 = 1 - uniform();
      const u2 = uniform();
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      const hours = distribution.mean_hours + distribution.sd_hours * z;
      if (hours > 0) return hours;
    }
  };
}
