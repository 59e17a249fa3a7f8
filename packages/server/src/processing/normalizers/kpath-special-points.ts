// Special k-points of the Brillouin zone of each Bravais lattice in the convention of Setyawan and
// Curtarolo (Comp. Mat. Sci. 49, 299 (2010)), which NOMAD's band-structure normaliser labels with.
// Each table gives the points in the reciprocal basis of the paper's standard primitive cell, built
// from the paper's conventional lattice parameters, so the conventional cell of the symmetry analysis
// is first brought into the paper's setting (axis order a < b < c, monoclinic unique axis a with
// alpha < 90°, ...). Triclinic lattices are not covered: their standard needs a reduced reciprocal
// cell, and only Γ can be named there without it.
import { add3, dot, inverse3, norm, scaleVec3, type Mat3, type Vec3 } from '@oasis/chem';
import { reciprocalCell } from './electronic-kspace.ts';

export interface StandardBrillouinZone {
  /** The paper's lattice variant ('FCC', 'BCT2', 'MCLC3' ...). */
  variant: string;
  /** The paper's standard primitive cell (rows, m). */
  primitive: Mat3;
  /** Special points, fractional in the reciprocal basis of `primitive`. */
  points: Readonly<Record<string, Vec3>>;
}

/** Relative tolerance of the metric checks on the idealised conventional cell. */
const METRIC_TOLERANCE = 1e-3;
const GAMMA = 'Γ';

const cosine = (u: Vec3, v: Vec3): number => dot(u, v) / (norm(u) * norm(v));

function zone(variant: string, primitive: Mat3, points: Record<string, Vec3>): StandardBrillouinZone {
  return { variant, primitive, points: { [GAMMA]: [0, 0, 0], ...points } };
}

function cubic(bravais: string, a: number): StandardBrillouinZone {
  const h = a / 2;
  if (bravais === 'cP') {
    const lattice: Mat3 = [
      [a, 0, 0],
      [0, a, 0],
      [0, 0, a],
    ];
    return zone('CUB', lattice, { M: [0.5, 0.5, 0], R: [0.5, 0.5, 0.5], X: [0, 0.5, 0] });
  }
  if (bravais === 'cF') {
    const lattice: Mat3 = [
      [0, h, h],
      [h, 0, h],
      [h, h, 0],
    ];
    return zone('FCC', lattice, {
      K: [3 / 8, 3 / 8, 3 / 4],
      L: [0.5, 0.5, 0.5],
      U: [5 / 8, 1 / 4, 5 / 8],
      W: [0.5, 0.25, 0.75],
      X: [0.5, 0, 0.5],
    });
  }
  const lattice: Mat3 = [
    [-h, h, h],
    [h, -h, h],
    [h, h, -h],
  ];
  return zone('BCC', lattice, { H: [0.5, -0.5, 0.5], P: [0.25, 0.25, 0.25], N: [0, 0, 0.5] });
}

function tetragonal(bravais: string, a: number, c: number): StandardBrillouinZone {
  if (bravais === 'tP') {
    const lattice: Mat3 = [
      [a, 0, 0],
      [0, a, 0],
      [0, 0, c],
    ];
    return zone('TET', lattice, {
      A: [0.5, 0.5, 0.5],
      M: [0.5, 0.5, 0],
      R: [0, 0.5, 0.5],
      X: [0, 0.5, 0],
      Z: [0, 0, 0.5],
    });
  }
  const lattice: Mat3 = [
    [-a / 2, a / 2, c / 2],
    [a / 2, -a / 2, c / 2],
    [a / 2, a / 2, -c / 2],
  ];
  const eta = (1 + (c * c) / (a * a)) / 4;
  if (c < a) {
    return zone('BCT1', lattice, {
      M: [-0.5, 0.5, 0.5],
      N: [0, 0.5, 0],
      P: [0.25, 0.25, 0.25],
      X: [0, 0, 0.5],
      Z: [eta, eta, -eta],
      Z1: [-eta, 1 - eta, eta],
    });
  }
  const eta2 = (1 + (a * a) / (c * c)) / 4;
  const zeta = (a * a) / (2 * c * c);
  return zone('BCT2', lattice, {
    N: [0, 0.5, 0],
    P: [0.25, 0.25, 0.25],
    Σ: [-eta2, eta2, eta2],
    Σ1: [eta2, 1 - eta2, -eta2],
    X: [0, 0, 0.5],
    Y: [-zeta, zeta, 0.5],
    Y1: [0.5, 0.5, -zeta],
    Z: [0.5, 0.5, -0.5],
  });
}

