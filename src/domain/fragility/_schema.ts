import * as v from 'valibot';
import { DIMENSION_EXAMPLES, parseQuantity, unitFactor, type Dimension } from '../hazards/_units.js';

/** A quantity string of `dimension` whose value must be positive; kept as written. */
export function positiveQuantityText(label: string, dimension: Dimension) {
  return v.pipe(
    v.string(`${label} must be ${DIMENSION_EXAMPLES[dimension]}`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const result = parseQuantity(dataset.value, dimension);
      if (!result.ok) addIssue({ message: `${label}: ${result.message}` });
      else if (!(result.value > 0)) addIssue({ message: `${label} must be greater than 0, got ${JSON.stringify(dataset.value)}` });
    }),
  );
}

/** A unit name of `dimension` ("meter / second"). */
export function unitText(dimension: Dimension) {
  return v.pipe(
    v.string(`unit must name a unit of ${DIMENSION_EXAMPLES[dimension]}`),
    v.check(
      (unit) => unitFactor(unit, dimension) !== undefined,
      (issue) => `unknown unit ${JSON.stringify(issue.input)} for ${DIMENSION_EXAMPLES[dimension]}`,
    ),
  );
}

/** A number greater than 0, with a message naming it. */
export function positiveNumber(label: string) {
  return v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a finite number`),
    v.check(
      (value) => value > 0,
      (issue) => `${label} must be greater than 0, got ${String(issue.input)}`,
    ),
  );
}

/** The SI value of a quantity string already validated for `dimension`. */
export function siValue(text: string, dimension: Dimension): number {
  const result = parseQuantity(text, dimension);
  if (!result.ok) throw new Error(`unchecked quantity ${text}: ${result.message}`);
  return result.value;
}
