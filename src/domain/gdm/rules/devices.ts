/** gdm's validators of bus-connected devices: loads, capacitors, solar and batteries (docs/input-distribution.md). */
import type { Rule } from '../classSpec.js';
import type { SupportedBy } from '../enums.js';
import { component, components, labelOf, strings } from './_access.js';

/** set(phases) ⊆ set(bus.phases) (DistributionLoad, DistributionCapacitor). */
export const phasesOnBus: Rule = (device, { report }) => {
  const bus = component(device, 'bus');
  const busPhases = strings(bus, 'phases');
  const phases = strings(device, 'phases');
  for (let index = 0; index < phases.length; index += 1) {
    if (!busPhases.includes(phases[index]))
      report(['phases', index], `phase ${phases[index]} is not on bus ${labelOf(bus)} (its phases: ${busPhases.join(', ') || 'none'})`);
  }
};

/** DistributionLoad: one phase load per phase, paired by position. */
export const onePhaseLoadPerPhase: Rule = (load, { report }) => {
  const phases = strings(load, 'phases').length;
  const equipment = component(load, 'equipment');
  const phaseLoads = components(equipment, 'phase_loads').length;
  if (phases !== phaseLoads)
    report(['phases'], `has ${phases} phases but equipment ${labelOf(equipment)} has ${phaseLoads} phase loads; they pair by position`);
};

/** DistributionSolar/Battery validate_controller_types: the controller's settings must support this device. */
export function controllerSupports(allowed: readonly SupportedBy[]): Rule {
  return (device, { report }) => {
    const controller = device.fields.controller as ReturnType<typeof component> | null;
    if (!controller) return;
    for (const key of ['active_power_control', 'reactive_power_control']) {
      const setting = controller.fields[key] as ReturnType<typeof component> | null;
      if (!setting) continue;
      const supportedBy = setting.fields.supported_by as SupportedBy;
      if (!allowed.includes(supportedBy)) {
        report(
          ['controller'],
          `controller ${labelOf(controller)} has a ${key} (${setting.type}) supported by ${supportedBy}; a ${device.type} needs one of ${allowed.join(', ')}`,
        );
      }
    }
  };
}
