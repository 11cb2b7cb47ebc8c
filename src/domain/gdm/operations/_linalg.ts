/** Small dense linear algebra for impedance matrices (a few conductors at most). */

export type Matrix = number[][];

/** Complex matrix as real and imaginary parts of equal shape. */
export interface ComplexMatrix {
  re: Matrix;
  im: Matrix;
}

export function zeros(rows: number, columns: number): Matrix {
  return Array.from({ length: rows }, () => new Array<number>(columns).fill(0));
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  const out = zeros(a.length, b[0]?.length ?? 0);
  for (let i = 0; i < a.length; i += 1) for (let k = 0; k < b.length; k += 1) for (let j = 0; j < out[i].length; j += 1) out[i][j] += a[i][k] * b[k][j];
  return out;
}

/** Inverse by Gauss-Jordan elimination with partial pivoting; throws for a singular matrix. */
export function invert(m: Matrix): Matrix {
  const n = m.length;
  const work = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) if (Math.abs(work[row][column]) > Math.abs(work[pivot][column])) pivot = row;
    if (Math.abs(work[pivot][column]) < 1e-300) throw new RangeError('matrix is singular');
    [work[column], work[pivot]] = [work[pivot], work[column]];
    const scale = work[column][column];
    for (let j = 0; j < 2 * n; j += 1) work[column][j] /= scale;
    for (let row = 0; row < n; row += 1) {
      if (row === column) continue;
      const factor = work[row][column];
      if (factor !== 0) for (let j = 0; j < 2 * n; j += 1) work[row][j] -= factor * work[column][j];
    }
  }
  return work.map((row) => row.slice(n));
}

/** Rows and columns picked by index. */
export function pick(m: Matrix, rows: number[], columns: number[]): Matrix {
  return rows.map((i) => columns.map((j) => m[i][j]));
}

/** R + jX back from its real form (the left half). */
function unembed(m: Matrix, rows: number, columns: number): ComplexMatrix {
  return { re: m.slice(0, rows).map((row) => row.slice(0, columns)), im: m.slice(rows, 2 * rows).map((row) => row.slice(0, columns)) };
}

/** The real form [[R, -X], [X, R]] of R + jX (any shape): products and inverses carry over. */
function embed(z: ComplexMatrix): Matrix {
  const rows = z.re.length;
  const columns = z.re[0]?.length ?? 0;
  return Array.from({ length: 2 * rows }, (_, i) =>
    Array.from({ length: 2 * columns }, (_, j) => {
      const [r, c] = [i % rows, j % columns];
      if (i < rows === j < columns) return z.re[r][c];
      return i < rows ? -z.im[r][c] : z.im[r][c];
    }),
  );
}

/**
 * Kron reduction of a complex matrix: Z_kk − Z_ke · Z_ee⁻¹ · Z_ek, eliminating the
 * `eliminate` rows and columns (conductors held at zero voltage, e.g. grounded neutrals).
 */
export function schurComplement(z: ComplexMatrix, keep: number[], eliminate: number[]): ComplexMatrix {
  const part = (rows: number[], columns: number[]): ComplexMatrix => ({ re: pick(z.re, rows, columns), im: pick(z.im, rows, columns) });
  const kk = part(keep, keep);
  if (eliminate.length === 0) return kk;
  const correction = multiply(multiply(embed(part(keep, eliminate)), invert(embed(part(eliminate, eliminate)))), embed(part(eliminate, keep)));
  const reduced = unembed(correction, keep.length, keep.length);
  return {
    re: kk.re.map((row, i) => row.map((value, j) => value - reduced.re[i][j])),
    im: kk.im.map((row, i) => row.map((value, j) => value - reduced.im[i][j])),
  };
}
