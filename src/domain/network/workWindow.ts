/**
 * When the hazard lets crews work at a failed asset (docs/output-impact.md, "When crews may
 * work"): at the first hazard timestamp at or after the failure at which every intensity at
 * the asset's site is within its work limit. The hazard file describes nothing after its last
 * timestamp, so an asset never within its limits until then is workable from the last
 * timestamp on (the event is taken to end there).
 */
import type { RepairHazard } from './repairTimes.js';

/** A work limit on one intensity quantity, in SI units. */
export interface WorkLimit {
  hazard: RepairHazard;
  /** Work is allowed while the quantity is at most `atMost` (or more than `above`). */
  atMost?: number;
  above?: number;
  rule: string;
  source: string;
}

/**
 * The limits, by intensity quantity. Earthquake shaking is momentary: work may start at the
 * failure's timestamp (aftershock stand-downs are not modelled).
 */
export const WORK_LIMITS = {
  wind_speed: {
    hazard: 'wind',
    atMost: 12.5,
    rule: 'wind at the site at most 12.5 m/s (28 mph)',
    source:
      'the rated wind speed of mobile elevating work platforms (bucket trucks) for outdoor use, 12.5 m/s, in EN 280 and ANSI/SAIA A92.20 (ISO 16368); labelled: the standards were not read in this session. Applied to the wind speed the hazard model gives at the site',
  },
  flood_depth: {
    hazard: 'flood',
    atMost: 0,
    rule: 'no water above the equipment (flood depth at the asset at most 0 m)',
    source: "hazsim's judgement: crews do not work energized equipment standing in water",
  },
  fire_boundary_distance: {
    hazard: 'fire',
    above: 0,
    rule: 'the site outside every fire perimeter',
    source: "hazsim's judgement: crews enter an area once the fire perimeter no longer covers it",
  },
} as const satisfies Record<string, WorkLimit>;

export type LimitedQuantity = keyof typeof WORK_LIMITS;

/** Whether intensity `value` of `quantity` allows work (an absent value, NaN, does). */
export function allowsWork(quantity: LimitedQuantity, value: number): boolean {
  if (Number.isNaN(value)) return true;
  const limit: WorkLimit = WORK_LIMITS[quantity];
  if (limit.atMost !== undefined) return value <= limit.atMost;
  return value > limit.above!;
}

/** Per site and hazard timestamp, whether crews may work there; built from an intensity grid. */
export class WorkCalendar {
  private readonly siteOf: Map<string, number>;

  /**
   * @param siteUuids the component uuid of each site
   * @param timestampHours each hazard timestamp, hours after the first
   * @param workable 1 where work is allowed, [site * timestamps + t]
   * @param hazards per [site * timestamps + t], a bit per hazard type present there (HAZARD_BITS)
   */
  constructor(
    siteUuids: readonly string[],
    private readonly timestampHours: Float64Array,
    private readonly workable: Uint8Array,
    private readonly hazards: Uint8Array,
  ) {
    this.siteOf = new Map(siteUuids.map((uuid, site) => [uuid, site]));
  }

  /** When work may start on the asset that failed at `failHours` (its failure time when the asset has no site). */
  readyHours(assetUuid: string, failHours: number): number {
    const site = this.siteOf.get(assetUuid);
    if (site === undefined) return failHours;
    const times = this.timestampHours;
    const last = times.length - 1;
    for (let t = this.firstAtOrAfter(failHours); t <= last; t += 1) {
      if (this.workable[site * times.length + t]) return Math.max(failHours, times[t]);
    }
    return Math.max(failHours, times[last]);
  }

  /** The hazard types present at the asset's site at the failure's timestamp (empty when unknown). */
  hazardsAt(assetUuid: string, failHours: number): RepairHazard[] {
    const site = this.siteOf.get(assetUuid);
    if (site === undefined) return [];
    const bits = this.hazards[site * this.timestampHours.length + Math.min(this.firstAtOrAfter(failHours), this.timestampHours.length - 1)];
    return HAZARD_BITS.filter((_, bit) => bits & (1 << bit));
  }

  private firstAtOrAfter(hours: number): number {
    const times = this.timestampHours;
    let t = 0;
    while (t < times.length - 1 && times[t] < hours - 1e-9) t += 1;
    return t;
  }
}

/** The hazard types a calendar records, bit i for HAZARD_BITS[i]. */
export const HAZARD_BITS: readonly RepairHazard[] = ['earthquake', 'wind', 'flood', 'fire'];
