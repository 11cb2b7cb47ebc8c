// Worker thread entry of an impact analysis: energizing every sample happens here, off the caller's event loop.
import { serveWorkerTask } from '../base/workerTask.js';
import { runImpact, type ImpactTask } from './impactRun.js';
import type { ImpactSummary } from './impactSchemas.js';

serveWorkerTask<ImpactTask, ImpactSummary>((task, report) => runImpact(task, report));
