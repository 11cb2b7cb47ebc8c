import crypto from 'node:crypto';

/** Hex sha256 of some bytes or text: how hazsim names an input's exact content (run_info, derived files). */
export function sha256Hex(data: string | Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}