/** ORC, ORCF, ORCI with a < b < c; ORCC with a < b across the centred face and c the third axis. */
function orthorhombic(bravais: string, a: number, b: number, c: number): StandardBrillouinZone {
  if (bravais === 'oP') {
    const lattice: Mat3 = [
      [a, 0, 0],
      [0, b, 0],
      [0, 0, c],
    ];
    return zone('ORC', lattice, {
      R: [0.5, 0.5, 0.5],
      S: [0.5, 0.5, 0],
      T: [0, 0.5, 0.5],
      U: [0.5, 0, 0.5],
      X: [0.5, 0, 0],
      Y: [0, 0.5, 0],
      Z: [0, 0, 0.5],
    });
  }
  const [a2, b2, c2] = [a * a, b * b, c * c];
  if (bravais === 'oF') {
    const lattice: Mat3 = [
      [0, b / 2, c / 2],
      [a / 2, 0, c / 2],
      [a / 2, b / 2, 0],
    ];
    // ORCF3 (1/a² = 1/b² + 1/c²) has the points of ORCF1.
    if (1 / a2 >= 1 / b2 + 1 / c2) {
      const eta = (1 + a2 / b2 + a2 / c2) / 4;
      const zeta = (1 + a2 / b2 - a2 / c2) / 4;
      return zone('ORCF1', lattice, {
        A: [0.5, 0.5 + zeta, zeta],
        A1: [0.5, 0.5 - zeta, 1 - zeta],
        L: [0.5, 0.5, 0.5],
        T: [1, 0.5, 0.5],
        X: [0, eta, eta],
        X1: [1, 1 - eta, 1 - eta],
        Y: [0.5, 0, 0.5],
        Z: [0.5, 0.5, 0],
      });
    }
    const eta = (1 + a2 / b2 - a2 / c2) / 4;
    const delta = (1 + b2 / a2 - b2 / c2) / 4;
    const phi = (1 + c2 / b2 - c2 / a2) / 4;
    return zone('ORCF2', lattice, {
      C: [0.5, 0.5 - eta, 1 - eta],
      C1: [0.5, 0.5 + eta, eta],
      D: [0.5 - delta, 0.5, 1 - delta],
      D1: [0.5 + delta, 0.5, delta],
      L: [0.5, 0.5, 0.5],
      H: [1 - phi, 0.5 - phi, 0.5],
      H1: [phi, 0.5 + phi, 0.5],
      X: [0, 0.5, 0.5],
      Y: [0.5, 0, 0.5],
      Z: [0.5, 0.5, 0],
    });
  }
  if (bravais === 'oI') {
    const lattice: Mat3 = [
      [-a / 2, b / 2, c / 2],
      [a / 2, -b / 2, c / 2],
      [a / 2, b / 2, -c / 2],
    ];
    const zeta = (1 + a2 / c2) / 4;
    const eta = (1 + b2 / c2) / 4;
    const delta = (b2 - a2) / (4 * c2);
    const mu = (a2 + b2) / (4 * c2);
    return zone('ORCI', lattice, {
      L: [-mu, mu, 0.5 - delta],
      L1: [mu, -mu, 0.5 + delta],
      L2: [0.5 - delta, 0.5 + delta, -mu],
      R: [0, 0.5, 0],
      S: [0.5, 0, 0],
      T: [0, 0, 0.5],
      W: [0.25, 0.25, 0.25],
      X: [-zeta, zeta, zeta],
      X1: [zeta, 1 - zeta, -zeta],
      Y: [eta, -eta, eta],
      Y1: [1 - eta, eta, -eta],
      Z: [0.5, 0.5, -0.5],
    });
  }
  const lattice: Mat3 = [
    [a / 2, -b / 2, 0],
    [a / 2, b / 2, 0],
    [0, 0, c],
  ];
  const zeta = (1 + a2 / b2) / 4;
  return zone('ORCC', lattice, {
    A: [zeta, zeta, 0.5],
    A1: [-zeta, 1 - zeta, 0.5],
    R: [0, 0.5, 0.5],
    S: [0, 0.5, 0],
    T: [-0.5, 0.5, 0.5],
    X: [zeta, zeta, 0],
    X1: [-zeta, 1 - zeta, 0],
    Y: [-0.5, 0.5, 0],
    Z: [0, 0, 0.5],
  });
}

