import { ASSET_TYPES, isAssetType, type AssetType } from '../assets/types.js';
import { readCsvRecords } from '../../base/csv.js';
import { NOT_A_DECIMAL, parseDecimal } from '../../base/decimal.js';
import { HazsimError, type Issue } from '../../base/errors.js';
import { invalidContent } from '../../base/readableIssues.js';
import { unitFactor } from '../hazards/_units.js';
import { quantityDefinition } from '../hazards/quantities.js';
import { checkCurveSetV2 } from './curveSetV2.js';
import type { CurveSet, FragilityCurveSpec } from './types.js';

/**
 * Import of the pelicun / SimCenter Damage and Loss Model Library fragility CSV layout
 * (docs/fragility.md, "Importing SimCenter fragility tables"): one row per component class,
 * columns ID, Incomplete, Demand-Type, Demand-Unit, Demand-Offset, Demand-Directional and per
 * limit state k LSk-Family, LSk-Theta_0, LSk-Theta_1, LSk-DamageStateWeights. Lognormal
 * limit states (Theta_0 = median, Theta_1 = β) are read exactly as written.
 */

/** DLML demand types hazsim measures, with what a wind curve declares about its speed. */
const DEMAND_TYPES: Readonly<Record<string, { quantity: string; wind?: { averaging_time_s: number; height_m: number } }>> = {
  'Peak Ground Acceleration': { quantity: 'pga' },
  'Peak Ground Velocity': { quantity: 'pgv' },
  'Peak Gust Wind Speed': { quantity: 'wind_speed', wind: { averaging_time_s: 3, height_m: 10 } },
  'Peak Inundation Height': { quantity: 'flood_depth' },
};

/** DLML unit names as hazsim (pint) units. */
const DEMAND_UNITS: Readonly<Record<string, string>> = {
  g: 'standard_gravity',
  mps2: 'meter / second ** 2',
  inps2: 'inch / second ** 2',
  ftps2: 'foot / second ** 2',
  mps: 'meter / second',
  cmps: 'centimeter / second',
  inps: 'inch / second',
  ftps: 'foot / second',
  mph: 'mile / hour',
  kph: 'kilometer / hour',
  m: 'meter',
  cm: 'centimeter',
  mm: 'millimeter',
  ft: 'foot',
  inch: 'inch',
  in: 'inch',
};

/** `substation=EP.S.L.U,distribution_poles=EP.C.U` as asset type -> row ID; usage error when malformed. */
export function parseImportMap(text: string): Partial<Record<AssetType, string>> {
  const map: Partial<Record<AssetType, string>> = {};
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [assetType, id, ...rest] = pair.split('=').map((part) => part.trim());
    if (!assetType || !id || rest.length > 0) throw new HazsimError('usage', `--map: expected <asset type>=<ID>[,...], got ${JSON.stringify(pair)}`);
    if (!isAssetType(assetType))
      throw new HazsimError('usage', `--map: unknown asset type ${JSON.stringify(assetType)}; expected one of ${ASSET_TYPES.join(', ')}`);
    map[assetType] = id;
  }
  if (Object.keys(map).length === 0) throw new HazsimError('usage', '--map: give at least one <asset type>=<ID>');
  return map;
}

export interface SimCenterImport {
  /** The CSV's file name, for the sources and error paths. */
  fileName: string;
  /** Asset type -> the row ID whose curve it takes. */
  map: Partial<Record<AssetType, string>>;
  name?: string;
  description?: string;
  /** The limit state (LS1, LS2, ...) from which an asset is out of service; default: the highest. */
  outOfService?: string;
}

