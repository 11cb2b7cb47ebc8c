import type { CurveConfidence, CurveSet, FragilityCurveSpec } from './types.js';

/**
 * How good the evidence for a curve is (docs/fragility.md, "Confidence"), strongest first:
 * - `primary`: the publisher's own text (manual, paper) was read;
 * - `code-transcription`: public code or data that names the publication gives the numbers;
 * - `secondary`: a compilation or review quoting the original gives them;
 * - `not-verified`: a value held without a readable primary text or transcription;
 * - `not-found`: nothing published was found and no judgement was made;
 * - `judgement`: hazsim's engineering judgement, anchored on the nearest published number
 *   (also a published curve applied to a class its source does not cover).
 * The tokens are those of shared/reference/fragility-sources plus `judgement`.
 */
export const CURVE_CONFIDENCES = [
  'primary',
  'code-transcription',
  'secondary',
  'not-verified',
  'not-found',
  'judgement',
] as const satisfies readonly CurveConfidence[];

/**
 * How a curve without a `confidence` field reads: sets written before the field, version 1
 * sets, LEGACY_DEFAULT_CURVES and ERAD_V1_CURVES (kept unchanged). A file may state it too, so
 * what `show` prints uploads again.
 */
export const CONFIDENCE_NOT_STATED = 'not-stated';

/** Every confidence a curve may carry, strongest first; `not-stated` last, since nothing is known of it. */
export const REPORTED_CONFIDENCES = [...CURVE_CONFIDENCES, CONFIDENCE_NOT_STATED] as const satisfies readonly CurveConfidence[];

/** The curve's own confidence, or `not-stated`. */
export function reportedConfidence(curve: Pick<FragilityCurveSpec, 'confidence'>): CurveConfidence {
  return curve.confidence ?? CONFIDENCE_NOT_STATED;
}

/** The weaker of two confidences (the later in REPORTED_CONFIDENCES): an asset judged by several curves is as well founded as its weakest. */
export function weakerConfidence(a: CurveConfidence, b: CurveConfidence): CurveConfidence {
  return REPORTED_CONFIDENCES.indexOf(a) >= REPORTED_CONFIDENCES.indexOf(b) ? a : b;
}

/** The set with every curve's confidence as it reads (`not-stated` where the curve gives none): what `show` returns. */
export function withReportedConfidence(set: CurveSet): CurveSet {
  const curves = Object.fromEntries(
    Object.entries(set.curves).map(([hazard, byType]) => [
      hazard,
      Object.fromEntries(Object.entries(byType).map(([type, list]) => [type, list!.map((curve) => ({ ...curve, confidence: reportedConfidence(curve) }))])),
    ]),
  );
  return { ...set, curves };
}
