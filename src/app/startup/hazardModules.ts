/**
 * Hazard types added at start-up, without changing hazsim's source: HAZSIM_HAZARD_MODULES
 * lists ES modules (paths or file: URLs, separated by the platform's path delimiter) whose
 * default export is `{hazardType, quantities}`, a hazard descriptor and the intensity
 * quantities it produces (docs/architecture.md, "Adding a hazard type"). They are loaded once
 * per thread when this module is first imported, by the service and by every worker that
 * reads or computes hazards, so all threads know the same hazard types.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isObject } from '../../base/json.js';
import { registerHazardType, type HazardDescriptor, type IntensityQuantityDefinition } from '../../domain/hazards/index.js';
import { defaultCurvesIssues } from '../../domain/fragility/index.js';

/** The environment variable naming the modules. */
export const HAZARD_MODULES_VARIABLE = 'HAZSIM_HAZARD_MODULES';

/** Imports each module and registers its hazard type; a module that fails to load or register stops start-up with its name in the message. */
export async function loadHazardModules(specifiers: readonly string[]): Promise<void> {
  for (const specifier of specifiers) {
    const url = /^file:/.test(specifier) ? specifier : pathToFileURL(path.resolve(specifier)).href;
    try {
      const loaded: unknown = await import(url);
      const extension = isObject(loaded) ? loaded.default : undefined;
      if (!isObject(extension) || !isObject(extension.hazardType) || !Array.isArray(extension.quantities)) {
        throw new Error('its default export must be {hazardType, quantities}');
      }
      const descriptor = extension.hazardType as unknown as HazardDescriptor;
      registerHazardType(descriptor, extension.quantities as IntensityQuantityDefinition[]);
      // Its curves join DEFAULT_CURVES: a curve a run could not evaluate stops start-up here, not a run later.
      const issues = defaultCurvesIssues(descriptor);
      if (issues.length > 0) throw new Error(`its default curves are not valid: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
    } catch (error) {
      throw new Error(`${HAZARD_MODULES_VARIABLE}: cannot add the hazard type of ${specifier}: ${(error as Error).message}`, { cause: error });
    }
  }
}

const listed = process.env[HAZARD_MODULES_VARIABLE]?.split(path.delimiter).filter((entry) => entry.trim() !== '') ?? [];
await loadHazardModules(listed);
