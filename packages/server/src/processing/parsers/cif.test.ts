import { cellVolume } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMoyo } from '../normalizers/symmetry-moyo.ts';
import { parseMainfile } from '../pipeline.ts';
import { cifParser } from './cif.ts';
import { moyoTables, type SpaceGroupTables } from './cif-spacegroup.ts';
import { elementFromLabel, readCifStructure } from './cif-structure.ts';

/** The 192 operations of Fm-3m: 48 signed axis permutations times the four F-centring shifts. */
function fm3mOperations(): string[] {
  // prettier-ignore
  const perms = [
    ['x', 'y', 'z'], ['x', 'z', 'y'], ['y', 'x', 'z'], ['y', 'z', 'x'], ['z', 'x', 'y'], ['z', 'y', 'x'],
  ];
  const shifts = [
    ['', '', ''],
    ['', '+1/2', '+1/2'],
    ['+1/2', '', '+1/2'],
    ['+1/2', '+1/2', ''],
  ];
  const ops: string[] = [];
  for (const shift of shifts) {
    for (const perm of perms) {
      for (let signs = 0; signs < 8; signs++) {
        const parts = perm.map((axis, i) => `${(signs >> i) & 1 ? '-' : ''}${axis}${shift[i]}`);
        ops.push(`'${parts.join(', ')}'`);
      }
    }
  }
  return ops;
}

const NACL = `# rock salt, conventional cell written as asymmetric unit + Fm-3m operations
data_NaCl
_chemical_name_common 'Sodium chloride'
_chemical_formula_sum 'Cl Na'
_cell_length_a 5.6402(3)
_cell_length_b 5.6402(3)
_cell_length_c 5.6402(3)
_cell_angle_alpha 90
_cell_angle_beta 90
_cell_angle_gamma 90
_symmetry_space_group_name_H-M 'F m -3 m'
_symmetry_Int_Tables_number 225
loop_
_symmetry_equiv_pos_as_xyz
${fm3mOperations().join('\n')}
loop_
_atom_site_label
_atom_site_type_symbol
_atom_site_fract_x
_atom_site_fract_y
_atom_site_fract_z
_atom_site_occupancy
Na1 Na1+ 0 0 0 1.0
Cl1 Cl1- 0.5 0.5 0.5 1.0
`;

const P1 = `data_p1_example
_cell_length_a 3.0
_cell_length_b 4.0
_cell_length_c 5.0
_cell_angle_alpha 90.0
_cell_angle_beta 90.0
_cell_angle_gamma 90.0
_space_group_name_H-M_alt 'P 1'
_space_group_IT_number 1
loop_
_space_group_symop_operation_xyz
x,y,z
loop_
_atom_site_label
_atom_site_fract_x
_atom_site_fract_y
_atom_site_fract_z
O2- 0.1 0.2 0.3
Ag1 0.5 0.5 0.5
Co1 0.0 0.0 0.0
`;

describe('elementFromLabel', () => {
  it('strips charges and digits and prefers two-letter symbols', () => {
    expect(elementFromLabel('O2-')).toBe('O');
    expect(elementFromLabel('Ag1')).toBe('Ag');
    expect(elementFromLabel('Co3')).toBe('Co');
    expect(elementFromLabel('CL1')).toBe('Cl');
    expect(elementFromLabel('Ow')).toBe('O');
    expect(elementFromLabel('Fe3+')).toBe('Fe');
    expect(elementFromLabel('123')).toBeUndefined();
  });
});

