// CIF 1.1: the cell in Å and degrees, space group P 1 (every atom listed, no symmetry implied) and one
// atom_site row per atom with fractional coordinates. A CIF needs a cell: callers check for one.
import { cartesianToFractional, cellParametersInDegrees, type Mat3 } from '@oasis/chem';
import { fixed } from './fixed.ts';
import type { Atoms } from './atoms.ts';

/** A CIF data block name: letters, digits and a few marks, no white space. */
function blockName(title: string): string {
  return title.replace(/[^A-Za-z0-9_.()-]/g, '_') || 'system';
}

export function writeCif(atoms: Atoms & { lattice: Mat3 }, title: string): string {
  const cell = cellParametersInDegrees(atoms.lattice);
  const fractional = cartesianToFractional(atoms.positions, atoms.lattice);
  const counts = new Map<string, number>();
  const rows = atoms.species.map((symbol, i) => {
    const n = (counts.get(symbol) ?? 0) + 1;
    counts.set(symbol, n);
    const [x, y, z] = fractional[i]!;
    return `${`${symbol}${n}`.padEnd(8)} ${symbol.padEnd(2)} ${fixed(x, 8)} ${fixed(y, 8)} ${fixed(z, 8)} 1.0`;
  });
  return [
    `data_${blockName(title)}`,
    '',
    `_cell_length_a ${fixed(cell.a, 8)}`,
    `_cell_length_b ${fixed(cell.b, 8)}`,
    `_cell_length_c ${fixed(cell.c, 8)}`,
    `_cell_angle_alpha ${fixed(cell.alpha, 6)}`,
    `_cell_angle_beta ${fixed(cell.beta, 6)}`,
    `_cell_angle_gamma ${fixed(cell.gamma, 6)}`,
    '',
    "_symmetry_space_group_name_H-M 'P 1'",
    '_symmetry_Int_Tables_number 1',
    '',
    'loop_',
    '_symmetry_equiv_pos_as_xyz',
    "'x, y, z'",
    '',
    'loop_',
    '_atom_site_label',
    '_atom_site_type_symbol',
    '_atom_site_fract_x',
    '_atom_site_fract_y',
    '_atom_site_fract_z',
    '_atom_site_occupancy',
    ...rows,
    '',
  ].join('\n');
}
