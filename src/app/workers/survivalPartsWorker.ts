// Worker thread entry of a helper of a simulation: its share of the run's parts (survivalParts.ts).
import '../startup/hazardModules.js';
import { serveWorkerTask } from '../../base/workerTask.js';
import type { SurvivalComputation } from '../../domain/simulation/survival.js';
import { computeSurvivalParts, type SurvivalPartsTask } from '../simulation/survivalParts.js';

serveWorkerTask<SurvivalPartsTask, SurvivalComputation[]>((task) => computeSurvivalParts(task));
