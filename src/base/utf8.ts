/**
 * Text inputs are UTF-8: JSON as exchanged between systems must be (RFC 8259 §8.1), ShakeMap
 * grids declare it, best tracks are ASCII. Decoding other bytes as UTF-8 silently turns them
 * into U+FFFD, and a model stored with such bytes was served as `charset=utf-8` that it is not,
 * so an input that is not valid UTF-8 is refused naming the first byte that is wrong.
 */
import { isUtf8 } from 'node:buffer';
import { HazsimError } from './errors.js';

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629 §4), or -1. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k += 1) {
      const byte = bytes[i + k];
      if (byte === undefined) return i;
      if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/** Throws invalid_input when `bytes` are not UTF-8, naming `fileName`, the byte, its offset and line. */
export function requireUtf8(bytes: Buffer, fileName: string): void {
  if (isUtf8(bytes)) return;
  const offset = firstInvalidByte(bytes);
  let line = 1;
  for (let i = bytes.indexOf(10); i !== -1 && i < offset; i = bytes.indexOf(10, i + 1)) line += 1;
  const byte = `0x${bytes[offset].toString(16).toUpperCase().padStart(2, '0')}`;
  const message = `byte ${byte} at offset ${offset} (line ${line}) begins no well-formed UTF-8 character; save the file as UTF-8 (a Latin-1 or Windows-1252 "é" is one such byte)`;
  throw new HazsimError('invalid_input', `${fileName} is not UTF-8 text: ${message}`, [{ path: fileName, message }]);
}
