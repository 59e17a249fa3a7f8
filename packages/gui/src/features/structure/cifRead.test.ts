import { describe, expect, it } from 'vitest';
import { structureFromCif } from './cifRead.ts';

const nacl = `data_NaCl
_cell_length_a 5.6402(3)
_cell_length_b 5.6402
_cell_length_c 5.6402
_cell_angle_alpha 90
_cell_angle_beta 90
_cell_angle_gamma 90
_symmetry_space_group_name_H-M 'F m -3 m'
loop_
_symmetry_equiv_pos_as_xyz
x,y,z
x,y+1/2,z+1/2
'x+1/2, y, z+1/2'
x+1/2,y+1/2,z
loop_
_atom_site_label
_atom_site_type_symbol
_atom_site_fract_x
_atom_site_fract_y
_atom_site_fract_z
Na1 Na 0 0 0
Cl1 Cl- 0.5 0.5 0.5
# a comment
data_second
_cell_length_a 1
`;

describe('structureFromCif', () => {
  it('applies the symmetry operations and reads the cell of the first block', () => {
    const s = structureFromCif(nacl);
    expect(s.species.filter((x) => x === 'Na')).toHaveLength(4);
    expect(s.species.filter((x) => x === 'Cl')).toHaveLength(4);
    expect(s.lattice?.[0][0]).toBeCloseTo(5.6402, 6);
    expect(s.lattice?.[2][2]).toBeCloseTo(5.6402, 6);
    // Cl at (0.5, 1.0, 1.0) wraps to (0.5, 0, 0) in Cartesian Å.
    expect(s.positions.some(([x, y, z]) => Math.abs(x - 2.8201) < 1e-6 && y === 0 && z === 0)).toBe(true);
  });

  it('reads a hexagonal cell and throws without a cell or sites', () => {
    const hex = `data_x\n_cell_length_a 3\n_cell_length_b 3\n_cell_length_c 5\n_cell_angle_gamma 120\nloop_\n_atom_site_label\n_atom_site_fract_x\n_atom_site_fract_y\n_atom_site_fract_z\nZn1 0.3333 0.6667 0\n`;
    const s = structureFromCif(hex);
    expect(s.species).toEqual(['Zn']);
    expect(s.lattice?.[1][0]).toBeCloseTo(-1.5, 6);
    expect(() => structureFromCif('data_x\n_cell_length_a 3\n')).toThrow('The CIF file has no cell.');
    expect(() => structureFromCif('data_x\n_cell_length_a 3\n_cell_length_b 3\n_cell_length_c 3\n')).toThrow(
      'The CIF file has no atom sites.',
    );
  });
});
