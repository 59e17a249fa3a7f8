import { describe, expect, it } from 'vitest';
import { complexMatrix, hermitianEigenvalues, symmetricEigenvalues } from './hermitian.ts';

describe('the Hermitian eigenvalue solver', () => {
  it('solves a 2 x 2 Hermitian matrix in closed form', () => {
    // [[a, b + ic], [b − ic, d]]: (a + d)/2 ± √(((a − d)/2)² + b² + c²).
    const [a, b, c, d] = [3, 1, 2, -1];
    const h = complexMatrix(2);
    h.re.set([a, b, b, d]);
    h.im.set([0, c, -c, 0]);
    const root = Math.sqrt(((a - d) / 2) ** 2 + b * b + c * c);
    const values = hermitianEigenvalues(h);
    expect(values[0]).toBeCloseTo((a + d) / 2 - root, 12);
    expect(values[1]).toBeCloseTo((a + d) / 2 + root, 12);
  });

  it('keeps the trace and the Frobenius norm of a dense Hermitian matrix', () => {
    const n = 7;
    const h = complexMatrix(n);
    // Deterministic pseudo-random entries.
    let seed = 12345;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < n; i++)
      for (let j = i; j < n; j++) {
        const re = next();
        const im = i === j ? 0 : next();
        h.re[i * n + j] = re;
        h.re[j * n + i] = re;
        h.im[i * n + j] = im;
        h.im[j * n + i] = -im;
      }
    const values = hermitianEigenvalues(h);
    expect(values).toHaveLength(n);
    let trace = 0;
    let norm = 0;
    for (let i = 0; i < n; i++) trace += h.re[i * n + i]!;
    for (let k = 0; k < n * n; k++) norm += h.re[k]! ** 2 + h.im[k]! ** 2;
    expect(values.reduce((s, v) => s + v, 0)).toBeCloseTo(trace, 10);
    expect(values.reduce((s, v) => s + v * v, 0)).toBeCloseTo(norm, 10);
    expect([...values].sort((x, y) => x - y)).toEqual(values);
  });

  it('finds the eigenvalues of a real symmetric matrix with a known spectrum', () => {
    // The path graph's Laplacian-like tridiagonal matrix 2, −1: eigenvalues 2 − 2 cos(kπ/(n + 1)).
    const n = 6;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      a[i * n + i] = 2;
      if (i + 1 < n) a[i * n + i + 1] = a[(i + 1) * n + i] = -1;
    }
    const expected = Array.from({ length: n }, (_, k) => 2 - 2 * Math.cos(((k + 1) * Math.PI) / (n + 1)));
    symmetricEigenvalues(a, n).forEach((v, k) => expect(v).toBeCloseTo(expected[k]!, 12));
  });
});
