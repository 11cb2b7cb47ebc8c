import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CURVES,
  LEGACY_DEFAULT_CURVES,
  compileCurveSet,
  compileFragility,
  curveForType,
  damageStateProbabilitiesAt,
  fragilityFor,
  importSimCenterFragility,
  readCurveSet,
  survivalAt,
  validateCurveSet,
} from '../../src/domain/fragility/index.js';
import { notVulnerableNote } from '../../src/domain/fragility/defaultCurves.js';
import { CURVE_CONFIDENCES } from '../../src/domain/fragility/confidence.js';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { close } from '../helpers/assert.js';
import { lognormalSurvival } from '../helpers/independent.js';

const G = 9.80665;
const HAZUS_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/reference/refdata/simcenter/hazus51_power_network_fragility.csv');

/** The published table read with a plain split (the file has no quoted fields): ID -> [[median, β] × 4]. */
function publishedHazusTable(): Map<string, [number, number][]> | null {
  if (!fs.existsSync(HAZUS_CSV)) {
    console.log(`NOTICE: ${HAZUS_CSV} is absent; the HAZUS 5.1 power table is not checked`);
    return null;
  }
  const [header, ...lines] = fs.readFileSync(HAZUS_CSV, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  return new Map(
    lines.map((line) => {
      const cells = line.split(',');
      const states = [1, 2, 3, 4].map((k): [number, number] => [
        Number(cells[columns.indexOf(`LS${k}-Theta_0`)]),
        Number(cells[columns.indexOf(`LS${k}-Theta_1`)]),
      ]);
      return [cells[0], states];
    }),
  );
}

function v2Curve(limitStates: { name: string; median: number; beta: number }[], extra: Record<string, unknown> = {}) {
  return {
    quantity: 'pga',
    units: 'standard_gravity',
    applies_to: 'asset',
    limit_states: limitStates.map(({ name, median, beta }) => ({ name, form: 'lognormal', parameters: { median, beta } })),
    out_of_service: limitStates[limitStates.length - 1].name,
    ...extra,
  };
}

const format = suite('curve set format v2');

format('reads hazard -> asset type -> curves with limit states, repair times and a source', () => {
  const set = readCurveSet({
    format_version: 2,
    name: 'quake',
    curves: {
      earthquake: {
        substation: v2Curve(
          [
            { name: 'slight', median: 0.13, beta: 0.65 },
            { name: 'complete', median: 0.74, beta: 0.4 },
          ],
          { repair_time: { complete: { distribution: 'normal', mean_hours: 720, sd_hours: 360 } }, source: 'HAZUS 5.1' },
        ),
      },
      wind: {
        distribution_poles: [
          {
            quantity: 'wind_speed',
            units: 'mile / hour',
            applies_to: 'pole',
            averaging_time_s: 3,
            height_m: 10,
            limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: 139, beta: 0.15 } }],
            out_of_service: 'failure',
          },
        ],
        distribution_underground_cables: [],
      },
    },
  });
  assert.is(set.curves.earthquake.substation![0].limit_states.length, 2);
  const compiled = compileCurveSet(set, 'quake');
  // Out of service from "complete": survival 0.5 at 0.74 g.
  close(survivalAt(curveForType(compiled, 'substation', 'pga'), 0.74 * G), 0.5, 1e-12);
  // Pole: 139 mph = 62.13856 m/s.
  close(survivalAt(curveForType(compiled, 'distribution_poles', 'wind_speed'), 139 * 0.44704), 0.5, 1e-12);
  assert.ok(compiled.notVulnerable.some((pair) => pair.asset_type === 'distribution_underground_cables' && pair.hazard === 'wind'));
  assert.equal(fragilityFor(compiled, ASSET_TYPES.indexOf('substation'), 'pga')!.repair, [null, { distribution: 'normal', mean_hours: 720, sd_hours: 360 }]);
});

