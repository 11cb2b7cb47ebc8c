import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './cli.js';
import { skipTest } from './skip.js';

/** The shared OpenDSS feeders (shared/fixtures/opendss, with their README of counts). */
export const OPENDSS_FIXTURES = path.resolve(ROOT, '../shared/fixtures/opendss');

/** True when the shared OpenDSS fixtures are present; otherwise marks the calling test skipped. */
export function haveOpenDssFixtures(): boolean {
  if (fs.existsSync(OPENDSS_FIXTURES)) return true;
  skipTest(`${OPENDSS_FIXTURES} is absent (tests that read the shared OpenDSS fixtures)`);
  return false;
}
