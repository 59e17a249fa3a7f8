// Eigenvalues of a Hermitian matrix. A Hermitian n x n matrix H = A + iB has the same eigenvalues,
// each twice, as the real symmetric 2n x 2n matrix [[A, -B], [B, A]]; that one is diagonalised with
// the cyclic Jacobi method, which is simple and accurate for the small matrices of phonon problems.

/** Row-major n x n complex matrix as separate real and imaginary parts. */
export interface ComplexMatrix {
  n: number;
  re: Float64Array;
  im: Float64Array;
}

export const complexMatrix = (n: number): ComplexMatrix => ({
  n,
  re: new Float64Array(n * n),
  im: new Float64Array(n * n),
});

/** Sweeps before giving up; Jacobi converges quadratically, well within this for any size used here. */
const MAX_SWEEPS = 60;

/** Eigenvalues (ascending) of a real symmetric matrix given row-major; `a` is overwritten. */
export function symmetricEigenvalues(a: Float64Array, n: number): number[] {
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(a[i]!));
  const tiny = (scale || 1) * 1e-15;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off = Math.max(off, Math.abs(a[p * n + q]!));
    if (off <= tiny) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) <= tiny * 1e-3) continue;
        const app = a[p * n + p]!;
        const aqq = a[q * n + q]!;
        // Rotation angle that zeroes a[p][q]: t = tan(θ), the smaller root for stability.
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
      }
    }
  }
  const values: number[] = [];
  for (let i = 0; i < n; i++) values.push(a[i * n + i]!);
  return values.sort((x, y) => x - y);
}

/** Eigenvalues (ascending) of a Hermitian matrix (only its values are read, it is not modified). */
export function hermitianEigenvalues(h: ComplexMatrix): number[] {
  const { n, re, im } = h;
  const m = 2 * n;
  const a = new Float64Array(m * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      // Symmetrised against rounding: H[i][j] and conj(H[j][i]) should agree.
      const r = (re[i * n + j]! + re[j * n + i]!) / 2;
      const s = (im[i * n + j]! - im[j * n + i]!) / 2;
      a[i * m + j] = r;
      a[(i + n) * m + j + n] = r;
      a[i * m + j + n] = -s;
      a[(i + n) * m + j] = s;
    }
  }
  const doubled = symmetricEigenvalues(a, m);
  return doubled.filter((_, k) => k % 2 === 0);
}
