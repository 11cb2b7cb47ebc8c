// Worker thread entry of a simulation: everything CPU-heavy happens here, off the caller's event loop.
import { serveWorkerTask } from '../core/workerTask.js';
import { runSimulation, type SimulationOutput, type SimulationTask } from './run.js';

serveWorkerTask<SimulationTask, SimulationOutput>((task, report) => runSimulation(task, report));