function hexagonal(a: number, c: number): StandardBrillouinZone {
  const s = (a * Math.sqrt(3)) / 2;
  const lattice: Mat3 = [
    [a / 2, -s, 0],
    [a / 2, s, 0],
    [0, 0, c],
  ];
  return zone('HEX', lattice, {
    A: [0, 0, 0.5],
    H: [1 / 3, 1 / 3, 0.5],
    K: [1 / 3, 1 / 3, 0],
    L: [0.5, 0, 0.5],
    M: [0.5, 0, 0],
  });
}

/** Rhombohedral cell of edge a and angle alpha (rad). */
function rhombohedral(a: number, alpha: number): StandardBrillouinZone {
  const half = alpha / 2;
  const cz = Math.cos(alpha) / Math.cos(half);
  const lattice: Mat3 = [
    [a * Math.cos(half), -a * Math.sin(half), 0],
    [a * Math.cos(half), a * Math.sin(half), 0],
    [a * cz, 0, a * Math.sqrt(1 - cz * cz)],
  ];
  if (alpha < Math.PI / 2) {
    const eta = (1 + 4 * Math.cos(alpha)) / (2 + 4 * Math.cos(alpha));
    const nu = 3 / 4 - eta / 2;
    return zone('RHL1', lattice, {
      B: [eta, 0.5, 1 - eta],
      B1: [0.5, 1 - eta, eta - 1],
      F: [0.5, 0.5, 0],
      L: [0.5, 0, 0],
      L1: [0, 0, -0.5],
      P: [eta, nu, nu],
      P1: [1 - nu, 1 - nu, 1 - eta],
      P2: [nu, nu, eta - 1],
      Q: [1 - nu, nu, 0],
      X: [nu, 0, -nu],
      Z: [0.5, 0.5, 0.5],
    });
  }
  const eta = 1 / (2 * Math.tan(half) ** 2);
  const nu = 3 / 4 - eta / 2;
  return zone('RHL2', lattice, {
    F: [0.5, -0.5, 0],
    L: [0.5, 0, 0],
    P: [1 - nu, -nu, 1 - nu],
    P1: [nu, nu - 1, nu - 1],
    Q: [eta, eta, eta],
    Q1: [1 - eta, -eta, -eta],
    Z: [0.5, -0.5, 0.5],
  });
}

/** MCL: unique axis a, b <= c, alpha (rad) < 90° between b and c. */
function monoclinic(a: number, b: number, c: number, alpha: number): StandardBrillouinZone {
  const [cos, sin] = [Math.cos(alpha), Math.sin(alpha)];
  const lattice: Mat3 = [
    [a, 0, 0],
    [0, b, 0],
    [0, c * cos, c * sin],
  ];
  const eta = (1 - (b * cos) / c) / (2 * sin * sin);
  const nu = 0.5 - (eta * c * cos) / b;
  return zone('MCL', lattice, {
    A: [0.5, 0.5, 0],
    C: [0, 0.5, 0.5],
    D: [0.5, 0, 0.5],
    D1: [0.5, 0, -0.5],
    E: [0.5, 0.5, 0.5],
    H: [0, eta, 1 - nu],
    H1: [0, 1 - eta, nu],
    H2: [0, eta, -nu],
    M: [0.5, eta, 1 - nu],
    M1: [0.5, 1 - eta, nu],
    M2: [0.5, eta, -nu],
    X: [0, 0.5, 0],
    Y: [0, 0, 0.5],
    Y1: [0, 0, -0.5],
    Z: [0.5, 0, 0],
  });
}