describe('readCifStructure', () => {
  it('expands NaCl with the Fm-3m operations into the 8-atom conventional cell', () => {
    const cif = readCifStructure(NACL);
    const { structure } = cif;
    expect(cif.nSymmetryOperations).toBe(192);
    expect(structure.species).toHaveLength(8);
    expect(structure.species.filter((s) => s === 'Na')).toHaveLength(4);
    expect(structure.species.filter((s) => s === 'Cl')).toHaveLength(4);
    expect(cif.spaceGroupSymbol).toBe('F m -3 m');
    expect(cif.spaceGroupNumber).toBe(225);
    expect(cif.formula).toBe('Cl Na');
    expect(structure.lattice?.[0][0]).toBeCloseTo(5.6402e-10, 20);
    expect(structure.periodic).toEqual([true, true, true]);
    // Every position is inside the cell (wrapped into [0, 1) before conversion to m).
    for (const p of structure.positions) {
      for (const x of p) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(5.6402e-10);
      }
    }
    const na = structure.positions
      .filter((_, i) => structure.species[i] === 'Na')
      .map((p) => p.map((x) => Math.round((x / 5.6402e-10) * 2) / 2));
    expect(na.map((p) => p.join(',')).sort()).toEqual(['0,0,0', '0,0.5,0.5', '0.5,0,0.5', '0.5,0.5,0']);
    expect(cif.warnings).toEqual([]);
  });

  it('reads a P1 file with symbols from labels', () => {
    const cif = readCifStructure(P1);
    expect(cif.structure.species).toEqual(['O', 'Ag', 'Co']);
    expect(cif.structure.labels).toEqual(['O2-', 'Ag1', 'Co1']);
    expect(cif.structure.occupancies).toEqual([1, 1, 1]);
    const [x, y, z] = cif.structure.positions[0] ?? [];
    expect(x).toBeCloseTo(0.3e-10, 20);
    expect(y).toBeCloseTo(0.8e-10, 20);
    expect(z).toBeCloseTo(1.5e-10, 20);
    expect(cif.spaceGroupSymbol).toBe('P 1');
    expect(cif.spaceGroupNumber).toBe(1);
  });

  it('deduplicates images within the tolerance and across the cell boundary', () => {
    const text = P1.replace('x,y,z', 'x,y,z\n-x,-y,-z\nx+1,y,z').replace(
      'Co1 0.0 0.0 0.0',
      'Co1 0.0 0.0 0.0\nCo2 0.9996 0.0 0.0',
    );
    const cif = readCifStructure(text);
    // O has two images; Ag (1/2) and Co (0) sit on inversion centres; 'x+1' is the identity modulo
    // the cell; Co2 at 0.9996 is Co1 seen across the cell boundary.
    expect(cif.structure.species).toEqual(['O', 'O', 'Ag', 'Co']);
  });

  it('keeps occupancies and warns about partial occupancy', () => {
    const text = P1.replace('_atom_site_fract_z', '_atom_site_fract_z\n_atom_site_occupancy')
      .replace('O2- 0.1 0.2 0.3', 'O2- 0.1 0.2 0.3 0.5(1)')
      .replace('Ag1 0.5 0.5 0.5', 'Ag1 0.5 0.5 0.5 1')
      .replace('Co1 0.0 0.0 0.0', 'Co1 0.0 0.0 0.0 .');
    const cif = readCifStructure(text);
    expect(cif.structure.occupancies).toEqual([0.5, 1, 1]);
    expect(cif.warnings.join('\n')).toMatch(/partially occupied/);
  });

  it('uses the first block with atom sites and notes the others', () => {
    const cif = readCifStructure(`data_global\n_journal_year 2020\n${P1}data_other\n_cell_length_a 1\n`);
    expect(cif.blockName).toBe('p1_example');
    expect(cif.warnings.join('\n')).toMatch(/3 data blocks; used 'p1_example', ignored 'global', 'other'/);
  });

  it('warns when a space group is declared without operations', () => {
    const cif = readCifStructure(NACL.replace(/loop_\n_symmetry_equiv_pos_as_xyz\n[^]*?\nloop_/, 'loop_'));
    expect(cif.structure.species).toHaveLength(2);
    expect(cif.warnings.join('\n')).toMatch(/no symmetry operations/);
  });

  it('throws clear errors', () => {
    expect(() => readCifStructure('data_empty\n_cell_length_a 1\n')).toThrow('CIF file has no atom sites');
    expect(() => readCifStructure('')).toThrow('CIF file has no data block');
    expect(() => readCifStructure(P1.replace('_cell_angle_gamma 90.0', '_cell_angle_gamma 180'))).toThrow(
      'CIF cell volume is zero',
    );
    expect(() => readCifStructure(P1.replace('_cell_length_b 4.0', '_cell_length_b ?'))).toThrow(
      /no cell parameter _cell_length_b/,
    );
    expect(() => readCifStructure(P1.replace('Ag1 0.5', 'Qq1 0.5'))).toThrow(
      /atom site 'Qq1' has no recognisable element/,
    );
  });
});

/** A small CIF: cell (Å, degrees), symmetry items, and 'label x y z' site rows. */
function smallCif(cell: number[], symmetry: string, sites: string[], coordinates = 'fract'): string {
  const [a, b, c, alpha, beta, gamma] = cell;
  return `data_test
_cell_length_a ${a}
_cell_length_b ${b}
_cell_length_c ${c}
_cell_angle_alpha ${alpha}
_cell_angle_beta ${beta}
_cell_angle_gamma ${gamma}
${symmetry}
loop_
_atom_site_label
_atom_site_${coordinates}_x
_atom_site_${coordinates}_y
_atom_site_${coordinates}_z
${sites.join('\n')}
`;
}

