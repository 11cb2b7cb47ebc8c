/** UUID strings as infrasys writes them (8-4-4-4-12 hex digits, any case), checked without a regex on the hot path. */

function isHexCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

/** True for a string shaped like a UUID: 36 characters, dashes at 8, 13, 18 and 23, hex digits elsewhere. */
export function isUuid(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 36) return false;
  for (let i = 0; i < 36; i += 1) {
    const code = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
    } else if (!isHexCode(code)) return false;
  }
  return true;
}

/**
 * The canonical (lowercase) form of a UUID string, or null when it is not one. Already
 * lowercase input comes back as the same string, without a copy.
 */
export function canonicalUuid(value: string): string | null {
  if (value.length !== 36) return null;
  let upper = false;
  for (let i = 0; i < 36; i += 1) {
    const code = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return null;
    } else if (code >= 65 && code <= 70) upper = true;
    else if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return null;
  }
  return upper ? value.toLowerCase() : value;
}

export const UUID_MESSAGE = 'must be a UUID (8-4-4-4-12 hexadecimal digits)';
