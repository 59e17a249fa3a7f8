import type { Mat3, Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { spglibMonoclinicCell } from './symmetry-monoclinic.ts';
import { loadMoyo } from './symmetry-moyo.ts';
import { operationsFromMoyo } from './symmetry-wyckoff.ts';

const settingOperations = async (number: number, hallNumber: number) =>
  operationsFromMoyo(
    (await loadMoyo()).operations_from_number(number, { type: 'HallNumber', value: hallNumber }, false),
  );

const parameters = (lattice: Mat3) => {
  const length = (v: Vec3) => Math.hypot(...v);
  const [a, b, c] = lattice;
  const beta =
    (Math.acos((a[0] * c[0] + a[1] * c[1] + a[2] * c[2]) / (length(a) * length(c))) * 180) / Math.PI;
  return [length(a), length(b), length(c), beta].map((x) => Number(x.toFixed(3)));
};

describe("spglib's monoclinic cell", () => {
  it('takes the shorter of a and c as a, beta obtuse (SARSUC.cif, P2_1/m)', async () => {
    const moyoCell: Mat3 = [
      [18.5574, 0, 0],
      [0, 18.706, 0],
      [-0.7279, 0, 9.3874],
    ];
    const { lattice, positions } = spglibMonoclinicCell(
      moyoCell,
      [[0.1, 0.25, 0.3]],
      await settingOperations(11, 60),
      1e-8,
    );
    // spglib's standardize_cell for the same file: 9.4156, 18.706, 18.5574 Å, beta 94.434°.
    expect(parameters(lattice)).toEqual([9.416, 18.706, 18.557, 94.434]);
    expect(positions[0]!.map((x) => Number(x.toFixed(6)))).toEqual([0.3, 0.75, 0.1]);
  });

  it('keeps a centring and a glide, with a longer vector and another origin where needed (Cc)', async () => {
    // moyo's cell of a Cc crystal (hall 39); spglib's is 4.620, 10.105, 5.049 Å, beta 98.330°.
    const moyoCell: Mat3 = [
      [18.29314495284602, 0, 0],
      [0, 10.10544761121185, 0],
      [-7.211353018708981, 0, 1.2616997829259127],
    ];
    const { lattice } = spglibMonoclinicCell(moyoCell, [], await settingOperations(9, 39), 1e-8);
    expect(parameters(lattice)).toEqual([4.62, 10.105, 5.049, 98.33]);
  });
});
