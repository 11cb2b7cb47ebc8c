/**
 * Bus voltages of an OpenDSS model (docs/input-distribution.md, "OpenDSS models"). OpenDSS
 * buses carry no rating; hazsim needs one per bus (GDM's rated_voltage). Buses joined by lines,
 * switches and series reactors form a zone of one voltage (GDM requires a line's two buses to
 * agree); zones take their voltage from the source and then across transformers from each
 * winding's rating, as OpenDSS's CalcVoltageBases does, and snap to the nearest `Set
 * VoltageBases` value within 10 %. A zone no transformer reaches takes the voltage of a load,
 * capacitor or generator on it; one with none is reported.
 */

/** One winding as the zone search needs it: its zone and its rating as a line-to-line kV. */
export interface WindingZone {
  zone: number;
  lineKv: number;
}

/** Union-find over bus indices. */
export class Zones {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = Int32Array.from({ length: size }, (_, index) => index);
  }
  find(index: number): number {
    let root = index;
    while (this.parent[root] !== root) root = this.parent[root];
    while (this.parent[index] !== root) {
      const next = this.parent[index];
      this.parent[index] = root;
      index = next;
    }
    return root;
  }
  join(a: number, b: number): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA !== rootB) this.parent[rootB] = rootA;
  }
}

/** Snaps a voltage to the nearest voltage base within 10 % (OpenDSS's bases are line-to-line kV). */
export function snapToBase(kv: number, bases: readonly number[]): number {
  let best = kv;
  let bestGap = 0.1;
  for (const base of bases) {
    const gap = Math.abs(base - kv) / kv;
    if (base > 0 && gap <= bestGap) {
      best = base;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Line-to-line kV of each zone root (NaN where nothing decides it): from the source zone
 * across transformers (breadth first, the first rating to reach a zone wins), then from
 * devices on zones still unknown, then transformers seeding zones never reached.
 */
export function zoneVoltages(
  zoneCount: number,
  sourceZone: number | null,
  sourceKv: number,
  transformers: readonly WindingZone[][],
  deviceKv: ReadonlyMap<number, number>,
): Float64Array {
  const kv = new Float64Array(zoneCount).fill(NaN);
  const byZone = new Map<number, number[]>();
  transformers.forEach((windings, index) => {
    for (const winding of windings) {
      const list = byZone.get(winding.zone);
      if (list) list.push(index);
      else byZone.set(winding.zone, [index]);
    }
  });
  const spread = (start: number[]) => {
    const queue = [...start];
    for (let head = 0; head < queue.length; head += 1) {
      for (const index of byZone.get(queue[head]) ?? []) {
        for (const winding of transformers[index]) {
          if (Number.isNaN(kv[winding.zone]) && winding.lineKv > 0) {
            kv[winding.zone] = winding.lineKv;
            queue.push(winding.zone);
          }
        }
      }
    }
  };
  if (sourceZone !== null) {
    kv[sourceZone] = sourceKv;
    spread([sourceZone]);
  }
  // Islands: a transformer's own ratings decide its zones, then devices decide the rest.
  transformers.forEach((windings) => {
    if (windings.some((winding) => !Number.isNaN(kv[winding.zone]))) return;
    const seeded = windings.filter((winding) => winding.lineKv > 0);
    for (const winding of seeded) kv[winding.zone] = winding.lineKv;
    spread(seeded.map((winding) => winding.zone));
  });
  for (const [zone, value] of deviceKv) if (Number.isNaN(kv[zone]) && value > 0) kv[zone] = value;
  return kv;
}
