// Worker thread entry of a large upload's checks, so a 100 MB feeder does not stall the REST server.
import '../startup/hazardModules.js';
import { serveWorkerTask } from '../../base/workerTask.js';
import { prepareUpload, type PrepareUploadTask, type PreparedUpload } from '../models/prepareUpload.js';

serveWorkerTask<PrepareUploadTask, PreparedUpload>((task) => prepareUpload(task));
