import type { HazsimService } from '../../../app/service.js';
import { CacheRefreshResult, HazardTypesResponse } from '../../../app/contract/schemas.js';
import { HAZSIM_VERSION } from '../../../base/version.js';
import { ApiInfo, CACHE_ROOT_NOTE, HealthReport, RestCacheInfo } from '../schemas.js';
import type { Route } from '../routeTable.js';
import { clientPath, clientText } from '../clientPaths.js';

const SERVICE_TAG = 'Service';
const CACHE_TAG = 'Cache';

/**
 * The front page, the health check, cache statistics and maintenance, and the hazard types.
 * With an API key the health check stays open but names no path: an anonymous caller learns
 * whether the service works, not where its files are (the log has the problem in full).
 */
export function metaRoutes(service: HazsimService, startedAtMs: number, options: { revealPaths: boolean; log: (line: string) => void }): Route[] {
  return [
    {
      method: 'GET',
      path: '/',
      operationId: 'apiInfo',
      summary: 'What this service is, its version and where its documentation lives',
      description: 'Basic API information: the service name and version and the paths of Swagger UI, ReDoc and this OpenAPI document.',
      tag: SERVICE_TAG,
      public: true,
      success: { status: 200, description: 'basic API information', json: ApiInfo },
      errors: [],
      handle(ctx) {
        ctx.body = {
          name: 'hazsim',
          message: 'hazsim hazard simulation API',
          version: HAZSIM_VERSION,
          docs: '/docs',
          redoc: '/redoc',
          openapi: '/openapi.json',
        };
      },
    },
    {
      method: 'GET',
      path: '/health',
      operationId: 'health',
      summary: 'Health check: status, version, uptime and whether the cache is reachable',
      description:
        'Status, version, uptime and whether the cache directory is usable; answers 503 (with detail and status_code) when it cannot be read or written. Open even when the server requires an API key, but then it names no path.',
      tag: SERVICE_TAG,
      public: true,
      success: { status: 200, description: 'healthy', json: HealthReport },
      errors: [503],
      errorBodies: { 503: HealthReport },
      async handle(ctx) {
        const problem = await service.cache.problem();
        if (problem && !options.revealPaths) options.log(`${new Date().toISOString()} health: the cache directory is not usable: ${problem}`);
        const shown = options.revealPaths && problem ? clientText(service.cache.root, problem) : null;
        const report = {
          status: problem ? 'unhealthy' : 'healthy',
          version: HAZSIM_VERSION,
          uptime_seconds: Math.round((Date.now() - startedAtMs) / 100) / 10,
          cache: { ...(options.revealPaths ? { paths_relative_to: CACHE_ROOT_NOTE } : {}), reachable: problem === null, ...(shown ? { problem: shown } : {}) },
        };
        ctx.status = problem ? 503 : 200;
        const detail = shown ? `The cache directory is not usable: ${shown}` : 'The cache directory is not usable; the server log has the details';
        ctx.body = problem ? { ...report, detail, status_code: 503 } : report;
      },
    },
    {
      method: 'GET',
      path: '/cache-info',
      operationId: 'cacheInfo',
      summary: 'Where the cache is and how much it holds',
      description: 'The cache directory, its metadata file, and the number of models, files and bytes, in total and per store.',
      tag: CACHE_TAG,
      conditional: true,
      success: { status: 200, description: 'totals over both stores, with a per-store breakdown', json: RestCacheInfo },
      errors: [],
      handle(ctx) {
        const info = service.cache.info();
        const relative = (store: typeof info.distribution_models) => ({ ...store, cache_directory: clientPath(service.cache.root, store.cache_directory) });
        ctx.body = {
          ...info,
          cache_directory: '.',
          paths_relative_to: CACHE_ROOT_NOTE,
          metadata_file: clientPath(service.cache.root, info.metadata_file),
          distribution_models: relative(info.distribution_models),
          hazard_models: relative(info.hazard_models),
          results: { ...info.results, directory: clientPath(service.cache.root, info.results.directory) },
          jobs: { ...info.jobs, directory: clientPath(service.cache.root, info.jobs.directory) },
        };
      },
    },
    {
      method: 'POST',
      path: '/refresh-cache',
      operationId: 'refreshCache',
      summary: 'Rescan the cache directories: add unlisted files, drop vanished ones, report unreadable ones',
      description:
        'Brings the index in line with the files on disk (for models copied into or removed from the cache by hand) and reports what changed in each store.',
      tag: CACHE_TAG,
      success: { status: 200, description: 'Cache refreshed successfully', json: CacheRefreshResult },
      errors: [],
      async handle(ctx) {
        const result = await service.cache.refresh();
        const relative = (report: typeof result.distribution_models) => ({
          ...report,
          removed_folders: report.removed_folders.map((folder) => clientPath(service.cache.root, folder)),
          invalid: report.invalid.map(({ file, reason }) => ({ file: clientPath(service.cache.root, file), reason: clientText(service.cache.root, reason) })),
        });
        ctx.body = { ...result, distribution_models: relative(result.distribution_models), hazard_models: relative(result.hazard_models) };
      },
    },
    {
      method: 'GET',
      path: '/supported-hazard-types',
      operationId: 'supportedHazardTypes',
      summary: 'The hazard types with their model class descriptions',
      description: 'Every hazard type a hazard model may contain (built in or added at start-up), with the description of its model class.',
      tag: SERVICE_TAG,
      conditional: true,
      success: { status: 200, description: 'hazard types', json: HazardTypesResponse },
      errors: [],
      handle(ctx) {
        ctx.body = service.models.hazardTypes();
      },
    },
  ];
}