const BENZENE_SITES = [
  'C1 -0.0569 0.1387 -0.0054',
  'C2 -0.1335 0.0460 0.1264',
  'C3 0.0774 0.0925 -0.1295',
  'H1 -0.0976 0.2447 -0.0092',
  'H2 -0.2409 0.0794 0.2218',
  'H3 0.1371 0.1631 -0.2312',
];
const BENZENE_CELL = [7.39, 9.42, 6.81, 90, 90, 90];

const parseCif = (name: string, text: string) =>
  parseMainfile({
    absolutePath: `/nonexistent/${name}`,
    relativePath: name,
    uploadId: 'u1',
    parser: cifParser,
    content: Buffer.from(text),
  });

describe('space groups named without operations', () => {
  let tables: SpaceGroupTables;
  beforeAll(async () => {
    tables = moyoTables(await loadMoyo());
  });
  const count = (text: string): number => readCifStructure(text, tables).structure.species.length;

  it('generates the 192 operations of F m -3 m for rock salt', () => {
    const cif = readCifStructure(
      NACL.replace(/loop_\n_symmetry_equiv_pos_as_xyz\n[^]*?\nloop_/, 'loop_'),
      tables,
    );
    expect(cif.operationsFrom).toBe('space group');
    expect(cif.nSymmetryOperations).toBe(192);
    expect(cif.structure.species.filter((s) => s === 'Na')).toHaveLength(4);
    expect(cif.structure.species.filter((s) => s === 'Cl')).toHaveLength(4);
    expect(cif.notes.join('\n')).toMatch(
      /192 operations of F 4\/m -3 2\/m .* declared space group 'F m -3 m', number 225/,
    );
    expect(cif.warnings).toEqual([]);
  });

  it('assumes origin choice 2 for F d -3 m unless the symbol says otherwise', () => {
    const diamond = (symbol: string, site: string): string =>
      smallCif([5.43, 5.43, 5.43, 90, 90, 90], `_symmetry_space_group_name_H-M '${symbol}'`, [site]);
    // 8a is (1/8, 1/8, 1/8) in origin choice 2 and (0, 0, 0) in origin choice 1: 8 atoms either way.
    const two = readCifStructure(diamond('F d -3 m', 'Si1 0.125 0.125 0.125'), tables);
    expect(two.structure.species).toHaveLength(8);
    expect(two.warnings.join('\n')).toMatch(/origin choice 2 \(ITA standard\) assumed/);
    const one = readCifStructure(diamond('F d -3 m :1', 'Si1 0 0 0'), tables);
    expect(one.structure.species).toHaveLength(8);
    expect(one.warnings).toEqual([]);
    // The same site read in the wrong origin is a 16-fold position.
    expect(count(diamond('F d -3 m', 'Si1 0 0 0'))).toBe(16);
  });

  it('reads the axes of rhombohedral groups from the cell', () => {
    const symmetry = "_symmetry_space_group_name_H-M 'R -3 m'";
    // Bi2Te3-like: Te1 on 3a (0,0,0) and Bi on 6c (0,0,z) in hexagonal axes; 1 and 2 atoms on rhombohedral axes.
    const hexagonal = smallCif([4.38, 4.38, 30.5, 90, 90, 120], symmetry, ['Te1 0 0 0', 'Bi1 0 0 0.4']);
    expect(count(hexagonal)).toBe(9);
    const rhombohedral = smallCif([10.47, 10.47, 10.47, 24.2, 24.2, 24.2], symmetry, [
      'Te1 0 0 0',
      'Bi1 0.4 0.4 0.4',
    ]);
    const r = readCifStructure(rhombohedral, tables);
    expect(r.structure.species).toEqual(['Te', 'Bi', 'Bi']);
    expect(r.warnings.join('\n')).toMatch(/rhombohedral axes assumed from the cell/);
  });

  it('accepts Hall symbols, CIF screw-axis spelling, abbreviated settings and bare numbers', () => {
    const general = ['O1 0.1 0.2 0.3'];
    const mono = [5, 6, 7, 90, 100, 90];
    expect(count(smallCif(mono, "_space_group_name_Hall '-P 2ybc'", general))).toBe(4);
    expect(count(smallCif(mono, "_symmetry_space_group_name_H-M 'P 21/c'", general))).toBe(4);
    expect(count(smallCif(mono, "_symmetry_space_group_name_H-M 'P 1 21/n 1'", general))).toBe(4);
    expect(count(smallCif(mono, "_symmetry_space_group_name_H-M 'P 21/n'", general))).toBe(4);
    expect(count(smallCif([5, 5, 5, 90, 90, 90], '_space_group_IT_number 225', ['Na1 0 0 0']))).toBe(4);
    expect(count(smallCif([5, 6, 7, 90, 90, 90], "_symmetry_space_group_name_H-M 'P n m a'", general))).toBe(
      8,
    );
  });

  it('keeps the listed sites, with a warning, when the group is unknown', () => {
    const cif = readCifStructure(
      smallCif([5, 5, 5, 90, 90, 90], "_symmetry_space_group_name_H-M 'Q 42'", [
        'Na1 0 0 0',
        'Cl1 0.5 0.5 0.5',
      ]),
      tables,
    );
    expect(cif.structure.species).toEqual(['Na', 'Cl']);
    expect(cif.operationsFrom).toBe('none');
    expect(cif.warnings.join('\n')).toMatch(
      /space group 'Q 42' is not in the tables; atom sites are used as listed/,
    );
  });

  it('finds the space group of a molecular crystal: benzene, Pbca (issue 29)', async () => {
    // Bacon, Curry and Wilson's benzene at 218 K: Z = 4, one half molecule in the asymmetric unit.
    const result = await parseCif(
      'benzene.cif',
      smallCif(BENZENE_CELL, "_symmetry_space_group_name_H-M 'P b c a'", BENZENE_SITES),
    );
    expect(result.ok).toBe(true);
    expect(result.archive.results).toMatchObject({
      material: {
        chemical_formula_hill: 'C24H24',
        structural_type: 'unavailable',
        symmetry: { space_group_number: 61, space_group_symbol: 'Pbca', crystal_system: 'orthorhombic' },
      },
    });
    // Analysed, not taken from the file; but no material id, which NOMAD gives bulk materials only.
    expect(result.logs.map((l) => l.event)).toContain('symmetry analysed with moyo: Pbca (61)');
    expect((result.archive.results as { material: object }).material).not.toHaveProperty('material_id');
  });

  it('gives a cell of molecules without symmetry (a liquid, a glass) no space group, as NOMAD', async () => {
    // The 48 atoms of benzene's cell, each moved by up to 0.3 Å (well over the analysis' tolerance).
    const { structure } = readCifStructure(
      smallCif(BENZENE_CELL, "_symmetry_space_group_name_H-M 'P b c a'", BENZENE_SITES),
      tables,
    );
    const rattled = structure.positions.map((position, i) =>
      position.map((x, k) => x / 1e-10 + 0.3 * Math.sin(7 * i + 3 * k + 1)),
    );
    const sites = rattled.map((p, i) => `${structure.species[i]}${i + 1} ${p.join(' ')}`);
    const result = await parseCif('disordered.cif', smallCif(BENZENE_CELL, '', sites, 'Cartn'));
    expect(result.archive.results).toMatchObject({ material: { structural_type: 'unavailable' } });
    expect((result.archive.results as { material: object }).material).not.toHaveProperty('symmetry');
    expect(result.logs.map((l) => l.event)).toContain(
      'no symmetry in results.material: the cell of separate molecules has none but translations',
    );
  });

  it('runs through the parser and the pipeline', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/diamond.cif',
      relativePath: 'diamond.cif',
      uploadId: 'u1',
      parser: cifParser,
      content: Buffer.from(
        smallCif([5.43, 5.43, 5.43, 90, 90, 90], "_symmetry_space_group_name_H-M 'F d -3 m :2'", [
          'Si1 0.125 0.125 0.125',
        ]),
      ),
    });
    expect(result.ok).toBe(true);
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_hill: 'Si8' } });
    expect(
      result.logs
        .filter((l) => l.level === 'INFO')
        .map((l) => l.event)
        .join('\n'),
    ).toMatch(/192 operations of F 4_1\/d -3 2\/m/);
  });
});

