import type { ModelRecord } from '../cache/store.js';
import type { ModelWithContent } from '../core/service.js';
import type { ScenarioRequest, SimulationRequest } from '../core/schemas.js';

/** A result file the service wrote; the REST layer streams it and then removes it. */
export interface DownloadFile {
  /** Absolute path of a temporary file owned by the caller once returned. */
  filePath: string;
  /** Name offered to the client in Content-Disposition. */
  fileName: string;
}

/** Spec §4.1 /default-curve-sets: every curve set name, built-in and custom. */
export interface CurveSetNames {
  curve_sets: string[];
  default: string;
  description: string;
}

/** An upload of a custom curve set (JSON), as the CLI and MCP make it too. */
export interface CurveSetUpload {
  fileName: string;
  bytes: Buffer;
  name?: string;
  description?: string;
  overwrite?: boolean;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * The simulation, scenario and curve-set use cases the REST routes call. The core
 * service provides them; createApp takes them as a separate dependency so the routes,
 * their validation and their OpenAPI entries exist even where the engine is not wired.
 * Failures are HazsimErrors, as everywhere in the core (unknown names are not_found
 * with the spec's message, e.g. `Distribution system '<name>' not found`).
 */
export interface SimulationOps {
  /** Runs a simulation and writes its SQLite result (`{dist}_{hazard}_results.sqlite`). */
  simulate(request: SimulationRequest): Promise<DownloadFile>;
  /** Generates scenarios and writes their ZIP (`{dist}_scenarios_{n}samples.zip`). */
  generateScenarios(request: ScenarioRequest): Promise<DownloadFile>;
  defaultCurveSets(): MaybePromise<CurveSetNames>;
  listCurveSets(): MaybePromise<ModelRecord[]>;
  getCurveSet(name: string): MaybePromise<ModelWithContent>;
  /** Stores a custom curve set; resolves to its record. */
  uploadCurveSet(request: CurveSetUpload): Promise<ModelRecord>;
  deleteCurveSet(name: string): Promise<unknown>;
}
