// Force constants from finite displacements. For each displaced atom, the site-symmetry operations of
// the perfect supercell that keep it in place turn each displacement into more (rotated displacements
// with rotated, permuted forces); Φ(a, j) then follows by least squares from F_j = −Φ(a, j)ᵀ u. Rows of
// the other atoms come from the space-group operations that map a displaced atom onto them:
// Φ(g a, g j) = R Φ(a, j) Rᵀ. Only the rows the dynamical matrix needs (one atom per unit-cell atom)
// are made, which keeps memory at n_unit × n_supercell blocks.
import { inverse3, type Mat3, type Vec3 } from '@oasis/chem';
import type { CellSymmetry } from './symmetry-ops.ts';

/** One supercell calculation: which atom moved, by how much (Å), and all forces (eV/Å). */
export interface DisplacementDataset {
  atom: number;
  displacement: Vec3;
  forces: Vec3[];
}

/** Φ(i, j) for the rows asked for: 9 numbers per atom j, row-major 3 x 3 (eV/Å²). */
export interface ForceConstantRows {
  rows: Map<number, Float64Array>;
  /** Largest |Σ_j Φ(a, j)| element before the sum-rule correction (eV/Å²). */
  sumRuleResidual: number;
}

const rotate = (r: Mat3, v: Vec3): Vec3 => [
  r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
  r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
  r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2],
];

/** Φ(a, ·) of one displaced atom from its datasets and site symmetry, rows summing to zero. */
function displacedRow(
  atom: number,
  datasets: readonly DisplacementDataset[],
  symmetry: CellSymmetry,
  nAtoms: number,
): { row: Float64Array; residual: number } {
  const site = symmetry.operations.map((_, op) => op).filter((op) => symmetry.image(op, atom) === atom);
  const u: Vec3[] = [];
  // forces[j] holds the rotated forces on atom j, one per (dataset, site operation).
  const forces: Vec3[][] = Array.from({ length: nAtoms }, () => []);
  for (const dataset of datasets)
    for (const op of site) {
      const { cartesian } = symmetry.operations[op]!;
      const permutation = symmetry.permutation(op);
      u.push(rotate(cartesian, dataset.displacement));
      const rotated: Vec3[] = new Array<Vec3>(nAtoms);
      dataset.forces.forEach((f, j) => (rotated[permutation[j]!] = rotate(cartesian, f)));
      rotated.forEach((f, j) => forces[j]!.push(f));
    }
  // Least squares: Φ(a, j) = −(UᵀU)⁻¹ Uᵀ F_j, with U and F_j the stacked rows.
  const utu: Mat3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (const v of u) for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) utu[p]![q]! += v[p]! * v[q]!;
  let inverse: Mat3;
  try {
    inverse = inverse3(utu);
  } catch {
    throw new Error(`the displacements of supercell atom ${atom + 1} do not span three directions`);
  }
  const row = new Float64Array(nAtoms * 9);
  for (let j = 0; j < nAtoms; j++) {
    // Uᵀ F_j (3 x 3), then −(UᵀU)⁻¹ times it.
    const utf = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    forces[j]!.forEach((f, k) => {
      const v = u[k]!;
      for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) utf[p * 3 + q]! += v[p]! * f[q]!;
    });
    for (let p = 0; p < 3; p++)
      for (let q = 0; q < 3; q++)
        row[j * 9 + p * 3 + q] = -(
          inverse[p]![0] * utf[q]! +
          inverse[p]![1] * utf[3 + q]! +
          inverse[p]![2] * utf[6 + q]!
        );
  }
  // Acoustic sum rule Σ_j Φ(a, j) = 0 (a rigid shift costs no energy): the residual goes into the
  // self term. With drift-free forces it is rounding-sized; phonopy applies no such correction by default.
  let residual = 0;
  for (let e = 0; e < 9; e++) {
    let sum = 0;
    for (let j = 0; j < nAtoms; j++) sum += row[j * 9 + e]!;
    residual = Math.max(residual, Math.abs(sum));
    row[atom * 9 + e]! -= sum;
  }
  return { row, residual };
}

/** Φ(i, ·) for each atom of `wanted`, from the datasets and the supercell's symmetry. */
export function forceConstantRows(
  datasets: readonly DisplacementDataset[],
  symmetry: CellSymmetry,
  nAtoms: number,
  wanted: readonly number[],
): ForceConstantRows {
  const byAtom = new Map<number, DisplacementDataset[]>();
  for (const d of datasets) byAtom.set(d.atom, [...(byAtom.get(d.atom) ?? []), d]);
  const displaced = new Map<number, Float64Array>();
  let sumRuleResidual = 0;
  for (const [atom, sets] of byAtom) {
    const { row, residual } = displacedRow(atom, sets, symmetry, nAtoms);
    displaced.set(atom, row);
    sumRuleResidual = Math.max(sumRuleResidual, residual);
  }
  const rows = new Map<number, Float64Array>();
  for (const target of wanted) {
    let mapped: { op: number; atom: number } | undefined;
    for (let op = 0; op < symmetry.operations.length && !mapped; op++)
      for (const atom of displaced.keys())
        if (symmetry.image(op, atom) === target) {
          mapped = { op, atom };
          break;
        }
    if (!mapped) throw new Error(`no displaced atom is equivalent to supercell atom ${target + 1}`);
    const source = displaced.get(mapped.atom)!;
    const r = symmetry.operations[mapped.op]!.cartesian;
    const permutation = symmetry.permutation(mapped.op);
    const row = new Float64Array(nAtoms * 9);
    for (let j = 0; j < nAtoms; j++) {
      // Φ(g a, g j) = R Φ(a, j) Rᵀ
      const to = permutation[j]! * 9;
      for (let p = 0; p < 3; p++)
        for (let q = 0; q < 3; q++) {
          let sum = 0;
          for (let s = 0; s < 3; s++)
            for (let t = 0; t < 3; t++) sum += r[p]![s]! * source[j * 9 + s * 3 + t]! * r[q]![t]!;
          row[to + p * 3 + q] = sum;
        }
    }
    rows.set(target, row);
  }
  return { rows, sumRuleResidual };
}
