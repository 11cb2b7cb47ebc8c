export { buildReportPayload, keptTimestampIndices, percentile, MAX_FAILURE_CELLS, type ReportInput, type ReportPayload } from './payload.js';
export { readReportData, renderReportHtml, type ReportAssets } from './html.js';
export { curvePlots, type CurvePlot, type UsedCurve } from './curves.js';
export { hazardOverlays, type MapOverlay } from './overlays.js';
