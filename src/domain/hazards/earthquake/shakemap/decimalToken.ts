/**
 * Fast, exact parsing of the plain decimal numbers of a grid.xml data block ("81.7314",
 * "-0.09872", "600"). A real grid has ~500,000 rows × 10 columns, so avoiding a substring and a
 * Number() call per value matters. When the digits form an integer mantissa m ≤ 2^53 and there
 * are f ≤ 22 fraction digits, m / 10^f is a single correctly rounded IEEE division of two exactly
 * representable numbers, hence bit-identical to Number() (Clinger 1990, "How to read floating
 * point numbers accurately", PLDI, fast path). Anything else (exponents, long mantissas, "NaN")
 * falls back to the strict reader of src/base/decimal.ts, so "0x10" or "Infinity" is not a number.
 */
import { parseDecimal } from '../../../../base/decimal.js';

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
const MAX_EXACT_INTEGER = 2 ** 53;

/** Value of the token text[start, end) (no surrounding whitespace); NaN when it is not a number. */
export function parseDecimalToken(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  const sign = text.charCodeAt(i);
  if (sign === 45 /* - */) {
    negative = true;
    i++;
  } else if (sign === 43 /* + */) {
    i++;
  }
  let mantissa = 0;
  let fractionDigits = 0;
  let digitCount = 0;
  let afterPoint = false;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digitCount++;
      if (afterPoint) fractionDigits++;
    } else if (c === 46 /* . */ && !afterPoint) {
      afterPoint = true;
    } else {
      break;
    }
  }
  if (i === end && digitCount > 0 && mantissa <= MAX_EXACT_INTEGER && fractionDigits < POWERS_OF_TEN.length) {
    const magnitude = fractionDigits === 0 ? mantissa : mantissa / POWERS_OF_TEN[fractionDigits];
    return negative ? -magnitude : magnitude;
  }
  return parseDecimal(text.slice(start, end)) ?? NaN;
}
