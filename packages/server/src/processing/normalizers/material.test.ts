import type { LogLevel } from '@oasis/schema';
import type { Mat3, Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { nomadHash } from '../ids.ts';
import type { Structure } from '../structure.ts';
import { crystalSystem, materialFromStructure, symmetryFromDeclaration } from './material.ts';
import { materialNormalizer } from './material-normalizer.ts';
import type { Section } from './normalizer.ts';

const A = 1e-10;

function crystal(lattice: number[][], fractional: number[][], species: string[]): Structure {
  const l = lattice.map((r) => r.map((x) => x * A)) as Mat3;
  const positions = fractional.map(
    (f) => [0, 1, 2].map((j) => f[0]! * l[0][j]! + f[1]! * l[1][j]! + f[2]! * l[2][j]!) as Vec3,
  );
  return { species, positions, lattice: l, periodic: [true, true, true] };
}

const cube = (a: number): number[][] => [
  [a, 0, 0],
  [0, a, 0],
  [0, 0, a],
];
const fccPrimitive = (a: number): number[][] => [
  [0, a / 2, a / 2],
  [a / 2, 0, a / 2],
  [a / 2, a / 2, 0],
];

interface Normalised {
  results: {
    material: Record<string, unknown> & { symmetry?: Record<string, unknown>; material_id?: string };
    properties: { structures: Record<string, Record<string, unknown>> };
  };
  logs: { level: LogLevel; event: string }[];
}

async function normalise(
  structure: Structure,
  declaredSymmetry?: { spaceGroupSymbol?: string; spaceGroupNumber?: number },
): Promise<Normalised> {
  const archive = { results: {} as Section };
  const logs: Normalised['logs'] = [];
  await materialNormalizer.normalize({
    archive,
    structure,
    ...(declaredSymmetry ? { declaredSymmetry } : {}),
    log: (level, event) => logs.push({ level, event }),
  });
  return { results: archive.results as Normalised['results'], logs };
}

// NOMAD's structure_original of its Si example (results of /tmp/ref/vasp_archive.json): a 16-atom
// cell of 2x2x2 primitive diamond cells with a = 5.46619884 Å, slightly distorted.
const SI16: Structure = {
  species: Array.from({ length: 16 }, () => 'Si'),
  lattice: [
    [0, 5.46619884e-10, 5.46619884e-10],
    [5.46619884e-10, 0, 5.46619884e-10],
    [5.46619884e-10, 5.46619884e-10, 0],
  ],
  periodic: [true, true, true],
  positions: (
    [
      [4.782923985, 4.7899950598, 4.7899950598],
      [4.782923985, 7.516023405, 7.516023405],
      [7.516023405, 4.782923985, 7.516023405],
      [7.516023405, 7.516023405, 10.249122825],
      [7.516023405, 7.516023405, 4.782923985],
      [7.516023405, 10.249122825, 7.516023405],
      [10.249122825, 7.516023405, 7.516023405],
      [10.249122825, 10.249122825, 10.249122825],
      [0.683274855, 0.683274855, 0.683274855],
      [0.683274855, 3.416374275, 3.416374275],
      [3.416374275, 0.683274855, 3.416374275],
      [3.416374275, 3.416374275, 6.149473695],
      [3.416374275, 3.416374275, 0.683274855],
      [3.416374275, 6.149473695, 3.416374275],
      [6.149473695, 3.416374275, 3.416374275],
      [6.149473695, 6.149473695, 6.149473695],
    ] as Vec3[]
  ).map((p) => p.map((x) => x * A) as Vec3),
};

describe('materialFromStructure', () => {
  it('fills formulas, elements and the structural type', () => {
    const cscl = crystal(
      cube(4.123),
      [
        [0, 0, 0],
        [0.5, 0.5, 0.5],
      ],
      ['Cs', 'Cl'],
    );
    expect(materialFromStructure(cscl)).toEqual({
      structural_type: 'bulk',
      elements: ['Cl', 'Cs'],
      n_elements: 2,
      elements_exclusive: 'Cl Cs',
      chemical_formula_hill: 'ClCs',
      chemical_formula_reduced: 'ClCs',
      chemical_formula_iupac: 'CsCl',
      chemical_formula_anonymous: 'AB',
      chemical_formula_descriptive: 'CsCl',
    });
  });

  it("leaves sites that are no element ('X', TIP4P's virtual site) out of formulas and elements", () => {
    const water = (species: string[]) =>
      materialFromStructure({
        species,
        positions: species.map((_, k) => [k * 1e-10, 0, 0]),
        lattice: null,
        periodic: [false, false, false],
      });
    expect(water(['O', 'H', 'H', 'X', 'O', 'H', 'H', 'X'])).toMatchObject({
      elements: ['H', 'O'],
      n_elements: 2,
      chemical_formula_hill: 'H4O2',
      chemical_formula_reduced: 'H2O',
    });
    // Nothing but such sites: they are all there is to name.
    expect(water(['X', 'X'])).toMatchObject({ elements: ['X'], chemical_formula_hill: 'X2' });
  });

  it('rejects empty structures', () => {
    expect(() =>
      materialFromStructure({ species: [], positions: [], lattice: null, periodic: [false, false, false] }),
    ).toThrow(/no atoms/);
  });
});

describe('material normaliser: symmetry analysed with moyo', () => {
  it("writes Hall symbols as spglib does (a rhombohedral group: '-R 3 2\"', not moyo's '-R 3 2=')", async () => {
    // Bismuth, R-3m in its hexagonal cell: atoms at (0, 0, ±u) and the two R-centring translations.
    const u = 0.2339;
    const centrings = [
      [0, 0, 0],
      [2 / 3, 1 / 3, 1 / 3],
      [1 / 3, 2 / 3, 2 / 3],
    ];
    const sites = centrings.flatMap(([x, y, z]) => [
      [x!, y!, z! + u],
      [x!, y!, z! - u + 1],
    ]);
    const a = 4.546;
    const hexagonal = [
      [a, 0, 0],
      [-a / 2, (a * Math.sqrt(3)) / 2, 0],
      [0, 0, 11.862],
    ];
    const { results } = await normalise(
      crystal(
        hexagonal,
        sites,
        sites.map(() => 'Bi'),
      ),
    );
    expect(results.material.symmetry).toMatchObject({
      space_group_number: 166,
      hall_number: 458,
      hall_symbol: '-R 3 2"',
    });
  });

  it('matches NOMAD for its Si example: symmetry, material id, conventional and primitive cells', async () => {
    const { results, logs } = await normalise(SI16);
    const { material } = results;
    // Every value below is NOMAD's, from the reference archive.
    expect(material.material_id).toBe('fh3UBjhUVm4nxzeRd2JJuqw5oXYa');
    expect(material.symmetry).toEqual({
      bravais_lattice: 'cF',
      crystal_system: 'cubic',
      hall_number: 525,
      hall_symbol: 'F 4d 2 3 -1d',
      point_group: 'm-3m',
      space_group_number: 227,
      space_group_symbol: 'Fd-3m',
      prototype_formula: 'C',
      prototype_aflow_id: 'A_cF8_227_a',
      structure_name: 'diamond',
      strukturbericht_designation: 'A4',
    });
    const {
      structure_original: original,
      structure_conventional: conv,
      structure_primitive: prim,
    } = results.properties.structures;
    expect(original!.cell_volume as number).toBeCloseTo(3.26652715330877e-28, 40);
    expect(original!.mass_density as number).toBeCloseTo(2284.3622117883388, 6);
    expect((original!.atomic_density as number) / 4.8981683754849815e28).toBeCloseTo(1, 12);
    expect(conv!.n_sites).toBe(8);
    expect(conv!.cell_volume as number).toBeCloseTo(1.633263576654382e-28, 40);
    expect(conv!.mass_density as number).toBeCloseTo(2284.3622117883433, 6);
    expect((conv!.atomic_density as number) / 4.898168375484991e28).toBeCloseTo(1, 12);
    // The idealised cubic cell in the standard orientation, as NOMAD's [[a,0,0],[0,a,0],[0,0,a]].
    const vectors = conv!.lattice_vectors as number[][];
    vectors.forEach((row, i) =>
      row.forEach((x, j) => expect(x).toBeCloseTo(i === j ? 5.46619884e-10 : 0, 18)),
    );
    expect(conv!.wyckoff_sets).toEqual([
      { wyckoff_letter: 'a', indices: [0, 1, 2, 3, 4, 5, 6, 7], element: 'Si' },
    ]);
    // Origin choice 1 with the atoms on 8a: (0,0,0) and (1/4,1/4,1/4) a are conventional sites.
    const sites = (conv!.cartesian_site_positions as number[][]).map((p) =>
      p.map((x) => Math.round((x / 5.46619884e-10) * 4)),
    );
    expect(sites).toContainEqual([0, 0, 0]);
    expect(sites).toContainEqual([1, 1, 1]);
    expect(prim!.n_sites).toBe(2);
    expect(prim!.cell_volume as number).toBeCloseTo(4.0831589416359397e-29, 40);
    expect((prim!.lattice_parameters as { a: number; alpha: number }).a).toBeCloseTo(
      3.8651862670780397e-10,
      20,
    );
    expect((prim!.lattice_parameters as { a: number; alpha: number }).alpha).toBeCloseTo(Math.PI / 3, 12);
    expect(logs).toContainEqual({ level: 'INFO', event: 'symmetry analysed with moyo: Fd-3m (227)' });
  });

  it('gives Si the same id from its 2-atom primitive cell, in another orientation and origin', async () => {
    const primitive = await normalise(
      crystal(
        fccPrimitive(5.43),
        [
          [0, 0, 0],
          [0.25, 0.25, 0.25],
        ],
        ['Si', 'Si'],
      ),
    );
    // Shifted by half a cell (the atoms land on 8b) and given as a cubic 8-atom cell.
    const conventional = await normalise(
      crystal(
        cube(5.43),
        [
          [0.5, 0.5, 0.5],
          [0, 0, 0.5],
          [0, 0.5, 0],
          [0.5, 0, 0],
          [0.75, 0.75, 0.75],
          [0.25, 0.25, 0.75],
          [0.25, 0.75, 0.25],
          [0.75, 0.25, 0.25],
        ],
        Array.from({ length: 8 }, () => 'Si'),
      ),
    );
    // The hash of NOMAD's symmetry string '227 Si a 8' is the id in NOMAD's archive above.
    expect(nomadHash('227 Si a 8')).toBe('fh3UBjhUVm4nxzeRd2JJuqw5oXYa');
    expect(primitive.results.material.material_id).toBe('fh3UBjhUVm4nxzeRd2JJuqw5oXYa');
    expect(conventional.results.material.material_id).toBe('fh3UBjhUVm4nxzeRd2JJuqw5oXYa');
  });

  it('analyses rock salt the same from the primitive and the conventional cell', async () => {
    const a = 5.64;
    const primitive = await normalise(
      crystal(
        fccPrimitive(a),
        [
          [0, 0, 0],
          [0.5, 0.5, 0.5],
        ],
        ['Na', 'Cl'],
      ),
    );
    // Conventional cell with Cl at the origin (Cl on 4a as given, Na on 4b).
    const conventional = await normalise(
      crystal(
        cube(a),
        [
          [0, 0, 0],
          [0.5, 0.5, 0],
          [0.5, 0, 0.5],
          [0, 0.5, 0.5],
          [0.5, 0, 0],
          [0, 0.5, 0],
          [0, 0, 0.5],
          [0.5, 0.5, 0.5],
        ],
        ['Cl', 'Cl', 'Cl', 'Cl', 'Na', 'Na', 'Na', 'Na'],
      ),
    );
    for (const { results } of [primitive, conventional]) {
      expect(results.material.symmetry).toMatchObject({
        space_group_number: 225,
        space_group_symbol: 'Fm-3m',
        bravais_lattice: 'cF',
        crystal_system: 'cubic',
        point_group: 'm-3m',
        hall_number: 523,
        hall_symbol: '-F 4 2 3',
        structure_name: 'rock salt',
        strukturbericht_designation: 'B1',
        prototype_aflow_id: 'AB_cF8_225_a_b',
      });
      // MatID's canonical choice puts the lighter Na on 4a.
      expect(results.material.material_id).toBe(nomadHash('225 Cl b 4, Na a 4'));
      const conv = results.properties.structures.structure_conventional!;
      expect(conv.n_sites).toBe(8);
      // 4 x (22.98976928 + 35.453) amu in (5.64 Å)^3 = 2166.7 kg/m^3.
      expect(conv.mass_density as number).toBeCloseTo(
        (4 * (22.98976928 + 35.453) * 1.6605390666e-27) / 5.64e-10 ** 3,
        6,
      );
    }
  });

  it('finds CsCl (Pm-3m, cP, B2) and hcp Mg (P6_3/mmc, hP)', async () => {
    const cscl = await normalise(
      crystal(
        cube(4.123),
        [
          [0, 0, 0],
          [0.5, 0.5, 0.5],
        ],
        ['Cs', 'Cl'],
      ),
    );
    expect(cscl.results.material.symmetry).toMatchObject({
      space_group_number: 221,
      space_group_symbol: 'Pm-3m',
      bravais_lattice: 'cP',
      point_group: 'm-3m',
      strukturbericht_designation: 'B2',
      prototype_aflow_id: 'AB_cP2_221_b_a',
    });
    // NOMAD's structure_name enumeration has no name for the CsCl type.
    expect(cscl.results.material.symmetry?.structure_name).toBeUndefined();
    const c = 5.21;
    const a = 3.21;
    const mg = await normalise(
      crystal(
        [
          [a, 0, 0],
          [-a / 2, (a * Math.sqrt(3)) / 2, 0],
          [0, 0, c],
        ],
        [
          [1 / 3, 2 / 3, 0.25],
          [2 / 3, 1 / 3, 0.75],
        ],
        ['Mg', 'Mg'],
      ),
    );
    expect(mg.results.material.symmetry).toMatchObject({
      space_group_number: 194,
      space_group_symbol: 'P6_3/mmc',
      crystal_system: 'hexagonal',
      bravais_lattice: 'hP',
      point_group: '6/mmm',
      structure_name: 'hcp',
      strukturbericht_designation: 'A3',
    });
    expect(mg.results.material.material_id).toBe(nomadHash('194 Mg c 2'));
  });

  it('names zincblende, wurtzite, fluorite and perovskite', async () => {
    const gaas = await normalise(
      crystal(
        fccPrimitive(5.65),
        [
          [0, 0, 0],
          [0.25, 0.25, 0.25],
        ],
        ['Ga', 'As'],
      ),
    );
    expect(gaas.results.material.symmetry).toMatchObject({
      space_group_number: 216,
      structure_name: 'zincblende',
    });
    const caf2 = await normalise(
      crystal(
        fccPrimitive(5.46),
        [
          [0, 0, 0],
          [0.25, 0.25, 0.25],
          [0.75, 0.75, 0.75],
        ],
        ['Ca', 'F', 'F'],
      ),
    );
    expect(caf2.results.material.symmetry).toMatchObject({
      space_group_number: 225,
      strukturbericht_designation: 'C1',
    });
    // ZnO: Zn at (1/3, 2/3, 0), O at (1/3, 2/3, u = 0.382).
    const zno = await normalise(
      crystal(
        [
          [3.25, 0, 0],
          [-1.625, 2.8146, 0],
          [0, 0, 5.21],
        ],
        [
          [1 / 3, 2 / 3, 0],
          [2 / 3, 1 / 3, 0.5],
          [1 / 3, 2 / 3, 0.382],
          [2 / 3, 1 / 3, 0.882],
        ],
        ['Zn', 'Zn', 'O', 'O'],
      ),
    );
    expect(zno.results.material.symmetry).toMatchObject({
      space_group_number: 186,
      structure_name: 'wurtzite',
    });
    for (const [first, second] of [
      ['Sr', 'Ti'],
      ['Ca', 'Ti'],
    ]) {
      const perovskite = await normalise(
        crystal(
          cube(3.9),
          [
            [0, 0, 0],
            [0.5, 0.5, 0.5],
            [0.5, 0.5, 0],
            [0.5, 0, 0.5],
            [0, 0.5, 0.5],
          ],
          [first!, second!, 'O', 'O', 'O'],
        ),
      );
      expect(perovskite.results.material.symmetry).toMatchObject({
        space_group_number: 221,
        structure_name: 'perovskite',
      });
    }
  });

  it('handles rhombohedral (Bi, R-3m) and base-centred (alpha-U, Cmcm) lattices', async () => {
    // Bi: rhombohedral a = 4.75 Å, alpha = 57.23°, atoms at +-(u, u, u), u = 0.2339: 6c in hexagonal axes.
    const alpha = (57.23 * Math.PI) / 180;
    const c = Math.cos(alpha);
    const [tx, ty, tz] = [Math.sqrt((1 - c) / 2), Math.sqrt((1 - c) / 6), Math.sqrt((1 + 2 * c) / 3)];
    const a = 4.75;
    const bi = await normalise(
      crystal(
        [
          [a * tx, -a * ty, a * tz],
          [0, 2 * a * ty, a * tz],
          [-a * tx, -a * ty, a * tz],
        ],
        [
          [0.2339, 0.2339, 0.2339],
          [-0.2339, -0.2339, -0.2339],
        ],
        ['Bi', 'Bi'],
      ),
    );
    expect(bi.results.material.symmetry).toMatchObject({
      space_group_number: 166,
      space_group_symbol: 'R-3m',
      bravais_lattice: 'hR',
    });
    expect(bi.results.material.material_id).toBe(nomadHash('166 Bi c 6'));
    expect(bi.results.properties.structures.structure_conventional!.n_sites).toBe(6);
    expect(bi.results.properties.structures.structure_primitive!.n_sites).toBe(2);
    // alpha-U: U on 4c (0, y, 1/4) of Cmcm with y = 0.1025.
    const u = await normalise(
      crystal(
        [
          [2.85, 0, 0],
          [0, 5.87, 0],
          [0, 0, 4.95],
        ],
        [
          [0, 0.1025, 0.25],
          [0, -0.1025, 0.75],
          [0.5, 0.6025, 0.25],
          [0.5, 0.3975, 0.75],
        ],
        ['U', 'U', 'U', 'U'],
      ),
    );
    expect(u.results.material.symmetry).toMatchObject({
      space_group_number: 63,
      space_group_symbol: 'Cmcm',
      bravais_lattice: 'oS',
    });
    expect(u.results.material.material_id).toBe(nomadHash('63 U c 4'));
    expect(u.results.properties.structures.structure_primitive!.n_sites).toBe(2);
  });

  it('skips the analysis of disordered structures and keeps the declared symmetry', async () => {
    const disordered = {
      ...crystal(
        cube(4.123),
        [
          [0, 0, 0],
          [0.5, 0.5, 0.5],
        ],
        ['Cs', 'Cl'],
      ),
      occupancies: [1, 0.5],
    };
    const { results, logs } = await normalise(disordered, {
      spaceGroupSymbol: 'P m -3 m',
      spaceGroupNumber: 221,
    });
    expect(results.material.symmetry).toEqual({
      space_group_number: 221,
      space_group_symbol: 'Pm-3m',
      crystal_system: 'cubic',
      bravais_lattice: 'cP',
    });
    expect(results.material.material_id).toBeUndefined();
    expect(results.properties.structures.structure_conventional).toBeUndefined();
    expect(logs.map((l) => l.level)).toEqual(['WARNING', 'INFO']);
    expect(logs[0]!.event).toMatch(/skipped.*partially occupied/);
  });

  it('falls back to the declared symmetry when the analysis fails', async () => {
    // Two atoms on the same site: moyo refuses the cell.
    const broken = crystal(
      cube(2.5),
      [
        [0, 0, 0],
        [0, 0, 0],
      ],
      ['Fe', 'Fe'],
    );
    const { results, logs } = await normalise(broken, {
      spaceGroupSymbol: 'I m -3 m',
      spaceGroupNumber: 229,
    });
    expect(logs[0]).toMatchObject({ level: 'WARNING' });
    expect(logs[0]!.event).toMatch(/^symmetry analysis failed: /);
    expect(results.material.symmetry).toMatchObject({ space_group_number: 229, bravais_lattice: 'cI' });
  });

  it('gives molecules and slabs no symmetry', async () => {
    const n2 = await normalise(
      crystal(
        cube(10),
        [
          [0.5, 0.5, 0.5],
          [0.5, 0.5, 0.61],
        ],
        ['N', 'N'],
      ),
    );
    expect(n2.results.material.structural_type).toBe('molecule / cluster');
    expect(n2.results.material.symmetry).toBeUndefined();
    expect(n2.results.properties.structures.structure_original!.n_sites).toBe(2);
    expect(n2.logs).toEqual([
      { level: 'INFO', event: "no symmetry analysis for structural type 'molecule / cluster'" },
    ]);
  });

  it('analyses a 200-atom cell in reasonable time', async () => {
    // A 5x5x4 supercell of conventional bcc Fe (2 atoms each), rattled by up to 0.03 Å, well
    // within the 0.1 Å tolerance: still Im-3m.
    const cells: number[][] = [];
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++)
        for (let k = 0; k < 4; k++) {
          const jitter = (((i * 7 + j * 13 + k * 17) % 5) - 2) * 0.001;
          cells.push(
            [(i + jitter) / 5, j / 5, k / 4],
            [(i + 0.5) / 5, (j + 0.5) / 5, (k + 0.5 + jitter) / 4],
          );
        }
    const supercell = crystal(
      [
        [5 * 2.87, 0, 0],
        [0, 5 * 2.87, 0],
        [0, 0, 4 * 2.87],
      ],
      cells,
      cells.map(() => 'Fe'),
    );
    const start = performance.now();
    const { results } = await normalise(supercell);
    const elapsed = performance.now() - start;
    expect(results.material.symmetry).toMatchObject({ space_group_number: 229, structure_name: 'bcc' });
    expect(results.material.material_id).toBe(nomadHash('229 Fe a 2'));
    // How fast is bench:codes' question; here it is reported only.
    console.info(`material normaliser on a 200-atom cell: ${elapsed.toFixed(0)} ms`);
  });

  it('leaves a simulation box of more than 1,000 atoms unanalysed (a 6x6x6 rock-salt supercell)', async () => {
    const cells: number[][] = [];
    const species: string[] = [];
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++)
        for (let k = 0; k < 12; k++) {
          cells.push([i / 12, j / 12, k / 12]);
          species.push((i + j + k) % 2 === 0 ? 'Na' : 'Cl');
        }
    const { results, logs } = await normalise(crystal(cube(6 * 5.64), cells, species));
    expect(results.material.structural_type).toBe('bulk');
    expect(results.material.symmetry).toBeUndefined();
    expect(logs).toContainEqual({
      level: 'INFO',
      event: 'no symmetry analysis: the cell has 1728 atoms, more than 1000',
    });
  });
});

describe('declared symmetry', () => {
  it('derives crystal system and Bravais lattice', () => {
    expect(crystalSystem(1)).toBe('triclinic');
    expect(crystalSystem(15)).toBe('monoclinic');
    expect(crystalSystem(166)).toBe('trigonal');
    expect(crystalSystem(194)).toBe('hexagonal');
    expect(crystalSystem(231)).toBeUndefined();
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'F m -3 m', spaceGroupNumber: 225 })?.bravais_lattice,
    ).toBe('cF');
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'C 2/c', spaceGroupNumber: 15 })?.bravais_lattice,
    ).toBe('mS');
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'R -3 m', spaceGroupNumber: 166 })?.bravais_lattice,
    ).toBe('hR');
    expect(symmetryFromDeclaration({})).toBeUndefined();
  });
});
