/**
 * The one error type of the ShakeMap reader. Messages name the element, attribute, field or
 * file line that is wrong, so a user can fix or report the file without reading the parser.
 */
export class ShakeMapGridError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShakeMapGridError';
  }
}
