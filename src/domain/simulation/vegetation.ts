/**
 * The trees beside a run's overhead lines (docs/vegetation.md): the `vegetation` of a run
 * request, either "default" (one documented stand beside every distribution overhead line) or a
 * profile naming lines by uuid or name. Without it a run has no trees and no tree-fall failures.
 */
import * as v from 'valibot';
import { issuesFromValibot } from '../../base/validation.js';
import { HOU_2023_TREE_FAILURE } from '../fragility/treeFailureHou2023.js';
import type { AssetTable, AssetType } from '../assets/types.js';
import type { TreeStand } from './treeFall.js';

/** The overhead line types whose spans trees can strike. */
export const TREE_FALL_LINE_TYPES: readonly AssetType[] = ['distribution_overhead_lines', 'transmission_overhead_lines'];

/**
 * A line's geometry when the profile does not give it (hazsim's judgement, docs/vegetation.md):
 * distribution: stems 3 m from the conductor (a trimming clearance of about 10 ft), conductor
 * 9 m up (a 40 ft pole less its setting depth and the crossarm drop); transmission: the 100-199 kV
 * class of the gridsight transcription, 15 m right-of-way half-width and 12 m conductor.
 */
export const LINE_GEOMETRY_DEFAULTS: Readonly<Record<string, { clearance_m: number; conductor_height_m: number }>> = {
  distribution_overhead_lines: { clearance_m: 3, conductor_height_m: 9 },
  transmission_overhead_lines: { clearance_m: 15, conductor_height_m: 12 },
};

/**
 * `vegetation: "default"`: beside every distribution overhead line, 10 hazard trees per hectare
 * (judgement, docs/vegetation.md: the gridsight transcription's 300 trees/ha under full canopy,
 * times a canopy share of one third, times its Helene-calibrated share of 0.11 of trees that
 * remain a hazard beside a managed line: 11, rounded) of heights uniform over the source's
 * 8-28 m (Hou & Muraleetharan 2023, Table 1), at the distribution geometry above. Transmission
 * lines keep no trees by default: their rights-of-way are cleared and managed (NERC FAC-003);
 * a profile can still give them a stand.
 */
export const DEFAULT_VEGETATION_STAND = {
  trees_per_hectare: 10,
  tree_height_min_m: HOU_2023_TREE_FAILURE.heightRangeM[0],
  tree_height_max_m: HOU_2023_TREE_FAILURE.heightRangeM[1],
  ...LINE_GEOMETRY_DEFAULTS.distribution_overhead_lines,
} as const;

const bounded = (field: string, min: number, max: number, exclusiveMin = false) =>
  v.pipe(
    v.number(`${field} must be a number`),
    exclusiveMin ? v.gtValue(min, `${field} must be greater than ${min}`) : v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );

/** The fields of one stand: density, height range and (optionally) the line's geometry. */
const STAND_ENTRIES = {
  trees_per_hectare: v.pipe(bounded('trees_per_hectare', 0, 10_000), v.description('trees per hectare beside the line, beyond the cleared distance (0: none)')),
  tree_height_min_m: v.pipe(bounded('tree_height_min_m', 0, 120, true), v.description('tree heights are uniform from this, metres')),
  tree_height_max_m: v.pipe(bounded('tree_height_max_m', 0, 120, true), v.description('to this, metres (equal to the minimum: one height)')),
  clearance_m: v.pipe(
    v.optional(bounded('clearance_m', 0, 500)),
    v.description('horizontal distance from the conductor to the nearest stems, metres (default: 3 distribution, 15 transmission)'),
  ),
  conductor_height_m: v.pipe(
    v.optional(bounded('conductor_height_m', 0, 200, true)),
    v.description('conductor height above ground, metres (default: 9 distribution, 12 transmission)'),
  ),
};

const HEIGHTS_MESSAGE = 'tree_height_max_m must be at least tree_height_min_m';

/** One stand of trees (the profile's `other_overhead_lines`). */
export const TreeStandInput = v.pipe(
  v.strictObject(STAND_ENTRIES, 'a stand must be an object {trees_per_hectare, tree_height_min_m, tree_height_max_m, clearance_m?, conductor_height_m?}'),
  v.forward(
    v.check((input) => input.tree_height_max_m >= input.tree_height_min_m, HEIGHTS_MESSAGE),
    ['tree_height_max_m'],
  ),
);

/** One line of a profile: its uuid or name and its stand. */
export const VegetationLine = v.pipe(
  v.strictObject(
    { line: v.pipe(v.string('line must be a string'), v.trim(), v.nonEmpty('line must name an overhead line (uuid or name)')), ...STAND_ENTRIES },
    'each entry of lines must be an object {line, trees_per_hectare, tree_height_min_m, tree_height_max_m, clearance_m?, conductor_height_m?}',
  ),
  v.forward(
    v.check((input) => input.tree_height_max_m >= input.tree_height_min_m, HEIGHTS_MESSAGE),
    ['tree_height_max_m'],
  ),
);

/** The first line named twice in a profile's lines, with the places of both; null when none is. */
function repeatedLine(lines: readonly { line: string }[]): { line: string; first: number; again: number } | null {
  const first = new Map<string, number>();
  for (let index = 0; index < lines.length; index += 1) {
    const earlier = first.get(lines[index].line);
    if (earlier !== undefined) return { line: lines[index].line, first: earlier, again: index };
    first.set(lines[index].line, index);
  }
  return null;
}

