export { buildReportPayload, keptTimestampIndices, percentile, MAX_FAILURE_CELLS, type ReportInput, type ReportPayload } from './payload.js';
export { readReportData, renderReportHtml, type ReportAssets } from './html.js';
export { curvePlots, type CurvePlot, type UsedCurve } from './curves.js';
export { hazardOverlays, type MapOverlay } from './overlays.js';
export {
  clipOutlines,
  outlineBox,
  OUTLINE_MARGIN_DEG,
  SIMPLIFY_SHARE_OF_EXTENT,
  simplifyToleranceDeg,
  type BasemapLayer,
  type LonLatBox,
  type OutlineKind,
} from './basemap.js';
export {
  DIFFERENCE_CLASSES,
  differenceClass,
  MAP_WIDTH,
  NO_DATA_COLOUR,
  PEAK_FRACTION_CLASSES,
  peakFractionClass,
  projectOutlines,
  type ColourClass,
  type LonLatRing,
} from './hindcastMap.js';
export { buildHindcastPayload, type HindcastAnswer, type HindcastPageInput, type HindcastPayload } from './hindcastPayload.js';