describe('Cartesian atom sites', () => {
  it('converts Cartesian sites with the CIF default axes before applying symmetry', () => {
    // Hexagonal a = 3, c = 5: (0, sqrt(3), 1.25) Å is fractional (1/3, 2/3, 1/4); inversion gives
    // (2/3, 1/3, 3/4) = 2/3 a + 1/3 b + 3/4 c = (1.5, 0.8660254, 3.75) Å.
    const text = smallCif(
      [3, 3, 5, 90, 90, 120],
      "loop_\n_symmetry_equiv_pos_as_xyz\n'x, y, z'\n'-x, -y, -z'",
      ['Mg1 0 1.7320508076 1.25'],
      'Cartn',
    );
    const { structure } = readCifStructure(text);
    expect(structure.species).toEqual(['Mg', 'Mg']);
    const [p, q] = structure.positions;
    expect(p?.[1]).toBeCloseTo(1.7320508076e-10, 19);
    expect(q?.[0]).toBeCloseTo(1.5e-10, 19);
    expect(q?.[1]).toBeCloseTo(0.8660254038e-10, 19);
    expect(q?.[2]).toBeCloseTo(3.75e-10, 19);
  });

  it("uses the file's own Cartesian-to-fractional matrix when it has one", () => {
    const text = smallCif([2, 2, 2, 90, 90, 90], '', ['Fe1 1 1 1'], 'Cartn').replace(
      'loop_',
      `_atom_sites_fract_tran_matrix_11 0.5
_atom_sites_fract_tran_matrix_12 0
_atom_sites_fract_tran_matrix_13 0
_atom_sites_fract_tran_matrix_21 0
_atom_sites_fract_tran_matrix_22 0.5
_atom_sites_fract_tran_matrix_23 0
_atom_sites_fract_tran_matrix_31 0
_atom_sites_fract_tran_matrix_32 0
_atom_sites_fract_tran_matrix_33 0.5
_atom_sites_fract_tran_vector_1 0.1
loop_`,
    );
    // f = M c + v = (0.6, 0.5, 0.5) -> (1.2, 1, 1) Å in the 2 Å cube.
    const [x, y] = readCifStructure(text).structure.positions[0] ?? [];
    expect(x).toBeCloseTo(1.2e-10, 19);
    expect(y).toBeCloseTo(1e-10, 19);
  });
});