format('reads a confidence token; refuses an unknown one and repair_time_confidence without repair times, with their paths', () => {
  const set = readCurveSet({
    format_version: 2,
    curves: { earthquake: { substation: v2Curve([{ name: 'complete', median: 0.74, beta: 0.4 }], { confidence: 'secondary' }) } },
  });
  assert.is(set.curves.earthquake.substation![0].confidence, 'secondary');
  const issues = validateCurveSet({
    format_version: 2,
    curves: {
      earthquake: {
        substation: v2Curve([{ name: 'complete', median: 0.74, beta: 0.4 }], { confidence: 'certain' }),
        switch: v2Curve([{ name: 'complete', median: 0.74, beta: 0.4 }], { repair_time_confidence: 'primary' }),
      },
    },
  });
  assert.equal(
    issues.map((issue) => issue.path),
    ['curves.earthquake.substation.confidence', 'curves.earthquake.switch.repair_time_confidence'],
  );
  assert.match(
    issues[0].message,
    /confidence must be one of primary, code-transcription, secondary, not-verified, not-found, judgement, not-stated, got "certain"/,
  );
  assert.match(issues[1].message, /repair_time_confidence applies to curves with repair_time only/);
});

format('refuses crossing or unordered limit states, naming the limit state', () => {
  const issues = validateCurveSet({
    format_version: 2,
    curves: {
      earthquake: {
        switch: v2Curve([
          { name: 'moderate', median: 0.5, beta: 0.4 },
          { name: 'slight', median: 0.3, beta: 0.4 },
        ]),
      },
    },
  });
  assert.equal(
    issues.map((issue) => issue.path),
    ['curves.earthquake.switch.limit_states[1]'],
  );
  assert.match(issues[0].message, /limit state "slight" is more likely than the less severe "moderate" at .* standard_gravity .*must be ordered/);
});

format('refuses a curve of more than 32 limit states, naming the list', () => {
  const states = Array.from({ length: 33 }, (_, k) => ({ name: `state_${k}`, median: 0.1 * (k + 1), beta: 0.4 }));
  const issues = validateCurveSet({ format_version: 2, curves: { earthquake: { switch: v2Curve(states) } } });
  assert.ok(
    issues.some((issue) => issue.path === 'curves.earthquake.switch.limit_states' && /at most 32 limit states/.test(issue.message)),
    JSON.stringify(issues),
  );
  assert.equal(validateCurveSet({ format_version: 2, curves: { earthquake: { switch: v2Curve(states.slice(0, 32)) } } }), []);
});

format('names every other problem with its path: units, probabilities, repair times, out-of-service and hazard/quantity mismatches', () => {
  const issues = validateCurveSet({
    format_version: 2,
    curves: {
      earthquake: {
        switch: v2Curve([{ name: 'failure', median: 0.5, beta: 0.4 }], { units: 'meter' }),
        substation: v2Curve([{ name: 'failure', median: 0.5, beta: 0.4 }], {
          repair_time: { failure: { distribution: 'normal', mean_hours: -1, sd_hours: 2 } },
        }),
        solar_panels: v2Curve([{ name: 'failure', median: 0.5, beta: 0.4 }], { out_of_service: 'complete' }),
        battery_storage: v2Curve([{ name: 'failure', median: 0.5, beta: 0.4 }], { quantity: 'wind_speed' }),
        transformer_pad_mount: v2Curve([{ name: 'failure', median: 0.5, beta: 0.4 }], { averaging_time_s: 3 }),
      },
      fire: {
        switch: {
          quantity: 'fire_boundary_distance',
          units: 'kilometer',
          applies_to: 'asset',
          limit_states: [{ name: 'failure', form: 'exponential_decay', parameters: { max_probability: 1.5, length: 0.1, probability_inside: 2 } }],
          out_of_service: 'failure',
        },
      },
      tornado: {},
    },
  });
  assert.equal(
    issues.map((issue) => issue.path),
    [
      'curves.earthquake.switch.units',
      'curves.earthquake.substation.repair_time.failure.mean_hours',
      'curves.earthquake.solar_panels.out_of_service',
      'curves.earthquake.battery_storage.quantity',
      'curves.earthquake.transformer_pad_mount.averaging_time_s',
      'curves.fire.switch.limit_states[0].parameters.max_probability',
      'curves.fire.switch.limit_states[0].parameters.probability_inside',
      'curves.tornado',
    ],
  );
  assert.match(issues[0].message, /"meter" is not a unit of acceleration/);
  assert.match(issues[1].message, /mean_hours must be greater than 0, got -1/);
  assert.match(issues[3].message, /wind_speed is produced by wind, not earthquake/);
  assert.match(issues[6].message, /probability_inside must be in \[0, 1\], got 2/);
});

