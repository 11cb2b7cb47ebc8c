// Worker thread entry of a report page: reading the result and building the page happen here, off the caller's event loop.
import '../startup/hazardModules.js';
import { serveWorkerTask } from '../../base/workerTask.js';
import { buildReportFile, type ReportSummary, type ReportTask } from '../report/report.js';

serveWorkerTask<ReportTask, ReportSummary>((task) => buildReportFile(task));