/** MCLC: unique axis a, centring on the ab face, b <= c, alpha (rad) < 90° between b and c. */
function monoclinicCentred(a: number, b: number, c: number, alpha: number): StandardBrillouinZone {
  const [cos, sin] = [Math.cos(alpha), Math.sin(alpha)];
  const lattice: Mat3 = [
    [a / 2, b / 2, 0],
    [-a / 2, b / 2, 0],
    [0, c * cos, c * sin],
  ];
  const [a2, b2, sin2] = [a * a, b * b, sin * sin];
  // k_gamma, the angle between the first two reciprocal vectors, decides between MCLC1/2 and 3-5.
  const [k1, k2] = reciprocalCell(lattice);
  const kGammaCos = cosine(k1, k2);
  if (kGammaCos <= 1e-9) {
    // k_gamma >= 90°: MCLC1, and MCLC2 (k_gamma = 90°) has the same points. The tables' F3
    // (1 - zeta, -zeta, 1 - eta) is left out: it lies outside the first zone (F minus b2), so
    // it cannot be told apart from F, and no path of the paper passes through it.
    const zeta = (2 - (b * cos) / c) / (4 * sin2);
    const eta = 0.5 + (2 * zeta * c * cos) / b;
    const psi = 0.75 - a2 / (4 * b2 * sin2);
    const phi = psi + ((0.75 - psi) * b * cos) / c;
    return zone(kGammaCos < -1e-9 ? 'MCLC1' : 'MCLC2', lattice, {
      N: [0.5, 0, 0],
      N1: [0, -0.5, 0],
      F: [1 - zeta, 1 - zeta, 1 - eta],
      F1: [zeta, zeta, eta],
      F2: [-zeta, -zeta, 1 - eta],
      I: [phi, 1 - phi, 0.5],
      I1: [1 - phi, phi - 1, 0.5],
      L: [0.5, 0.5, 0.5],
      M: [0.5, 0, 0.5],
      X: [1 - psi, psi - 1, 0],
      X1: [psi, 1 - psi, 0],
      X2: [psi - 1, -psi, 0],
      Y: [0.5, 0.5, 0],
      Y1: [-0.5, -0.5, 0],
      Z: [0, 0, 0.5],
    });
  }
  const common: Record<string, Vec3> = {
    M: [0.5, 0, 0.5],
    N: [0.5, 0, 0],
    N1: [0, -0.5, 0],
    X: [0.5, -0.5, 0],
    Z: [0, 0, 0.5],
  };
  const criterion = (b * cos) / c + (b2 * sin2) / a2;
  if (criterion <= 1) {
    // MCLC3 (< 1) and MCLC4 (= 1) share their points.
    const mu = (1 + b2 / a2) / 4;
    const delta = (b * c * cos) / (2 * a2);
    const zeta = mu - 0.25 + (1 - (b * cos) / c) / (4 * sin2);
    const eta = 0.5 + (2 * zeta * c * cos) / b;
    const phi = 1 + zeta - 2 * mu;
    const psi = eta - 2 * delta;
    return zone(criterion < 1 - 1e-9 ? 'MCLC3' : 'MCLC4', lattice, {
      ...common,
      F: [1 - phi, 1 - phi, 1 - psi],
      F1: [phi, phi - 1, psi],
      F2: [1 - phi, -phi, 1 - psi],
      H: [zeta, zeta, eta],
      H1: [1 - zeta, -zeta, 1 - eta],
      H2: [-zeta, -zeta, 1 - eta],
      I: [0.5, -0.5, 0.5],
      Y: [mu, mu, delta],
      Y1: [1 - mu, -mu, -delta],
      Y2: [-mu, -mu, -delta],
      Y3: [mu, mu - 1, delta],
    });
  }
  const zeta = (b2 / a2 + (1 - (b * cos) / c) / sin2) / 4;
  const eta = 0.5 + (2 * zeta * c * cos) / b;
  const mu = eta / 2 + b2 / (4 * a2) - (b * c * cos) / (2 * a2);
  const nu = 2 * mu - zeta;
  const rho = 1 - (zeta * a2) / b2;
  const omega = ((4 * nu - 1 - (b2 * sin2) / a2) * c) / (2 * b * cos);
  const delta = (zeta * c * cos) / b + omega / 2 - 0.25;
  return zone('MCLC5', lattice, {
    ...common,
    F: [nu, nu, omega],
    F1: [1 - nu, 1 - nu, 1 - omega],
    F2: [nu, nu - 1, omega],
    H: [zeta, zeta, eta],
    H1: [1 - zeta, -zeta, 1 - eta],
    H2: [-zeta, -zeta, 1 - eta],
    I: [rho, 1 - rho, 0.5],
    I1: [1 - rho, rho - 1, 0.5],
    L: [0.5, 0.5, 0.5],
    Y: [mu, mu, delta],
    Y1: [1 - mu, -mu, -delta],
    Y2: [-mu, -mu, -delta],
    Y3: [mu, mu - 1, delta],
  });
}

function close(x: number, y: number): boolean {
  return Math.abs(x - y) <= METRIC_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
}

