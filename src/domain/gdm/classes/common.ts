/** GDM common models (docs/input-distribution.md) and the market models the battery settings refer to (§2.6). */
import type { ClassSpec } from '../classSpec.js';
import { f, nullable, optionalNull } from '../fields.js';
import { BILLING_DEMAND_BASES, CUSTOMER_CLASSES, LIMIT_TYPES, SEASONS, TOU_PERIOD_TYPES } from '../enums.js';
import { curveLengthsMatch, endsAfterStart } from '../rules/equipment.js';
import { identity, identityDefaultName } from './_bases.js';

const positive = () => f.number({ above: 0 });

export const COMMON_CLASSES: ClassSpec[] = [
  {
    name: 'Location',
    group: 'common',
    inSpec: true,
    fields: { ...identityDefaultName, x: f.number(), y: f.number(), crs: optionalNull(f.string()) },
    rules: [],
  },
  {
    name: 'VoltageLimitSet',
    group: 'common',
    inSpec: true,
    fields: { ...identityDefaultName, limit_type: f.enum(LIMIT_TYPES), value: f.quantity('Voltage', { bound: '> 0' }) },
    rules: [],
  },
  {
    name: 'ThermalLimitSet',
    group: 'common',
    inSpec: false,
    fields: { ...identityDefaultName, limit_type: f.enum(LIMIT_TYPES), value: f.quantity('Current', { bound: '> 0' }) },
    rules: [],
  },
  {
    name: 'Curve',
    group: 'common',
    inSpec: true,
    fields: { ...identityDefaultName, curve_x: f.numbersOrQuantity(), curve_y: f.numbersOrQuantity() },
    rules: [curveLengthsMatch],
  },
  // curve_x holds the currents and curve_y the times, whatever gdm's docstring says.
  {
    name: 'TimeCurrentCurve',
    group: 'common',
    inSpec: true,
    fields: { ...identityDefaultName, curve_x: f.quantity('Current', { shape: 'vector' }), curve_y: f.quantity('Time', { shape: 'vector' }) },
    rules: [curveLengthsMatch],
  },
  {
    name: 'DistributionTariff',
    group: 'market',
    inSpec: false,
    fields: {
      ...identity,
      utility: f.string(),
      customer_class: f.enum(CUSTOMER_CLASSES),
      fixed_charge: f.ref('FixedCharge'),
      seasonal_tou: f.refs('SeasonalTOURates'),
      demand_charges: optionalNull(f.refs('DemandCharge')),
      tiered_energy_charges: optionalNull(f.refs('TieredRate')),
    },
    rules: [],
  },
  {
    name: 'SeasonalTOURates',
    group: 'market',
    inSpec: false,
    fields: { ...identityDefaultName, season: f.enum(SEASONS), tou_periods: f.refs('TOURatePeriod') },
    rules: [],
  },
  {
    name: 'TOURatePeriod',
    group: 'market',
    inSpec: false,
    fields: { ...identityDefaultName, start_time: f.time(), end_time: f.time(), rate: positive(), period_type: f.enum(TOU_PERIOD_TYPES) },
    rules: [endsAfterStart],
  },
  {
    name: 'DemandCharge',
    group: 'market',
    inSpec: false,
    fields: {
      ...identityDefaultName,
      rate: positive(),
      billing_demand_basis: f.enum(BILLING_DEMAND_BASES),
      time_applicability: nullable(f.refs('TOURatePeriod')),
    },
    rules: [],
  },
  { name: 'TieredRate', group: 'market', inSpec: false, fields: { ...identityDefaultName, upper_limit_kwh: positive(), rate: positive() }, rules: [] },
  {
    name: 'FixedCharge',
    group: 'market',
    inSpec: false,
    fields: { ...identityDefaultName, amount: positive(), description: optionalNull(f.string()) },
    rules: [],
  },
];
