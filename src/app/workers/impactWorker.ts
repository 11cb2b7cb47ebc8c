// Worker thread entry of an impact analysis or one part of a sharded one: energizing every sample happens here, off the caller's event loop.
import { serveWorkerTask } from '../../base/workerTask.js';
import { runImpact, runImpactShard, type ImpactShardSummary, type ImpactShardTask, type ImpactTask } from '../impact/impactRun.js';
import type { ImpactSummary } from '../impact/impactSchemas.js';

serveWorkerTask<ImpactTask | ImpactShardTask, ImpactSummary | ImpactShardSummary>((task, report) =>
  'partPath' in task ? runImpactShard(task, report) : runImpact(task, report),
);
