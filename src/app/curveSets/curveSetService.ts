import path from 'node:path';
import type { createCurveSetStore } from './curveSets.js';
import { readInputFile } from '../models/inputFile.js';
import type { CurveSetService } from '../serviceInterface.js';

/** The `curveSets` group of the service: the curve set store, with files read from disk by path. */
export function createCurveSetService(curveSets: ReturnType<typeof createCurveSetStore>): CurveSetService {
  return {
    list: curveSets.listCurveSets,
    get: curveSets.getCurveSet,
    // `fileName` stands in for the file's own name, as in models.uploadFile.
    uploadFile: (filePath, request) =>
      curveSets.uploadCurveSet({ ...request, fileName: request.fileName ?? path.basename(filePath), bytes: readInputFile(filePath) }),
    importFile: (filePath, request) =>
      curveSets.importCurveSet({ ...request, fileName: path.basename(filePath), text: readInputFile(filePath).toString('utf8') }),
    plot: curveSets.plotCurveSet,
    delete: curveSets.deleteCurveSet,
    defaults: curveSets.defaultCurveSets,
  };
}
