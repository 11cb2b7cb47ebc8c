import type { Issue } from '../../base/errors.js';
import { extendBox, type BoundingBox } from '../../base/geodesy/boundingBox.js';
import { invalidContent } from '../../base/readableIssues.js';
import { hazardForm } from './detect.js';
import { eradToHazsim } from './erad.js';
import { readHazardFile, type HazardFileResult } from './hazardFile.js';
import { descriptorOf, hazardFileTypes } from './registry.js';
import type { HazardModel } from './types.js';

/** Reads hazard content in either form (hazsim or ERAD infrasys), with every problem at its path in that content. */
function readHazardContent(content: unknown): HazardFileResult {
  const form = hazardForm(content);
  if (form === null) {
    return { model: null, issues: [{ path: '', message: "expected a hazard model: hazsim's {models, timestamps} or ERAD's infrasys hazard JSON" }] };
  }
  if (form === 'hazsim') return readHazardFile(content);
  const conversion = eradToHazsim(content as Record<string, unknown>);
  const result = readHazardFile(conversion.content);
  const issues = [...conversion.issues, ...result.issues.map((issue) => ({ path: conversion.sourcePath(issue.path), message: issue.message }))];
  return issues.length > 0 ? { model: null, issues } : result;
}

/** Checks a hazard model's content; returns every problem found (empty when valid). */
export function validateHazardContent(content: unknown): Issue[] {
  return readHazardContent(content).issues;
}

/**
 * Reads hazard content (hazsim or ERAD form) into a normalized HazardModel: SI units,
 * canonical timestamps, sorted distinct `timestamps`. Throws invalid_input listing every problem.
 */
export function readHazardModel(content: unknown): HazardModel {
  const { model, issues } = readHazardContent(content);
  if (!model) throw invalidContent('hazard model', issues);
  return model;
}

/** What `hazsim show`, `hazsim validate` and MCP report about a hazard model. */
export interface HazardSummary {
  /** The name inside the content ('' when it gives none; a cached model's own name may differ). */
  system_name: string;
  /** Top-level models in the file. */
  hazard_model_count: number;
  /** Models by type; flood_area and fire_area count every area, nested or standing alone. */
  hazard_counts: Record<string, number>;
  timestamps: string[];
  timestamp_count: number;
  /** Over epicentres, storm centres and areas; null without any. */
  bounding_box: BoundingBox | null;
}

/** Counts, timestamps and extent of a hazard model. */
export function summarizeHazardModel(model: HazardModel): HazardSummary {
  const counts: Record<string, number> = Object.fromEntries(hazardFileTypes().map((type) => [type, 0]));
  let box: BoundingBox | null = null;
  for (const entry of model.models) {
    const footprint = descriptorOf(entry).footprint(entry);
    for (const [type, count] of Object.entries(footprint.counts)) {
      // A footprint counting under a type no registered entry lists would print as null: say whose it is instead.
      if (!(type in counts)) throw new Error(`hazard type ${entry.type} counts models as ${type}, which is not a registered hazard file entry type`);
      counts[type] += count;
    }
    for (const part of footprint.boxes) box = extendBox(box, ...part);
  }
  return {
    system_name: model.name,
    hazard_model_count: model.models.length,
    hazard_counts: counts,
    timestamps: [...model.timestamps],
    timestamp_count: model.timestamps.length,
    bounding_box: box,
  };
}
