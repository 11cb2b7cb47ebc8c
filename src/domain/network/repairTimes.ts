/**
 * Default repair times (docs/output-impact.md, "Repair times"), used for a failure whose
 * scenario row in damage.csv gives none: one normal distribution (hours) per hazard and
 * component class, with its source and the confidence of that source in the words of
 * shared/reference/fragility-sources/README.md (§4: the Hazus earthquake restoration table is
 * "not-verified"; restoration functions for wind, flood and fire damage to power components
 * are "not-found", so those rows are hazsim's labelled judgement).
 */
import seedrandom from 'seedrandom';
import { ASSET_TYPES, type AssetType } from '../assets/types.js';

/** The hazards with their own repair times. */
export type RepairHazard = 'earthquake' | 'wind' | 'flood' | 'fire';

export interface HazardRepairTime {
  mean_hours: number;
  sd_hours: number;
  /** Where the numbers come from. */
  source: string;
  /** How far the source was checked (fragility-sources README's tokens). */
  confidence: 'not-verified' | 'judgement';
}

/** Substations and everything else (a distribution circuit's lines, poles, switches, transformers...). */
interface ClassRepairTimes {
  substation: HazardRepairTime;
  circuit: HazardRepairTime;
}

const HAZUS = 'Hazus 5.1 Earthquake Model Technical Manual, section 8.5, electric power restoration functions (after ATC-13), extensive damage';
const NOT_FOUND = 'no published restoration function for this hazard and power components was found (fragility-sources README §4)';
const judgement = (meanHours: number, sdHours: number, why: string): HazardRepairTime => ({
  mean_hours: meanHours,
  sd_hours: sdHours,
  source: `hazsim's judgement: ${why}; ${NOT_FOUND}`,
  confidence: 'judgement',
});

/** Repair time of a failed asset per hazard and class. */
export const REPAIR_TIMES_BY_HAZARD: Readonly<Record<RepairHazard, ClassRepairTimes>> = {
  earthquake: {
    substation: { mean_hours: 7 * 24, sd_hours: 3.5 * 24, source: `${HAZUS}, substation`, confidence: 'not-verified' },
    circuit: { mean_hours: 3 * 24, sd_hours: 1.5 * 24, source: `${HAZUS}, distribution circuit`, confidence: 'not-verified' },
  },
  wind: {
    substation: judgement(48, 24, 'two days to clear debris from and re-energize a substation whose bus or structures were struck'),
    circuit: judgement(8, 4, 'one crew shift to replace a broken pole or re-string a downed span'),
  },
  flood: {
    substation: judgement(7 * 24, 3.5 * 24, 'a week to dry, test and replace the control and protection equipment of a flooded substation'),
    circuit: judgement(48, 24, 'two days to replace a flooded pad-mounted transformer, junction box or cable splice'),
  },
  fire: {
    substation: judgement(14 * 24, 7 * 24, 'two weeks to rebuild the burned control house or equipment of a substation'),
    circuit: judgement(48, 24, 'two days to rebuild burned poles and spans'),
  },
};

/** The earthquake row per asset type: the repair times of a failure whose hazard is unknown (and the table docs/output-impact.md has always shown). */
export const DEFAULT_REPAIR_TIMES: Readonly<Record<AssetType, HazardRepairTime>> = Object.fromEntries(
  ASSET_TYPES.map((type) => [type, REPAIR_TIMES_BY_HAZARD.earthquake[type === 'substation' ? 'substation' : 'circuit']]),
) as Record<AssetType, HazardRepairTime>;

/**
 * The repair time of a failed asset: its class's under each hazard present at its site when it
 * failed, the longest mean of those (several hazards at once damage more); the earthquake row
 * when no hazard is known. Elements that are not assets (loads) repair like a circuit.
 */
export function defaultRepairTime(assetType: AssetType | null, hazards: readonly RepairHazard[] = []): HazardRepairTime {
  const pick = (hazard: RepairHazard) => REPAIR_TIMES_BY_HAZARD[hazard][assetType === 'substation' ? 'substation' : 'circuit'];
  let best = pick('earthquake');
  let first = true;
  for (const hazard of hazards) {
    const candidate = pick(hazard);
    if (first || candidate.mean_hours > best.mean_hours) best = candidate;
    first = false;
  }
  return best;
}

/** How repair times are drawn, written into the result's run_info. */
export const REPAIR_DRAW_DESCRIPTION =
  'sample i draws from seedrandom.alea(`${seed}:${i}:repair`), one repair time per failed asset in the order of tracked_changes.json (failure time, then uuid): a normal variate by Box-Muller from two draws, redrawn while it is not positive';

/** The repair-time generator of one sample: each call returns the next failed asset's repair time in hours. */
export function repairTimeDrawer(seed: number, sample: number): (distribution: HazardRepairTime) => number {
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
