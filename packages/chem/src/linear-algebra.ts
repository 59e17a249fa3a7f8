// 3-vectors and 3 × 3 matrices (as rows) for cells and structures.

export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

export function dot(u: Vec3, v: Vec3): number {
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
}

export function cross(u: Vec3, v: Vec3): Vec3 {
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

export function norm(u: Vec3): number {
  return Math.sqrt(dot(u, u));
}

export function add3(u: Vec3, v: Vec3): Vec3 {
  return [u[0] + v[0], u[1] + v[1], u[2] + v[2]];
}

export function sub3(u: Vec3, v: Vec3): Vec3 {
  return [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
}

export function scaleVec3(v: Vec3, factor: number): Vec3 {
  return [v[0] * factor, v[1] * factor, v[2] * factor];
}

export function scaleMat3(m: Mat3, factor: number): Mat3 {
  return [scaleVec3(m[0], factor), scaleVec3(m[1], factor), scaleVec3(m[2], factor)];
}

export function det3(m: Mat3): number {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/** Throws 'matrix is singular' for a matrix without an inverse (e.g. a cell without volume). */
export function inverse3(m: Mat3): Mat3 {
  const det = det3(m);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) throw new Error('matrix is singular');
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

export function multiply3(x: Mat3, y: Mat3): Mat3 {
  const result: Mat3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++) {
    const r = x[i]!;
    const out = result[i]!;
    for (let j = 0; j < 3; j++) out[j] = r[0] * y[0][j]! + r[1] * y[1][j]! + r[2] * y[2][j]!;
  }
  return result;
}

export function transpose3(m: Mat3): Mat3 {
  return [
    [m[0][0], m[1][0], m[2][0]],
    [m[0][1], m[1][1], m[2][1]],
    [m[0][2], m[1][2], m[2][2]],
  ];
}

/** m · v (v as a column). */
export function apply3(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
    m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
    m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
  ];
}