function requireMetric(ok: boolean, what: string): void {
  if (!ok) throw new Error(`the conventional cell is not ${what}`);
}

/** Whether v (Cartesian) is a vector of the lattice spanned by the rows of `primitive`. */
function isLatticeVector(v: Vec3, primitiveInverse: Mat3): boolean {
  const [r0, r1, r2] = primitiveInverse;
  const f = [0, 1, 2].map((j) => v[0] * r0[j]! + v[1] * r1[j]! + v[2] * r2[j]!);
  return f.every((x) => Math.abs(x - Math.round(x)) < 1e-3);
}

/** Which conventional axes (i, j) span the centred face of a base-centred cell, if any. */
function centredFace(conventional: Mat3, primitive: Mat3): [number, number] | undefined {
  const inv = inverse3(primitive);
  const pairs: [number, number][] = [
    [0, 1],
    [0, 2],
    [1, 2],
  ];
  return pairs.find(([i, j]) =>
    isLatticeVector(scaleVec3(add3(conventional[i]!, conventional[j]!), 0.5), inv),
  );
}

interface PlaneVector {
  v: Vec3;
  /** Coefficients over the original plane basis (b0, c0). */
  r: number;
  s: number;
}

/** A Lagrange-reduced basis of the 2D lattice {b0, c0}, so that small combinations reach its short vectors. */
function reducedPlane(b0: Vec3, c0: Vec3): [PlaneVector, PlaneVector] {
  let p: PlaneVector = { v: b0, r: 1, s: 0 };
  let q: PlaneVector = { v: c0, r: 0, s: 1 };
  for (;;) {
    if (norm(p.v) > norm(q.v)) [p, q] = [q, p];
    const m = Math.round(dot(p.v, q.v) / dot(p.v, p.v));
    if (m === 0) return [p, q];
    q = { v: add3(q.v, scaleVec3(p.v, -m)), r: q.r - m * p.r, s: q.s - m * p.s };
  }
}

/** Short vectors of the 2D lattice {b0, c0}, shortest first, with their coefficients over b0, c0. */
function planeVectors(b0: Vec3, c0: Vec3): PlaneVector[] {
  const [p, q] = reducedPlane(b0, c0);
  const out: PlaneVector[] = [];
  for (let x = -4; x <= 4; x++)
    for (let y = -4; y <= 4; y++)
      if (x !== 0 || y !== 0)
        out.push({
          v: add3(scaleVec3(p.v, x), scaleVec3(q.v, y)),
          r: x * p.r + y * q.r,
          s: x * p.s + y * q.s,
        });
  return out.sort((x, y) => norm(x.v) - norm(y.v));
}

/**
 * The monoclinic plane basis in the paper's setting: b the shortest allowed vector (for MCLC one
 * that stays centred with the unique axis: an odd multiple of b0 plus an even one of c0), c the
 * shortest vector completing a basis of the plane lattice, its sign chosen so that alpha < 90°.
 */
function monoclinicPlane(b0: Vec3, c0: Vec3, centred: boolean): { b: Vec3; c: Vec3 } {
  const vectors = planeVectors(b0, c0);
  const first = vectors.find(({ r, s }) => !centred || (Math.abs(r) % 2 === 1 && s % 2 === 0))!;
  const second = vectors.find(({ r, s }) => Math.abs(first.r * s - first.s * r) === 1)!;
  const c = dot(first.v, second.v) < 0 ? scaleVec3(second.v, -1) : second.v;
  return { b: first.v, c };
}

