import crypto from 'node:crypto';

/** The form of a UUID of any version (RFC 9562), lower case as uuidV7 writes it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A UUID version 7 (RFC 9562, section 5.7): 48 bits of Unix time in milliseconds, then random
 * bits, so ids made later sort after earlier ones as plain strings (to the millisecond).
 */
export function uuidV7(nowMs: number = Date.now()): string {
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
