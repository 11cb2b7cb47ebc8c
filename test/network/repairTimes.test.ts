import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { DEFAULT_CURVES } from '../../src/domain/fragility/index.js';
import { DEFAULT_REPAIR_TIMES, REPAIR_TIMES_BY_HAZARD, defaultRepairTime } from '../../src/domain/network/index.js';

// Repair times against the published HAZUS restoration functions. The reference data
// (../shared/reference/refdata) has no restoration table, so the numbers are copied by hand from
// FEMA, HAZUS-MH MR4 Earthquake Model Technical Manual (2003), chapter 8 (utility systems),
// the table "Continuous Restoration Functions for Electric Power Systems (after ATC-13, 1985)"
// (its table number was not checked against a copy of the manual),
// carried unchanged into the Hazus 5.1 Earthquake Model Technical Manual (FEMA, 2022), section 8.5:
// normal distributions, mean and standard deviation in days.
const HAZUS_RESTORATION_DAYS = {
  substation: { slight: [1, 0.5], moderate: [3, 1.5], extensive: [7, 3.5], complete: [30, 15] },
  distribution_circuit: { slight: [0.3, 0.2], moderate: [1, 0.5], extensive: [3, 1.5], complete: [7, 3] },
} as const;

const hours = ([mean, sd]: readonly [number, number]) => [mean * 24, sd * 24];
const close = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]) < 1e-9);

test("the impact analysis's defaults are HAZUS extensive damage: substations 7 ± 3.5 days, everything else a distribution circuit's 3 ± 1.5", () => {
  for (const type of ASSET_TYPES) {
    const expected = hours(HAZUS_RESTORATION_DAYS[type === 'substation' ? 'substation' : 'distribution_circuit'].extensive);
    const actual = DEFAULT_REPAIR_TIMES[type];
    assert.ok(close([actual.mean_hours, actual.sd_hours], expected), `${type}: ${actual.mean_hours} ± ${actual.sd_hours} h, HAZUS ${expected.join(' ± ')} h`);
    assert.match(actual.source, /Hazus/);
  }
});

test('the earthquake curves of DEFAULT_CURVES carry the HAZUS restoration functions of every damage state', () => {
  for (const type of ASSET_TYPES) {
    const [curve] = DEFAULT_CURVES.curves.earthquake[type] ?? [];
    assert.ok(curve?.repair_time, `${type} has repair times`);
    const table = HAZUS_RESTORATION_DAYS[type === 'substation' ? 'substation' : 'distribution_circuit'];
    for (const [state, published] of Object.entries(table)) {
      const repair = curve.repair_time[state];
      assert.ok(
        repair && close([repair.mean_hours, repair.sd_hours], hours(published)),
        `${type} ${state}: ${JSON.stringify(repair)}, HAZUS ${published.join(' ± ')} days`,
      );
    }
  }
});

test('wind, flood and fire have their own repair times, labelled judgement because no published restoration function was found; earthquake stays Hazus, not verified', () => {
  // shared/reference/fragility-sources/README.md §4: HAZUS EQ restoration (power) "not-verified"; hurricane and flood restoration for electric power "not-found".
  assert.equal(
    [REPAIR_TIMES_BY_HAZARD.earthquake.circuit.confidence, REPAIR_TIMES_BY_HAZARD.earthquake.substation.confidence],
    ['not-verified', 'not-verified'],
  );
  for (const hazard of ['wind', 'flood', 'fire'] as const) {
    for (const row of [REPAIR_TIMES_BY_HAZARD[hazard].circuit, REPAIR_TIMES_BY_HAZARD[hazard].substation]) {
      assert.is(row.confidence, 'judgement');
      assert.match(row.source, /judgement/);
      assert.match(row.source, /no published restoration function/);
      assert.ok(row.mean_hours > 0 && row.sd_hours > 0);
    }
  }
});

test('a failure takes the repair time of the hazards at its site, the longest mean of them; the earthquake row when none is known', () => {
  assert.is(defaultRepairTime('distribution_poles', ['wind']), REPAIR_TIMES_BY_HAZARD.wind.circuit);
  assert.is(defaultRepairTime('substation', ['wind', 'flood']), REPAIR_TIMES_BY_HAZARD.flood.substation);
  assert.is(defaultRepairTime('distribution_poles', []), REPAIR_TIMES_BY_HAZARD.earthquake.circuit);
  assert.is(defaultRepairTime(null, ['fire']), REPAIR_TIMES_BY_HAZARD.fire.circuit);
});

test.run();