describe('several data blocks', () => {
  it('names the blocks whose structures are not parsed', () => {
    const text = `${P1}${P1.replace('data_p1_example', 'data_second')}data_notes\n_journal_year 2020\n`;
    const cif = readCifStructure(text);
    expect(cif.blockName).toBe('p1_example');
    expect(cif.warnings).toContain(
      "CIF file has 3 data blocks; used 'p1_example', ignored 'second', 'notes' ('second' also hold structures, which are not parsed)",
    );
    expect(cellVolume(cif.structure.lattice!) / 1e-30).toBeCloseTo(60, 10);
  });
});

const samples = fileURLToPath(new URL('../../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`CIF sample tests skipped: ${samples} is absent (shared workspace files)`);

describe.skipIf(!available)('CIF samples', () => {
  const parse = (relativePath: string): ReturnType<typeof parseMainfile> =>
    parseMainfile({
      absolutePath: join(samples, relativePath),
      relativePath,
      uploadId: 'samples',
      parser: cifParser,
    });

  it('SARSUC.cif (ELN test copy): 132 listed P1 sites, no warnings', async () => {
    const relativePath = 'eln/tests/data/datamodel/metainfo/eln/structure_file/SARSUC.cif';
    const cif = readCifStructure(readFileSync(join(samples, relativePath), 'utf8'));
    // 132 rows in the atom_site loop (counted with awk); V = a b c sin(beta) = 3258.7002 Å^3.
    expect(cif.structure.species).toHaveLength(132);
    expect(cif.operationsFrom).toBe('file');
    expect(cellVolume(cif.structure.lattice!) / 1e-30).toBeCloseTo(3258.7002, 3);
    const result = await parse(relativePath);
    expect(result.ok).toBe(true);
    expect(result.logs.filter((l) => l.level !== 'INFO')).toEqual([]);
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_hill: 'C60H48N4Ni4O16' } });
  });

  it('Ag1Co1O2_ICSD_246157.cif: 8 sites, hexagonal cell of 90.987 Å^3', async () => {
    const relativePath = 'structures/Ag1Co1O2_ICSD_246157.cif';
    const cif = readCifStructure(readFileSync(join(samples, relativePath), 'utf8'));
    // V = a^2 sin(120°) c = 2.9062915258^2 * 0.8660254 * 12.4385510326 = 90.98688 Å^3.
    expect(cellVolume(cif.structure.lattice!) / 1e-30).toBeCloseTo(90.98688, 4);
    expect(cif.structure.occupancies).toEqual(Array<number>(8).fill(1));
    const result = await parse(relativePath);
    expect(result.ok).toBe(true);
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_reduced: 'AgCoO2' } });
  });
});
