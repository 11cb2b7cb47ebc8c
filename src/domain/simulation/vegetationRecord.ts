import { sha256Hex } from '../../base/sha256.js';
import { HOU_2023_TREE_FAILURE } from '../fragility/treeFailureHou2023.js';
import type { SurvivalComputation } from './survival.js';
import type { SurvivalSummary } from './summary.js';
import { TREE_GUST_MEASURE } from './treeFallSurvival.js';
import { DEFAULT_VEGETATION_STAND, LINE_GEOMETRY_DEFAULTS, type VegetationChoice } from './vegetation.js';

/**
 * run_info.vegetation of a run with trees (docs/vegetation.md): the model and its source, the
 * inputs (the default stand in full; a profile by name, sha256 of its JSON and size), the gust
 * the trees were judged at, and what was counted.
 */
export function vegetationRecord(
  choice: VegetationChoice,
  treeFall: SurvivalComputation['treeFall'],
  totals: SurvivalSummary['tree_fall'],
): Record<string, unknown> {
  const inputs =
    choice === 'default'
      ? { profile: 'default', distribution_overhead_lines: DEFAULT_VEGETATION_STAND }
      : {
          profile: choice.name ?? 'request',
          sha256: sha256Hex(JSON.stringify(choice)),
          lines_listed: choice.lines.length,
          ...(choice.other_overhead_lines ? { other_overhead_lines: choice.other_overhead_lines } : {}),
          geometry_defaults: LINE_GEOMETRY_DEFAULTS,
        };
  return {
    model: HOU_2023_TREE_FAILURE.source,
    ...inputs,
    judged: treeFall !== undefined,
    ...(treeFall
      ? {
          gust: { averaging_time_s: TREE_GUST_MEASURE.averagingSeconds, height_m: TREE_GUST_MEASURE.heightM, conversions: treeFall.conversions },
          spans_judged: treeFall.spanCount,
        }
      : {}),
    ...(totals ?? {}),
  };
}