format.run();

const v1 = suite('version 1 sets');

v1('still load, converted with a note, and give the numbers they gave before (own curves and LEGACY_DEFAULT_CURVES for the rest)', () => {
  const set = readCurveSet({ curves: { wind_speed: { distribution_poles: { distribution: 'lognormal', median: '130 mile / hour', beta: 0.35 } } } });
  assert.is(set.format_version, 2);
  assert.is(set.fallback, 'LEGACY_DEFAULT_CURVES');
  assert.match(set.notes![0], /converted from a version 1 curve set/);
  const compiled = compileCurveSet(set, 'old');
  // Own curve: 1 − Φ(ln(x/median)/β), by an independent normal CDF (Marsaglia).
  const x = 50;
  close(survivalAt(curveForType(compiled, 'distribution_poles', 'wind_speed'), x), lognormalSurvival(x, 130 * 0.44704, 0.35), 1e-12);
  // The rest as the earlier DEFAULT_CURVES table: switch wind median 50 m/s β 0.45; substation PGA 0.40 g β 0.50.
  close(survivalAt(curveForType(compiled, 'switch', 'wind_speed'), 60), lognormalSurvival(60, 50, 0.45), 1e-12);
  close(survivalAt(curveForType(compiled, 'substation', 'pga'), 0.5 * G), lognormalSurvival(0.5 * G, 0.4 * G, 0.5), 1e-12);
  assert.is(compiled.entries.find((entry) => entry.asset_type === 'switch' && entry.quantity === 'wind_speed')!.curve_set, 'LEGACY_DEFAULT_CURVES');
});

v1.run();

const defaults = suite('DEFAULT_CURVES (cited)');

defaults('is a valid set; every curve carries a source; every asset type is covered for every hazard', () => {
  assert.equal(validateCurveSet(JSON.parse(JSON.stringify(DEFAULT_CURVES))), []);
  for (const [hazard, byType] of Object.entries(DEFAULT_CURVES.curves)) {
    assert.equal(Object.keys(byType).sort(), [...ASSET_TYPES].sort(), hazard);
    for (const [type, curves] of Object.entries(byType)) for (const curve of curves!) assert.ok(curve.source && curve.source.length > 20, `${hazard}/${type}`);
  }
  assert.equal(Object.keys(DEFAULT_CURVES.curves).sort(), ['earthquake', 'fire', 'flood', 'wind']);
});

defaults('earthquake curves are HAZUS 5.1 EP.S.L.U (substation) and EP.C.U (distribution circuit), as published', () => {
  const table = publishedHazusTable();
  if (!table) return;
  const limitStates = (type: (typeof ASSET_TYPES)[number]) =>
    DEFAULT_CURVES.curves.earthquake[type]![0].limit_states.map((state) => {
      const p = state.parameters as { median: number; beta: number };
      return [p.median, p.beta];
    });
  assert.equal(limitStates('substation'), table.get('EP.S.L.U'));
  assert.equal(limitStates('distribution_poles'), table.get('EP.C.U'));
  // Out of service from extensive: at the EP.S.L.U extensive median 0.34 g the substation survives with 0.5.
  close(survivalAt(curveForType(compileCurveSet(DEFAULT_CURVES), 'substation', 'pga'), 0.34 * G), 0.5, 1e-12);
});

defaults('wood poles in wind: Darestani & Shafieezadeh (2019) class 4 at 90°, 4 m², 25 years, on a 3-s gust at 10 m', () => {
  // μ and σ worked by hand from the class 4 coefficients (Tables 14-20) at θ = 90, A = 4, a = 25:
  // μ = 5.930 − 0.01091·90 − 0.0642·4 + 0.006387·25 + 7.453e-5·8100 − 0.001521·360 + 0.007169·16 − 1.352e-4·625 = 4.93730
  // σ = 0.1568 − 0.00199·25 + 6.428e-5·625 = 0.147225
  const curve = DEFAULT_CURVES.curves.wind.distribution_poles![0];
  assert.is(curve.averaging_time_s, 3);
  assert.is(curve.height_m, 10);
  assert.is(curve.applies_to, 'pole');
  const p = curve.limit_states[0].parameters as { median: number; beta: number };
  close(Math.log(p.median), 5.93 - 0.9819 - 0.2568 + 0.159675 + 0.603693 - 0.54756 + 0.114704 - 0.0845, 1e-9);
  close(p.beta, 0.147225, 1e-12);
});

