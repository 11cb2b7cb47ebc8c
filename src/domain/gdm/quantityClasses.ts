/**
 * GDM's quantity classes (docs/input-distribution.md): the base unit each is checked against and
 * in which a bare number is read. W, var and VA share one dimension, as in gdm.
 */
export const QUANTITY_CLASSES = {
  Distance: 'meter',
  Voltage: 'volt',
  Current: 'ampere',
  Angle: 'degree',
  ActivePower: 'watt',
  Energy: 'watthour',
  Time: 'minute',
  Resistance: 'ohm',
  Weight: 'gram',
  ResistancePULength: 'ohm / meter',
  Reactance: 'ohm',
  ReactancePULength: 'ohm / meter',
  Capacitance: 'farad',
  CapacitancePULength: 'farad / meter',
  ReactivePower: 'var',
  ApparentPower: 'va',
  ActivePowerOverTime: 'watt / minute',
  EnergyDC: 'kilowatt * hour',
  EnergyAC: 'kilova * hour',
  Irradiance: 'kilowatt / meter ** 2',
} as const;

export type QuantityClass = keyof typeof QUANTITY_CLASSES;

/** Quantity class names written by gdm <= 2.0.x, renamed by gdm's 2.0.1 -> 2.1.2 upgrade step. */
export const LEGACY_QUANTITY_CLASSES: Readonly<Record<string, QuantityClass>> = {
  PositiveResistance: 'Resistance',
  PositiveWeight: 'Weight',
  PositiveAngle: 'Angle',
  PositiveResistancePULength: 'ResistancePULength',
  PositiveReactancePULength: 'ReactancePULength',
  PositiveReactance: 'Reactance',
  PositiveCapacitancePULength: 'CapacitancePULength',
  PositiveCapacitance: 'Capacitance',
  PositiveReactivePower: 'ReactivePower',
  PositiveApparentPower: 'ApparentPower',
  PositiveActivePower: 'ActivePower',
  PositiveCurrent: 'Current',
  PositiveVoltage: 'Voltage',
  PositiveDistance: 'Distance',
};

/** True for a quantity class name a gdm 2.x file may carry in a quantity's `__metadata__.type`. */
export function isKnownQuantityClassName(name: string): boolean {
  return name in QUANTITY_CLASSES || name in LEGACY_QUANTITY_CLASSES;
}
