// Worker thread entry of a simulation: everything CPU-heavy happens here, off the caller's event loop.
import '../startup/hazardModules.js';
import { serveWorkerTask } from '../../base/workerTask.js';
import { runSimulation, type SimulationOutput, type SimulationTask } from '../simulation/simulationRun.js';

serveWorkerTask<SimulationTask, SimulationOutput>((task, report) => runSimulation(task, report));
