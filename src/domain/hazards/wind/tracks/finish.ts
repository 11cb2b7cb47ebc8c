import { fillMissingParameters } from './estimates.js';
import type { NormalizedTrack, TrackImport } from './types.js';

export interface CompletionOption {
  /**
   * Fill missing RMW (CLIMADA estimate_rmw), environmental pressure (basin default) and interior
   * central-pressure gaps, with a warning for each (default true). False returns the file's values only.
   */
  fillMissing?: boolean;
}

export function finishImport(track: NormalizedTrack, warnings: string[], option: CompletionOption): TrackImport {
  if (track.fixes.length === 0) warnings.push(`${track.id}: no fixes selected`);
  if (option.fillMissing === false) return { track, warnings };
  const filled = fillMissingParameters(track);
  return { track: filled.track, warnings: [...warnings, ...filled.warnings] };
}
