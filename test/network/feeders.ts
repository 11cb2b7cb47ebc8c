// Hand-built feeders in the specification's (docs/specification.md) nested form, for the network impact tests.

const matrix = (diagonal: string, off: string) => [
  [diagonal, off, off],
  [off, diagonal, off],
  [off, off, diagonal],
];

const impedance = (name: string) => ({
  name,
  r_matrix: matrix('0.3 ohm / kilometer', '0.1 ohm / kilometer'),
  x_matrix: matrix('0.6 ohm / kilometer', '0.2 ohm / kilometer'),
  c_matrix: matrix('8 nanofarad / kilometer', '-2 nanofarad / kilometer'),
  ampacity: '400 ampere',
});

/** Builds a feeder from named buses; every component gets a readable, fixed uuid. */
export class FeederBuilder {
  readonly components: object[] = [];
  private readonly uuids = new Map<string, string>();
  private x = 0;

  /** The uuid of a named component (fixed: its index in creation order). */
  uuid(name: string): string {
    let uuid = this.uuids.get(name);
    if (!uuid) {
      uuid = `00000000-0000-4000-8000-${(this.uuids.size + 1).toString(16).padStart(12, '0')}`;
      this.uuids.set(name, uuid);
    }
    return uuid;
  }

  bus(name: string): this {
    this.x += 0.001;
    this.components.push({
      type: 'DistributionBus',
      uuid: this.uuid(name),
      name,
      voltage_type: 'line-to-ground',
      phases: ['A', 'B', 'C'],
      rated_voltage: '7.2 kilovolt',
      coordinate: { x: -79.9 + this.x, y: 32.8 },
    });
    return this;
  }

  line(name: string, from: string, to: string): this {
    this.components.push({
      type: 'MatrixImpedanceBranch',
      uuid: this.uuid(name),
      name,
      buses: [{ uuid: this.uuid(from) }, { uuid: this.uuid(to) }],
      length: '0.5 kilometer',
      phases: ['A', 'B', 'C'],
      equipment: impedance(`${name}_eq`),
    });
    return this;
  }

  switch(name: string, from: string, to: string, closed: boolean): this {
    this.components.push({
      type: 'MatrixImpedanceSwitch',
      uuid: this.uuid(name),
      name,
      buses: [{ uuid: this.uuid(from) }, { uuid: this.uuid(to) }],
      length: '0.001 kilometer',
      phases: ['A', 'B', 'C'],
      is_closed: [closed, closed, closed],
      equipment: { type: 'MatrixImpedanceSwitchEquipment', ...impedance(`${name}_eq`) },
    });
    return this;
  }

  source(name: string, bus: string): this {
    const phase = (p: string) => ({
      type: 'PhaseVoltageSourceEquipment',
      name: `${name}_${p}`,
      r0: '0.5 ohm',
      r1: '0.25 ohm',
      x0: '3 ohm',
      x1: '1.5 ohm',
      voltage: '7.2 kilovolt',
      voltage_type: 'line-to-ground',
      angle: '0 degree',
    });
    this.components.push({
      type: 'DistributionVoltageSource',
      uuid: this.uuid(name),
      name,
      bus: { uuid: this.uuid(bus) },
      phases: ['A', 'B', 'C'],
      equipment: { type: 'VoltageSourceEquipment', name: `${name}_eq`, sources: ['A', 'B', 'C'].map(phase) },
    });
    return this;
  }

  /** A three-phase load of `kw` in total; `customers` split over the phases when given (else the model says nothing). */
  load(name: string, bus: string, kw: number, customers?: number): this {
    const perPhase = (p: number) => ({
      type: 'PhaseLoadEquipment',
      name: `${name}_${p}`,
      real_power: `${kw / 3} kilowatt`,
      reactive_power: '0 kilovar',
      z_real: 0,
      z_imag: 0,
      i_real: 0,
      i_imag: 0,
      p_real: 1,
      p_imag: 1,
      num_customers: customers === undefined ? null : p === 0 ? customers - 2 * Math.floor(customers / 3) : Math.floor(customers / 3),
    });
    this.components.push({
      type: 'DistributionLoad',
      uuid: this.uuid(name),
      name,
      bus: { uuid: this.uuid(bus) },
      phases: ['A', 'B', 'C'],
      equipment: { type: 'LoadEquipment', name: `${name}_eq`, phase_loads: [0, 1, 2].map(perPhase) },
    });
    return this;
  }

  build(): { name: string; components: object[]; properties: object } {
    return { name: 'hand_built', components: this.components, properties: {} };
  }
}