/** A vegetation profile: stands per line, and optionally one stand for every other overhead line. */
export const VegetationProfile = v.strictObject(
  {
    name: v.pipe(
      v.optional(v.string('name must be a string')),
      v.description('where the profile came from (the CLI puts its file name); recorded in run_info'),
    ),
    lines: v.pipe(
      v.optional(v.array(VegetationLine, 'lines must be an array'), []),
      v.check(
        (lines) => repeatedLine(lines) === null,
        (issue) => {
          const repeated = repeatedLine(issue.input as { line: string }[])!;
          return `lines[${repeated.again}] names ${JSON.stringify(repeated.line)} again (also lines[${repeated.first}])`;
        },
      ),
      v.description('one stand per overhead line, by its uuid or name'),
    ),
    other_overhead_lines: v.pipe(v.optional(TreeStandInput), v.description('the stand beside every overhead line not listed (default: no trees)')),
  },
  'vegetation must be "default" or a profile {name?, lines: [...], other_overhead_lines?} (docs/vegetation.md)',
);
export type VegetationProfile = v.InferOutput<typeof VegetationProfile>;

const CHOICE_MESSAGE = 'vegetation must be "default" or a profile {name?, lines: [...], other_overhead_lines?} (docs/vegetation.md)';

/**
 * A union reports only its own issue; for an object the profile's issues (with their paths) are
 * what the user needs, so the message carries them ("vegetation.lines[0].trees_per_hectare: ...").
 */
function choiceMessage(issue: v.UnionIssue<v.BaseIssue<unknown>>): string {
  if (typeof issue.input !== 'object' || issue.input === null) return CHOICE_MESSAGE;
  const nested = (issue.issues ?? []).filter((sub) => sub.type !== 'literal');
  if (nested.length === 0) return CHOICE_MESSAGE;
  return issuesFromValibot(nested, ['vegetation'])
    .map((sub) => `${sub.path}: ${sub.message}`)
    .join('; ');
}

/** The `vegetation` of a run request: "default" or a profile (docs/vegetation.md). */
export const VegetationChoice = v.union([v.literal('default'), VegetationProfile], choiceMessage);
export type VegetationChoice = v.InferOutput<typeof VegetationChoice>;

type StandFields = v.InferOutput<typeof TreeStandInput>;

function standOf(fields: StandFields, assetType: AssetType): TreeStand | null {
  if (fields.trees_per_hectare === 0) return null;
  const geometry = LINE_GEOMETRY_DEFAULTS[assetType];
  return {
    treesPerHectare: fields.trees_per_hectare,
    heightMinM: fields.tree_height_min_m,
    heightMaxM: fields.tree_height_max_m,
    clearanceM: fields.clearance_m ?? geometry.clearance_m,
    conductorHeightM: fields.conductor_height_m ?? geometry.conductor_height_m,
  };
}

/**
 * Per asset, the stand beside it (null: no trees). A profile's row names an asset by uuid,
 * else by name; rows naming no asset of this table are left to checkVegetationLines (a run in
 * parts resolves each part's assets). One stand object per row and type, so callers can
 * prepare each once.
 */
export function vegetationStands(assets: Pick<AssetTable, 'count' | 'uuid' | 'name' | 'assetType'>, choice: VegetationChoice): (TreeStand | null)[] {
  const stands: (TreeStand | null)[] = new Array(assets.count).fill(null);
  const shared = new Map<object, Map<AssetType, TreeStand | null>>();
  const once = (fields: StandFields, assetType: AssetType) => {
    let byType = shared.get(fields);
    if (!byType) shared.set(fields, (byType = new Map()));
    if (!byType.has(assetType)) byType.set(assetType, standOf(fields, assetType));
    return byType.get(assetType)!;
  };
  const byLine = new Map<string, StandFields>(choice === 'default' ? [] : choice.lines.map((row) => [row.line, row]));
  for (let a = 0; a < assets.count; a += 1) {
    const type = assets.assetType[a];
    if (!TREE_FALL_LINE_TYPES.includes(type)) continue;
    if (choice === 'default') {
      if (type === 'distribution_overhead_lines') stands[a] = once(DEFAULT_VEGETATION_STAND, type);
      continue;
    }
    const fields = byLine.get(assets.uuid[a]) ?? byLine.get(assets.name[a]) ?? choice.other_overhead_lines;
    if (fields) stands[a] = once(fields, type);
  }
  return stands;
}

/**
 * The rows of a profile that name no overhead line of the model, as issues (path
 * `vegetation.lines[i].line`): a misspelt name would otherwise leave its line without trees.
 */
export function checkVegetationLines(
  assets: Pick<AssetTable, 'count' | 'uuid' | 'name' | 'assetType'>,
  choice: VegetationChoice,
): { path: string; message: string }[] {
  if (choice === 'default') return [];
  const typeOf = new Map<string, AssetType>();
  for (let a = 0; a < assets.count; a += 1) {
    typeOf.set(assets.uuid[a], assets.assetType[a]);
    if (!typeOf.has(assets.name[a]) || TREE_FALL_LINE_TYPES.includes(assets.assetType[a])) typeOf.set(assets.name[a], assets.assetType[a]);
  }
  return choice.lines.flatMap((row, index) => {
    const type = typeOf.get(row.line);
    if (type && TREE_FALL_LINE_TYPES.includes(type)) return [];
    return [
      {
        path: `vegetation.lines[${index}].line`,
        message: type
          ? `${JSON.stringify(row.line)} is a ${type}, not an overhead line: trees strike only overhead spans`
          : `no asset of the distribution model has the uuid or name ${JSON.stringify(row.line)}`,
      },
    ];
  });
}