function monoclinicZone(
  bravais: string,
  conventional: Mat3,
  primitive: Mat3,
): StandardBrillouinZone | undefined {
  // The unique axis is the one perpendicular to the other two.
  const unique = [0, 1, 2].find((i) => {
    const [j, k] = [0, 1, 2].filter((x) => x !== i) as [number, number];
    return (
      Math.abs(cosine(conventional[i]!, conventional[j]!)) < 1e-6 &&
      Math.abs(cosine(conventional[i]!, conventional[k]!)) < 1e-6
    );
  });
  if (unique === undefined) throw new Error('the conventional cell has no monoclinic unique axis');
  const u = conventional[unique]!;
  let [other0, other1] = [0, 1, 2].filter((x) => x !== unique) as [number, number];
  const centred = bravais !== 'mP';
  let [b0, c0] = [conventional[other0]!, conventional[other1]!];
  if (centred) {
    const face = centredFace(conventional, primitive);
    if (face?.includes(unique)) {
      // b0 must be the axis centred together with the unique one.
      if (!face.includes(other0)) [other0, other1] = [other1, other0];
      [b0, c0] = [conventional[other0]!, conventional[other1]!];
    } else if (isLatticeVector(scaleVec3(add3(u, add3(b0, c0)), 0.5), inverse3(primitive))) {
      // Body-centred setting: (u + b0 + c0)/2 is the centring, so b0 + c0 is centred with u.
      b0 = add3(b0, c0);
    } else {
      throw new Error('the base-centred monoclinic cell is centred on no face containing its unique axis');
    }
  }
  const { b, c } = monoclinicPlane(b0, c0, centred);
  const alpha = Math.acos(cosine(b, c));
  const [a, lb, lc] = [norm(u), norm(b), norm(c)];
  // The paper's MCLC tables hold for b <= c only; another cell choice would need a re-derivation.
  if (centred && lb > lc * (1 + METRIC_TOLERANCE)) return undefined;
  return centred ? monoclinicCentred(a, lb, lc, alpha) : monoclinic(a, lb, lc, alpha);
}

/**
 * The standard Brillouin zone of a Bravais lattice (Pearson symbol 'cF', 'tI', 'oS', 'hR' ...) given
 * the conventional cell of the symmetry analysis (rows, m; ITA setting: c unique for tetragonal and
 * hexagonal, hexagonal axes for hR) and its primitive cell, which shows which face is centred.
 * Undefined for triclinic lattices and monoclinic cells outside the tables' range; throws for an
 * unknown symbol or a conventional cell that does not have the symbol's metric.
 */
export function standardBrillouinZone(
  bravais: string,
  conventional: Mat3,
  primitive: Mat3,
): StandardBrillouinZone | undefined {
  const [la, lb, lc] = [norm(conventional[0]), norm(conventional[1]), norm(conventional[2])];
  const right = (i: number, j: number): boolean =>
    Math.abs(cosine(conventional[i]!, conventional[j]!)) < 1e-6;
  const orthogonal = right(0, 1) && right(0, 2) && right(1, 2);
  switch (bravais) {
    case 'cP':
    case 'cF':
    case 'cI':
      requireMetric(orthogonal && close(la, lb) && close(la, lc), 'cubic');
      return cubic(bravais, (la + lb + lc) / 3);
    case 'tP':
    case 'tI':
      requireMetric(orthogonal && close(la, lb), 'tetragonal with c unique');
      return tetragonal(bravais, (la + lb) / 2, lc);
    case 'oP':
    case 'oF':
    case 'oI': {
      requireMetric(orthogonal, 'orthorhombic');
      const [a, b, c] = [la, lb, lc].sort((x, y) => x - y) as Vec3;
      return orthorhombic(bravais, a, b, c);
    }
    case 'oS':
    case 'oC':
    case 'oA': {
      requireMetric(orthogonal, 'orthorhombic');
      const face = centredFace(conventional, primitive);
      if (!face) throw new Error('the base-centred orthorhombic cell has no centred face');
      const third = 3 - face[0] - face[1];
      const [a, b] = [norm(conventional[face[0]]!), norm(conventional[face[1]]!)].sort((x, y) => x - y) as [
        number,
        number,
      ];
      return orthorhombic('oS', a, b, norm(conventional[third]!));
    }
    case 'hP':
    case 'hR': {
      const hexagonalAxes =
        right(0, 2) &&
        right(1, 2) &&
        close(la, lb) &&
        Math.abs(cosine(conventional[0], conventional[1]) + 0.5) < 1e-3;
      requireMetric(hexagonalAxes, 'hexagonal with c unique');
      const a = (la + lb) / 2;
      if (bravais === 'hP') return hexagonal(a, lc);
      // Rhombohedral cell of the hexagonal triple cell: a_r² = a²/3 + c²/9, and the angle from
      // a_r · a_r' = -a²/6 + c²/9.
      const ar2 = (a * a) / 3 + (lc * lc) / 9;
      return rhombohedral(Math.sqrt(ar2), Math.acos((-(a * a) / 6 + (lc * lc) / 9) / ar2));
    }
    case 'mP':
    case 'mS':
    case 'mC':
      return monoclinicZone(bravais, conventional, primitive);
    case 'aP':
      return undefined;
    default:
      throw new Error(`unknown Bravais lattice '${bravais}'`);
  }
}
