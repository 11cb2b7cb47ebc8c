/** GDM controllers and inverter control settings (docs/input-distribution.md). */
import type { ClassSpec } from '../classSpec.js';
import { f, nullable, optional, optionalNull, type Fields } from '../fields.js';
import { PHASES, SWITCH_NORMAL_STATES, type SupportedBy } from '../enums.js';
import { recloseIntervalsPerShot } from '../rules/equipment.js';
import { identityDefaultName } from './_bases.js';

const ACTIVE_POWER_SETTINGS = [
  'VoltWattControlSetting',
  'PeakShavingBaseLoadingControlSetting',
  'CapacityFirmingControlSetting',
  'TimeBasedControlSetting',
  'SelfConsumptionControlSetting',
  'TimeOfUseControlSetting',
  'DemandChargeControlSetting',
];
const REACTIVE_POWER_SETTINGS = ['PowerfactorControlSetting', 'VoltVarControlSetting'];

/** An inverter control setting: its fixed supported_by literal is written to the file. */
function setting(name: string, supportedBy: SupportedBy, fields: Fields): ClassSpec {
  return {
    name,
    group: 'controller',
    inSpec: false,
    fields: { ...identityDefaultName, supported_by: optional(f.literal(supportedBy), supportedBy), ...fields },
    rules: [],
  };
}

function capacitorController(name: string, fields: Fields): ClassSpec {
  const delay = () => optionalNull(f.quantity('Time'));
  return {
    name,
    group: 'controller',
    inSpec: false,
    fields: { ...identityDefaultName, delay_on: delay(), delay_off: delay(), dead_time: delay(), ...fields },
    rules: [],
  };
}

const tou = { tarriff: f.ref('DistributionTariff'), charging_power: f.quantity('ActivePower') };

export const CONTROLLER_CLASSES: ClassSpec[] = [
  {
    name: 'InverterController',
    group: 'controller',
    inSpec: true,
    fields: {
      ...identityDefaultName,
      active_power_control: optionalNull(f.ref(...ACTIVE_POWER_SETTINGS)),
      reactive_power_control: optionalNull(f.ref(...REACTIVE_POWER_SETTINGS)),
      prioritize_active_power: f.boolean(),
      night_mode: f.boolean(),
    },
    rules: [],
  },
  setting('PowerfactorControlSetting', 'battery-and-solar', { power_factor: f.number({ min: -1, max: 1 }) }),
  setting('VoltVarControlSetting', 'battery-and-solar', { volt_var_curve: f.ref('Curve'), var_follow: f.boolean() }),
  setting('VoltWattControlSetting', 'battery-and-solar', { volt_watt_curve: f.ref('Curve') }),
  setting('PeakShavingBaseLoadingControlSetting', 'battery-only', {
    peak_shaving_target: f.quantity('ActivePower'),
    base_loading_target: f.quantity('ActivePower'),
  }),
  setting('CapacityFirmingControlSetting', 'battery-only', {
    max_active_power_roc: f.quantity('ActivePowerOverTime'),
    min_active_power_roc: f.quantity('ActivePowerOverTime'),
  }),
  setting('TimeBasedControlSetting', 'battery-only', {
    charging_start_time: f.time(),
    charging_end_time: f.time(),
    discharging_start_time: f.time(),
    discharging_end_time: f.time(),
    charging_power: f.quantity('ActivePower'),
    discharging_power: f.quantity('ActivePower'),
  }),
  setting('SelfConsumptionControlSetting', 'battery-only', {}),
  setting('TimeOfUseControlSetting', 'battery-only', tou),
  setting('DemandChargeControlSetting', 'battery-only', tou),
  {
    name: 'DistributionRecloserController',
    group: 'controller',
    inSpec: true,
    fields: {
      ...identityDefaultName,
      delay: f.quantity('Time'),
      ground_delayed: f.ref('TimeCurrentCurve'),
      ground_fast: f.ref('TimeCurrentCurve'),
      phase_delayed: f.ref('TimeCurrentCurve'),
      phase_fast: f.ref('TimeCurrentCurve'),
      num_fast_ops: f.integer({ min: 0 }),
      num_shots: f.integer({ min: 1 }),
      reclose_intervals: f.quantity('Time', { shape: 'vector' }),
      reset_time: f.quantity('Time'),
      equipment: f.ref('RecloserControllerEquipment'),
    },
    rules: [recloseIntervalsPerShot],
  },
  {
    name: 'RegulatorController',
    group: 'controller',
    inSpec: false,
    // min_v_limit <= max_v_limit is not checked by gdm (its own example has min > max).
    fields: {
      ...identityDefaultName,
      delay: nullable(f.quantity('Time')),
      v_setpoint: f.quantity('Voltage', { bound: '> 0' }),
      min_v_limit: f.quantity('Voltage', { bound: '> 0' }),
      max_v_limit: f.quantity('Voltage', { bound: '> 0' }),
      pt_ratio: f.number({ min: 0 }),
      use_ldc: f.boolean(),
      is_reversible: f.boolean(),
      ldc_R: optionalNull(f.quantity('Voltage', { bound: '>= 0' })),
      ldc_X: optionalNull(f.quantity('Voltage', { bound: '>= 0' })),
      ct_primary: optionalNull(f.quantity('Current', { bound: '>= 0' })),
      max_step: f.integer({ min: 0 }),
      bandwidth: f.quantity('Voltage', { bound: '>= 0' }),
      controlled_bus: f.ref('DistributionBus'),
      controlled_phase: f.enum(PHASES),
    },
    rules: [],
  },
  {
    name: 'DistributionSwitchController',
    group: 'controller',
    inSpec: false,
    fields: { ...identityDefaultName, delay: f.quantity('Time'), normal_state: f.enum(SWITCH_NORMAL_STATES), is_locked: f.boolean() },
    rules: [],
  },
  capacitorController('VoltageCapacitorController', {
    on_voltage: f.quantity('Voltage', { bound: '> 0' }),
    off_voltage: f.quantity('Voltage', { bound: '> 0' }),
    pt_ratio: f.number({ min: 0 }),
  }),
  capacitorController('CurrentCapacitorController', {
    on_current: f.quantity('Current', { bound: '> 0' }),
    off_current: f.quantity('Current', { bound: '>= 0' }),
    ct_ratio: f.number({ min: 0 }),
  }),
  capacitorController('ActivePowerCapacitorController', {
    on_power: f.quantity('ActivePower', { bound: '>= 0' }),
    off_power: f.quantity('ActivePower', { bound: '> 0' }),
  }),
  capacitorController('ReactivePowerCapacitorController', {
    on_power: f.quantity('ReactivePower', { bound: '> 0' }),
    off_power: f.quantity('ReactivePower', { bound: '> 0' }),
  }),
  capacitorController('DailyTimedCapacitorController', { on_time: f.time(), off_time: f.time() }),
];