defaults('fire: wood pole fails far more often inside a fire than a steel tower, which fails more than buried cable', () => {
  const compiled = compileCurveSet(DEFAULT_CURVES);
  const inside = (type: (typeof ASSET_TYPES)[number]) => 1 - survivalAt(curveForType(compiled, type, 'fire_boundary_distance'), 0);
  assert.ok(inside('distribution_poles') > 4 * inside('transmission_tower'));
  assert.ok(inside('transmission_tower') > 4 * inside('distribution_underground_cables'));
});

defaults('every curve has a confidence token and a dated source; judgement says it is judgement; every empty list has a note', () => {
  const published = /\(\d{4}\)/;
  const byConfidence = new Map<string, string[]>();
  for (const [hazard, byType] of Object.entries(DEFAULT_CURVES.curves)) {
    for (const [type, curves] of Object.entries(byType)) {
      if (curves!.length === 0) {
        const note = notVulnerableNote(hazard, type);
        assert.ok(
          note && (CURVE_CONFIDENCES as readonly string[]).includes(note.confidence) && note.source.length > 20,
          `${hazard}/${type}: says why it does not fail`,
        );
      }
      for (const curve of curves!) {
        assert.ok((CURVE_CONFIDENCES as readonly string[]).includes(curve.confidence ?? ''), `${hazard}/${type}: a confidence token`);
        assert.match(curve.source!, published, `${hazard}/${type}: cites a dated publication`);
        if (curve.confidence === 'judgement') assert.match(curve.source!, /[Ee]ngineering judgement/, `${hazard}/${type}: says it is judgement`);
        const key = `${hazard} ${curve.confidence}`;
        byConfidence.set(key, [...(byConfidence.get(key) ?? []), `${type}:${curve.quantity}`]);
      }
    }
  }
  // Earthquake: HAZUS 5.1 throughout, used as a proxy (judgement) for the classes HAZUS does not have.
  assert.equal(byConfidence.get('earthquake judgement')!.sort(), [
    'battery_storage:pga',
    'solar_panels:pga',
    'transmission_junction_box:pga',
    'transmission_overhead_lines:pga',
    'transmission_tower:pga',
    'transmission_underground_cables:pga',
  ]);
  assert.is(byConfidence.get('earthquake code-transcription')!.length, 8);
  // Wind: published curves read in transcriptions; pole equipment, pad-mounts and storage by judgement.
  assert.equal(byConfidence.get('wind code-transcription')!.sort(), [
    'distribution_overhead_lines:wind_speed',
    'distribution_poles:wind_speed',
    'solar_panels:wind_speed',
    'substation:wind_speed',
    'transmission_tower:wind_speed',
  ]);
  assert.equal(byConfidence.get('wind judgement')!.sort(), [
    'battery_storage:wind_speed',
    'switch:wind_speed',
    'transformer_pad_mount:wind_speed',
    'transformer_pole_mount:wind_speed',
  ]);
  // Flood: the substation's functional depth is primary; the rest judgement. Fire: judgement throughout.
  assert.equal(byConfidence.get('flood primary'), ['substation:flood_depth']);
  assert.equal([...byConfidence.keys()].filter((key) => /^(flood|fire) /.test(key)).sort(), ['fire judgement', 'flood judgement', 'flood primary']);
  // Every curve's repair times say how far they were verified.
  for (const curve of Object.values(DEFAULT_CURVES.curves.earthquake).flat()) assert.is(curve!.repair_time_confidence, 'not-verified');
});

defaults('LEGACY_DEFAULT_CURVES keeps the earlier table (distribution poles: wind 45 m/s β 0.40)', () => {
  close(survivalAt(curveForType(compileCurveSet(LEGACY_DEFAULT_CURVES), 'distribution_poles', 'wind_speed'), 45), 0.5, 1e-12);
});

defaults.run();

const simcenter = suite('SimCenter DLML import');

