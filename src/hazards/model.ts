import type { Issue } from '../core/errors.js';
import { extendBox, type BoundingBox } from '../geodesy/boundingBox.js';
import { invalidContent } from '../core/readableIssues.js';
import { hazardForm } from './detect.js';
import { eradToHazsim } from './erad.js';
import { readHazardFile, type HazardFileResult } from './hazardFile.js';
import { HAZARD_FILE_TYPES, type HazardFileType, type HazardModel } from './types.js';

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
export interface HazardModelSummary {
  /** The name inside the content ('' when it gives none; a cached model's own name may differ). */
  system_name: string;
  /** Top-level models in the file. */
  hazard_model_count: number;
  /** Models by type; flood_area and fire_area count every area, nested or standing alone. */
  hazard_counts: Record<HazardFileType, number>;
  timestamps: string[];
  timestamp_count: number;
  /** Over epicentres, storm centres and areas; null without any. */
  bounding_box: BoundingBox | null;
}

/** Counts, timestamps and extent of a hazard model. */
export function summarizeHazardModel(model: HazardModel): HazardModelSummary {
  const counts = Object.fromEntries(HAZARD_FILE_TYPES.map((type) => [type, 0])) as Record<HazardFileType, number>;
  let box: BoundingBox | null = null;
  for (const entry of model.models) {
    if (entry.type === 'earthquake' || entry.type === 'wind') {
      counts[entry.type] += 1;
      const point = entry.type === 'earthquake' ? entry.origin : entry.center;
      box = extendBox(box, point.longitude, point.latitude);
      continue;
    }
    if (entry.declaredType === entry.type) counts[entry.type] += 1;
    counts[`${entry.type}_area`] += entry.areas.length;
    for (const area of entry.areas) box = extendBox(box, ...area.geometry.bbox);
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
