/**
 * gdm's transformer validators (docs/input-distribution.md): windings against
 * winding phases and buses, the 15 % voltage band, center taps, coupling pairs and taps.
 * Pairs are formed by zipping, so a bus list longer or shorter than the windings is not
 * itself an error (the shorter list wins), as in gdm.
 */
import { versionAtLeast, type Rule } from '../classSpec.js';
import type { Component } from '../model.js';
import { component, components, labelOf, numbers, quantity, strings } from './_access.js';

/** get_phase_voltage_in_kv: kV per phase; line-to-line divides by √3, or by 2 on a center tap's split side. */
function phaseKilovolts(voltageSi: number, voltageType: string, splitSide: boolean): number {
  const kilovolts = voltageSi / 1000;
  return voltageType === 'line-to-line' ? kilovolts / (splitSide ? 2 : Math.sqrt(3)) : kilovolts;
}

/** validate_fields_base of DistributionTransformerBase (DistributionTransformer, DistributionRegulator). */
export const transformerBase: Rule = (transformer, { report, version }) => {
  const equipment = component(transformer, 'equipment');
  const windings = components(equipment, 'windings');
  const windingPhases = transformer.fields.winding_phases as string[][];
  const buses = components(transformer, 'buses');
  if (windingPhases.length !== windings.length) {
    report(['winding_phases'], `has ${windingPhases.length} entries but equipment ${labelOf(equipment)} has ${windings.length} windings`);
  }
  const taps = transformer.fields.tap_positions as number[][] | null;
  if (taps) {
    if (taps.length !== windingPhases.length) report(['tap_positions'], `has ${taps.length} entries but winding_phases has ${windingPhases.length}`);
    taps.forEach((list, index) => {
      const phases = windingPhases[index];
      if (phases && list.length !== phases.length)
        report(['tap_positions', index], `has ${list.length} entries but winding_phases[${index}] has ${phases.length} phases`);
    });
  }
  // gdm 2.4 narrowed the two-phase rule to delta windings.
  const narrowTwoPhaseRule = versionAtLeast(version, 2, 4);
  windings.forEach((winding, index) => {
    const phases = windingPhases[index];
    if (!phases) return;
    const listed = phases.filter((phase) => phase !== 'N').length;
    const numPhases = winding.fields.num_phases as number;
    if (listed > numPhases && listed !== 2) {
      report(['winding_phases', index], `lists ${listed} phases (N not counted) but winding ${index + 1} has num_phases ${numPhases}`);
    } else if (listed === 2 && numPhases !== 1 && (!narrowTwoPhaseRule || String(winding.fields.connection_type).includes('DELTA'))) {
      report(
        ['winding_phases', index],
        `lists 2 phases, which is allowed only for a single-phase winding between two phases; winding ${index + 1} has num_phases ${numPhases}`,
      );
    }
  });
  buses.forEach((bus, index) => {
    const phases = windingPhases[index];
    if (!phases) return;
    const busPhases = strings(bus, 'phases');
    for (const phase of phases) {
      if (phase !== 'N' && !busPhases.includes(phase))
        report(['winding_phases', index], `phase ${phase} is not on bus ${labelOf(bus)} (its phases: ${busPhases.join(', ') || 'none'})`);
    }
  });
  const centerTapped = equipment.fields.is_center_tapped as boolean;
  const highestWindingSi = Math.max(...windings.map((winding) => quantity(winding, 'rated_voltage').siScalar));
  const onSplitSide = (voltageSi: number) => centerTapped && voltageSi < highestWindingSi;
  buses.forEach((bus, index) => {
    const winding = windings[index];
    if (!winding) return;
    const busSi = quantity(bus, 'rated_voltage').siScalar;
    const windingSi = quantity(winding, 'rated_voltage').siScalar;
    const busKv = phaseKilovolts(busSi, bus.fields.voltage_type as string, onSplitSide(busSi));
    const windingKv = phaseKilovolts(windingSi, winding.fields.voltage_type as string, onSplitSide(windingSi));
    if (!(0.85 * busKv <= windingKv && windingKv <= 1.15 * busKv)) {
      report(
        ['buses', index],
        `bus ${labelOf(bus)} is rated ${round(busKv)} kV per phase but winding ${index + 1} ${round(windingKv)} kV; they must agree within 15 %`,
      );
    }
  });
  if (centerTapped) {
    if (buses.length !== 3) report(['buses'], `a center-tapped transformer has exactly 3 buses (HV, LV, LV); it lists ${buses.length}`);
    else if (buses[1].uuid !== buses[2].uuid) report(['buses', 2], 'a center-tapped transformer has the same bus on both secondary windings (buses 2 and 3)');
  }
};

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** DistributionRegulator: every winding has one tap position per controller. */
export const tapsPerController: Rule = (regulator, { report }) => {
  const controllers = components(regulator, 'controllers').length;
  const windings = components(component(regulator, 'equipment'), 'windings');
  windings.forEach((winding: Component, index) => {
    const taps = numbers(winding, 'tap_positions').length;
    if (taps !== controllers) report(['controllers'], `has ${controllers} controllers but winding ${index + 1} has ${taps} tap positions; they must match`);
  });
};

/** DistributionTransformerEquipment: coupling pairs against windings and reactances (non-adjacent duplicates pass, as in gdm). */
export const couplingSequences: Rule = (equipment, { report }) => {
  const pairs = equipment.fields.coupling_sequences as [number, number][];
  const windings = components(equipment, 'windings').length;
  const needed = (windings * (windings - 1)) / 2;
  pairs.forEach(([from, to], index) => {
    if (from === to) report(['coupling_sequences', index], `couples winding ${from} with itself`);
    const previous = pairs[index - 1];
    if (previous && Math.min(from, to) === Math.min(...previous) && Math.max(from, to) === Math.max(...previous)) {
      report(['coupling_sequences', index], 'repeats the pair just before it');
    }
  });
  if (pairs.length !== needed) report(['coupling_sequences'], `has ${pairs.length} pairs; ${windings} windings need n(n-1)/2 = ${needed}`);
  const reactances = numbers(equipment, 'winding_reactances').length;
  if (reactances !== pairs.length)
    report(['winding_reactances'], `has ${reactances} entries but coupling_sequences has ${pairs.length}; one reactance per pair`);
};

/** WindingEquipment: one tap position per phase, each within ±total_taps/2. */
export const windingTaps: Rule = (winding, { report }) => {
  const taps = numbers(winding, 'tap_positions');
  const numPhases = winding.fields.num_phases as number;
  if (taps.length !== numPhases) report(['tap_positions'], `has ${taps.length} entries but num_phases is ${numPhases}; one per phase`);
  const limit = (winding.fields.total_taps as number) / 2;
  taps.forEach((tap, index) => {
    if (Math.abs(tap) > limit) report(['tap_positions', index], `|${tap}| exceeds total_taps / 2 = ${limit}`);
  });
};