/** Reads the CSV text into a checked version 2 curve set; every problem named with its row and column. */
export function importSimCenterFragility(text: string, request: SimCenterImport): CurveSet {
  const [header, ...rows] = readCsvRecords(text).map((record) => record.cells);
  const issues: Issue[] = [];
  if (!header || !['ID', 'Demand-Type', 'Demand-Unit', 'LS1-Family', 'LS1-Theta_0'].every((column) => header.includes(column)))
    throw invalidContent('SimCenter fragility table', [
      {
        path: request.fileName,
        message: 'expected the DLML fragility.csv header (ID, Incomplete, Demand-Type, Demand-Unit, Demand-Offset, LS1-Family, LS1-Theta_0, LS1-Theta_1, ...)',
      },
    ]);
  const column = (name: string) => header.indexOf(name);
  const limitStateCount = header.filter((name) => /^LS\d+-Family$/.test(name)).length;
  const curves: CurveSet['curves'] = {};
  for (const [assetType, id] of Object.entries(request.map) as [AssetType, string][]) {
    const where = `${request.fileName} row ${id}`;
    const row = rows.find((cells) => cells[column('ID')] === id);
    if (!row) {
      issues.push({ path: `map.${assetType}`, message: `${request.fileName} has no row with ID ${JSON.stringify(id)}` });
      continue;
    }
    const cell = (name: string) => (column(name) === -1 ? '' : (row[column(name)] ?? '').trim());
    if (cell('Incomplete') === '1') issues.push({ path: `${where}.Incomplete`, message: 'the row is marked incomplete' });
    const demand = DEMAND_TYPES[cell('Demand-Type')];
    if (!demand) {
      issues.push({
        path: `${where}.Demand-Type`,
        message: `demand type ${JSON.stringify(cell('Demand-Type'))} is not one hazsim measures (${Object.keys(DEMAND_TYPES).join(', ')})`,
      });
      continue;
    }
    const definition = quantityDefinition(demand.quantity);
    const units = DEMAND_UNITS[cell('Demand-Unit')];
    if (!units || unitFactor(units, definition.dimension) === undefined) {
      issues.push({ path: `${where}.Demand-Unit`, message: `unit ${JSON.stringify(cell('Demand-Unit'))} is not a known unit of ${definition.dimension}` });
      continue;
    }
    if (cell('Demand-Offset') !== '' && parseDecimal(cell('Demand-Offset')) !== 0)
      issues.push({ path: `${where}.Demand-Offset`, message: 'a demand offset (story-based demand) does not apply to grid assets; expected 0' });
    const limitStates: FragilityCurveSpec['limit_states'] = [];
    for (let k = 1; k <= limitStateCount; k += 1) {
      const family = cell(`LS${k}-Family`);
      if (family === '') break;
      if (family !== 'lognormal') {
        issues.push({
          path: `${where}.LS${k}-Family`,
          message: `family ${JSON.stringify(family)} is not imported; hazsim reads lognormal limit states (Theta_0 median, Theta_1 beta)`,
        });
        continue;
      }
      if (cell(`LS${k}-DamageStateWeights`) !== '')
        issues.push({ path: `${where}.LS${k}-DamageStateWeights`, message: 'mutually exclusive damage states within a limit state are not imported' });
      const median = parseDecimal(cell(`LS${k}-Theta_0`));
      const beta = parseDecimal(cell(`LS${k}-Theta_1`));
      if (median === undefined || beta === undefined) {
        const [column, text] = median === undefined ? [`LS${k}-Theta_0`, cell(`LS${k}-Theta_0`)] : [`LS${k}-Theta_1`, cell(`LS${k}-Theta_1`)];
        issues.push({ path: `${where}.${column}`, message: `${JSON.stringify(text)} ${NOT_A_DECIMAL}` });
        continue;
      }
      limitStates.push({ name: `LS${k}`, form: 'lognormal', parameters: { median, beta } });
    }
    if (limitStates.length === 0) continue;
    const outOfService = request.outOfService ?? limitStates[limitStates.length - 1].name;
    const curve: FragilityCurveSpec = {
      quantity: demand.quantity,
      units,
      applies_to: 'asset',
      ...(demand.wind ?? {}),
      limit_states: limitStates,
      out_of_service: outOfService,
      source: `Imported from ${request.fileName}, ID ${id} (pelicun / SimCenter Damage and Loss Model Library fragility layout)`,
    };
    (curves[definition.hazard] ??= {})[assetType] = [curve];
  }
  if (issues.length > 0) throw invalidContent('SimCenter fragility table', issues);
  const set = {
    format_version: 2,
    ...(request.name !== undefined ? { name: request.name } : {}),
    description: request.description ?? `Imported from ${request.fileName}`,
    notes: [
      `imported from ${request.fileName} (SimCenter DLML layout): ${Object.entries(request.map)
        .map(([type, id]) => `${type}=${id}`)
        .join(', ')}`,
    ],
    curves,
  };
  const checked = checkCurveSetV2(set);
  if (!checked.curveSet) throw invalidContent('imported curve set', checked.issues);
  return checked.curveSet;
}
