// The whole force-constant and dynamical-matrix chain on a model with a closed-form answer: a simple
// cubic lattice of one atom with central nearest-neighbour springs k, whose α-polarised branch is
// ω_α(q)² = (2k/m)(1 − cos 2πq_α). The supercell forces are made from that model for one displacement
// along x; the site symmetry has to supply y and z.
import type { Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { dynamicalMatrix } from './dynamical-matrix.ts';
import { forceConstantRows } from './force-constants.ts';
import { irreducibleMesh } from './mesh.ts';
import { SPRING, springForces, springFrequencies, springSupercell, springUnit } from './spring-model.ts';
import { cellSymmetry } from './symmetry-ops.ts';

const { k, mass } = SPRING;
const unit = springUnit;
const analytic = springFrequencies;

describe('force constants and frequencies of a nearest-neighbour spring lattice', () => {
  it('reproduce the closed-form dispersion at commensurate and general q', async () => {
    const { supercell, fractional } = springSupercell();
    expect(supercell.positions).toHaveLength(27);
    const moved = supercell.representative[0]!;
    const u: Vec3 = [0.01, 0, 0];
    const forces = springForces(supercell, fractional, moved, u);
    const symmetry = await cellSymmetry(supercell, 1e-5);
    expect(symmetry.operations).toHaveLength(48 * 27);
    const { rows, sumRuleResidual } = forceConstantRows(
      [{ atom: moved, displacement: u, forces }],
      symmetry,
      27,
      supercell.representative,
    );
    expect(sumRuleResidual).toBeLessThan(1e-12);
    const row = rows.get(moved)!;
    // The self term is 2k on the diagonal in all three directions, though only x was displaced.
    expect([row[moved * 9]!, row[moved * 9 + 4]!, row[moved * 9 + 8]!].map((x) => x / k)).toEqual(
      [2, 2, 2].map((x) => expect.closeTo(x, 12)),
    );
    const dynamical = dynamicalMatrix(supercell, unit.lattice, rows, [mass], 1e-5);
    for (const q of [
      [0, 0, 0],
      [1 / 3, 0, 0],
      [0.5, 0.5, 0.5],
      [0.13, 0.27, 0.41],
      [-0.2, 0.45, 0.05],
    ] as Vec3[])
      dynamical.frequencies(q).forEach((f, i) => expect(f).toBeCloseTo(analytic(q)[i]!, 9));
  });
});

describe('irreducibleMesh', () => {
  it('reduces a cubic Γ-centred mesh by the 48 rotations and keeps the weights', async () => {
    const symmetry = await cellSymmetry(unit, 1e-5);
    const mesh = irreducibleMesh(
      [4, 4, 4],
      symmetry.operations.map((op) => op.rotation),
    );
    expect(mesh.weights.reduce((s, w) => s + w, 0)).toBe(64);
    // (000) (100) (200) (110) (210) (220) (111) (211) (221) (222) in units of 1/4.
    expect(mesh.qpoints).toHaveLength(10);
    // Without rotations only time reversal reduces: 64 points pair up except the 8 with q = −q.
    expect(irreducibleMesh([4, 4, 4], []).qpoints).toHaveLength(8 + 28);
  });
});
