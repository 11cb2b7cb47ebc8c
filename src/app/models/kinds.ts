import type { Issue } from '../../base/errors.js';
import { distributionForm, readDistributionModel, validateDistributionContent } from '../../domain/gdm/index.js';
import { summarizeDistributionModel } from '../../domain/assets/modelSummary.js';
import { coordinateWarnings, type CoordinateReading } from '../../domain/assets/index.js';
import { hazardForm, readHazardModel, summarizeHazardModel, validateHazardContent } from '../../domain/hazards/index.js';

export type ModelKindId = 'distribution' | 'hazard';

/** What the core needs to know about one kind of cached model. */
export interface ModelKind {
  id: ModelKindId;
  /** Folder under the cache root (docs/specification.md §2.2). */
  dirName: string;
  /** Start of the specification's (docs/specification.md) messages: "Distribution system" or "Hazard model". */
  label: string;
  looksLike(content: unknown): boolean;
  validate(content: unknown): Issue[];
  /**
   * A JSON-friendly summary of valid content (what `show` prints), a distribution model's
   * coordinates read as `reading` says, and the warnings about its coordinates as a whole
   * (shown on validation and upload), from one read of the content; throws invalid_input for
   * invalid content.
   */
  summarize(content: unknown, reading: CoordinateReading): { summary: object; warnings: string[] };
}

export const MODEL_KINDS: Readonly<Record<ModelKindId, ModelKind>> = {
  distribution: {
    id: 'distribution',
    dirName: 'distribution_models',
    label: 'Distribution system',
    looksLike: (content) => distributionForm(content) !== null,
    validate: validateDistributionContent,
    summarize: (content, reading) => {
      const model = readDistributionModel(content);
      return { summary: summarizeDistributionModel(model, reading), warnings: coordinateWarnings(model, reading) };
    },
  },
  hazard: {
    id: 'hazard',
    dirName: 'hazard_models',
    label: 'Hazard model',
    looksLike: (content) => hazardForm(content) !== null,
    validate: validateHazardContent,
    summarize: (content) => ({ summary: summarizeHazardModel(readHazardModel(content)), warnings: [] }),
  },
};

export const MODEL_KIND_IDS: readonly ModelKindId[] = ['distribution', 'hazard'];
