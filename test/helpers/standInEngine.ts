import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { HazsimError } from '../../src/core/errors.js';
import { parseJsonBytes } from '../../src/core/uploadInput.js';
import type { HazsimService } from '../../src/core/service.js';
import type { ModelRecord } from '../../src/cache/store.js';
import type { ScenarioRequest, SimulationRequest } from '../../src/core/schemas.js';
import type { SimulationOps } from '../../src/rest/index.js';
import { makeZip } from './zip.js';

/**
 * STAND-IN for the simulation engine and curve-set store, which are merged separately:
 * a small real implementation of SimulationOps over the real cache that writes a real
 * SQLite file and a real ZIP recording the request it got, so these tests exercise the
 * routes' validation, defaults, error mapping, streaming, headers and clean-up end to end.
 * The lead replaces it with the real service (and these tests with ones over real results).
 */
export function standInEngine(service: HazsimService, outDir: string): SimulationOps & { written: string[] } {
  const curveSets = new Map<string, { record: ModelRecord; content: unknown }>();
  const written: string[] = [];
  const check = (request: SimulationRequest) => {
    service.getModelRecord('distribution', request.distribution_system_name);
    service.getModelRecord('hazard', request.hazard_system_name);
    if (request.curve_set !== 'DEFAULT_CURVES' && !curveSets.has(request.curve_set)) throw new HazsimError('not_found', `Curve set '${request.curve_set}' not found`);
  };
  const outPath = (extension: string) => {
    const filePath = path.join(outDir, `${crypto.randomUUID()}.${extension}`);
    written.push(filePath);
    return filePath;
  };
  const curveSet = (name: string) => {
    const entry = curveSets.get(name);
    if (!entry) throw new HazsimError('not_found', `Curve set '${name}' not found`);
    return entry;
  };
  return {
    written,
    async simulate(request) {
      check(request);
      const filePath = outPath('sqlite');
      const db = new Database(filePath);
      db.exec('CREATE TABLE run_info (key TEXT PRIMARY KEY, value TEXT)');
      const insert = db.prepare('INSERT INTO run_info VALUES (?, ?)');
      for (const [key, value] of Object.entries(request)) insert.run(key, String(value));
      db.close();
      return { filePath, fileName: `${request.distribution_system_name}_${request.hazard_system_name}_results.sqlite` };
    },
    async generateScenarios(request: ScenarioRequest) {
      check(request);
      const filePath = outPath('zip');
      fs.writeFileSync(filePath, await makeZip({ 'tracked_changes.json': JSON.stringify({ metadata: request, tracked_changes: [] }), 'time_series/.keep': '' }));
      return { filePath, fileName: `${request.distribution_system_name}_scenarios_${request.number_of_samples}samples.zip` };
    },
    defaultCurveSets: () => ({ curve_sets: ['DEFAULT_CURVES', ...[...curveSets.keys()].sort()], default: 'DEFAULT_CURVES', description: 'Default fragility curves for various hazard types and assets' }),
    listCurveSets: () => [...curveSets.values()].map((entry) => entry.record),
    getCurveSet: (name) => ({ ...curveSet(name).record, content: curveSet(name).content }),
    async uploadCurveSet(request) {
      const name = request.name ?? request.fileName.replace(/\.json$/, '');
      const content = parseJsonBytes(request.bytes, request.fileName);
      if (curveSets.has(name) && !request.overwrite) throw new HazsimError('conflict', `Curve set '${name}' already exists`);
      const record = { name, description: request.description ?? '', created_at: new Date().toISOString().replace('Z', ''), file_path: path.join(outDir, `${name}.json`) };
      curveSets.set(name, { record, content });
      return record;
    },
    async deleteCurveSet(name) {
      curveSet(name);
      curveSets.delete(name);
    },
  };
}

