/**
 * Dense Cholesky factorisation and triangular solves on row-major Float64Arrays: used per site
 * on the small (k×k) neighbour systems of the Vecchia factor, and as the exact reference on small
 * site sets in tests.
 */

/**
 * Overwrites the lower triangle of the symmetric positive-definite n×n matrix `a` with L
 * (A = L·Lᵀ); the strict upper triangle is left as is. Throws when a pivot is not positive.
 */
export function choleskyInPlace(a: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const rowJ = j * n;
    let pivot = a[rowJ + j];
    for (let m = 0; m < j; m++) pivot -= a[rowJ + m] * a[rowJ + m];
    if (!(pivot > 0)) throw new RangeError(`matrix is not positive definite (pivot ${pivot} at row ${j})`);
    const diagonal = Math.sqrt(pivot);
    a[rowJ + j] = diagonal;
    for (let i = j + 1; i < n; i++) {
      const rowI = i * n;
      let sum = a[rowI + j];
      for (let m = 0; m < j; m++) sum -= a[rowI + m] * a[rowJ + m];
      a[rowI + j] = sum / diagonal;
    }
  }
}

/** Solves L·y = b in place (b becomes y) for the lower-triangular factor in `l`. */
export function solveLower(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    const row = i * n;
    for (let m = 0; m < i; m++) sum -= l[row + m] * b[m];
    b[i] = sum / l[row + i];
  }
}

/** Solves Lᵀ·x = y in place (y becomes x) for the lower-triangular factor in `l`. */
export function solveUpperTransposed(l: Float64Array, n: number, y: Float64Array): void {
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let m = i + 1; m < n; m++) sum -= l[m * n + i] * y[m];
    y[i] = sum / l[i * n + i];
  }
}