simcenter('imports the HAZUS 5.1 power table: 12 classes × 4 limit states evaluate to the published medians and betas exactly', () => {
  const table = publishedHazusTable();
  if (!table) return;
  const ids = [...table.keys()];
  assert.is(ids.length, 12);
  const types = ASSET_TYPES.slice(0, 12);
  const text = fs.readFileSync(HAZUS_CSV, 'utf8');
  const set = importSimCenterFragility(text, { fileName: 'fragility.csv', map: Object.fromEntries(types.map((type, i) => [type, ids[i]])), name: 'hazus' });
  types.forEach((type, i) => {
    const curve = set.curves.earthquake[type]![0];
    assert.is(curve.quantity, 'pga');
    assert.is(curve.out_of_service, 'LS4');
    assert.match(curve.source!, new RegExp(`ID ${ids[i].replace(/\./g, '\\.')}`));
    const fragility = compileFragility(curve, 'earthquake', 'acceleration');
    table.get(ids[i])!.forEach(([median, beta], k) => {
      // At the median P = 0.5; at median·e^β, Φ(1) = 0.841344746068543.
      close(1 - survivalAt(fragility.limitStates[k], median * G), 0.5, 1e-15, `${ids[i]} LS${k + 1} at the median`);
      close(1 - survivalAt(fragility.limitStates[k], median * Math.exp(beta) * G), 0.841344746068543, 1e-12, `${ids[i]} LS${k + 1} at median·e^β`);
      assert.equal(curve.limit_states[k].parameters, { median, beta });
    });
  });
});

simcenter('names a missing ID, an unknown demand and an unsupported family with row and column', () => {
  const csv = [
    'ID,Incomplete,Demand-Type,Demand-Unit,Demand-Offset,Demand-Directional,LS1-Family,LS1-Theta_0,LS1-Theta_1,LS1-DamageStateWeights',
    'A,0,Peak Interstory Drift Ratio,unitless,0,1,lognormal,0.02,0.4,',
    'B,0,Peak Ground Acceleration,g,0,0,normal,0.3,0.4,',
  ].join('\n');
  try {
    importSimCenterFragility(csv, { fileName: 'f.csv', map: { substation: 'A', switch: 'B', solar_panels: 'Z' } });
    assert.unreachable('should throw');
  } catch (error) {
    const issues = (error as { issues: { path: string; message: string }[] }).issues;
    assert.equal(
      issues.map((issue) => issue.path),
      ['f.csv row A.Demand-Type', 'f.csv row B.LS1-Family', 'map.solar_panels'],
    );
  }
});

simcenter.run();

const damage = suite('damage-state probabilities');

damage('sum to 1 and are non-negative at every intensity, for every DEFAULT_CURVES curve', () => {
  const compiled = compileCurveSet(DEFAULT_CURVES);
  const out = new Float64Array(8);
  for (const fragility of compiled.fragilities) {
    if (!fragility) continue;
    for (const x of [0, 0.01, 0.5, 1, 3, 10, 30, 60, 100, 1000, 1e5]) {
      damageStateProbabilitiesAt(fragility, x, out);
      const states = Array.from(out.subarray(0, fragility.limitStates.length + 1));
      close(
        states.reduce((sum, p) => sum + p, 0),
        1,
        1e-12,
      );
      assert.ok(
        states.every((p) => p >= 0),
        String(states),
      );
    }
  }
});

damage('follow the limit states: P(DS_k) = P(LS_k) − P(LS_k+1) (HAZUS EP.S.L.U at 0.3 g)', () => {
  const fragility = fragilityFor(compileCurveSet(DEFAULT_CURVES), ASSET_TYPES.indexOf('substation'), 'pga')!;
  const exceed = [
    [0.13, 0.65],
    [0.26, 0.5],
    [0.34, 0.4],
    [0.74, 0.4],
  ].map(([median, beta]) => 1 - lognormalSurvival(0.3, median, beta));
  const out = new Float64Array(5);
  damageStateProbabilitiesAt(fragility, 0.3 * G, out);
  const expected = [1 - exceed[0], exceed[0] - exceed[1], exceed[1] - exceed[2], exceed[2] - exceed[3], exceed[3]];
  expected.forEach((p, k) => close(out[k], p, 1e-12, `DS${k}`));
});

damage.run();
