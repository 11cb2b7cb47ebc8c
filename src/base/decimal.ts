/**
 * The one number reader of hazsim's text inputs (ShakeMap grids, best tracks, CSV tables).
 * JavaScript's Number() is lax: it reads "0x10" as 16, "" and " " as 0, " 5 " as 5 and
 * "Infinity" as a number, so a typo or a foreign notation became a silently wrong value. A
 * number in an input is written as a plain decimal: an optional sign, digits with an optional
 * point (at least one digit), an optional exponent (`e`/`E`, optional sign, digits), and
 * nothing else; its value must be finite ("1e999" is refused).
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What a refused number is told, after the text that was refused. */
export const NOT_A_DECIMAL = 'is not a decimal number (digits with an optional sign, point and exponent; no spaces, hex, Infinity or empty text)';

/** The value of `text` written as a plain decimal, or undefined when it is not one or not finite. */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
