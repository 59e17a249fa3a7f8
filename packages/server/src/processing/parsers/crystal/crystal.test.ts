import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ANGSTROM, BOHR, HARTREE } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import type { ParserOutput } from '../../types.ts';
import { crystalParser } from './crystal.ts';
import { functionalsOf, weightedXcFunctional } from './functional.ts';
import { readCrystalOutput } from './read-crystal.ts';
import { readF25 } from './read-f25.ts';
import { nomadTestData } from '../archive-test-helpers.ts';

// A made-up rock-salt single point, in the layout of a CRYSTAL14 output.
const SINGLE_POINT = `LiF test
CRYSTAL
0 0 0
225
4.0
2
3 0.0 0.0 0.0
9 0.5 0.5 0.5
END
DFT
PBE0
END
DFTD3
END
 *******************************************************************************
 *                               CRYSTAL14                                     *
 *                      public : 1.0.4 - Feb 23rd, 2016                        *
 *******************************************************************************
 EEEEEEEEEE STARTING  DATE 02 03 2020 TIME 10:00:00.5
 GEOMETRY FOR WAVE FUNCTION - DIMENSIONALITY OF THE SYSTEM    3
 *******************************************************************************
 LATTICE PARAMETERS (ANGSTROMS AND DEGREES) - BOHR = 0.5291772083 ANGSTROM
 PRIMITIVE CELL - CENTRING CODE 5/0 VOLUME=    16.000000 - DENSITY  2.000 g/cm^3
         A              B              C           ALPHA      BETA       GAMMA 
     4.00000000     4.00000000     4.00000000    90.000000  90.000000  90.000000
 *******************************************************************************
 ATOMS IN THE ASYMMETRIC UNIT    2 - ATOMS IN THE UNIT CELL:    3
     ATOM              X/A                 Y/B                 Z/C    
 *******************************************************************************
   1 T   3 LI    0.000000000000E+00  0.000000000000E+00  0.000000000000E+00
   2 T   9 F     5.000000000000E-01  5.000000000000E-01  5.000000000000E-01
   3 T   0 XX    2.500000000000E-01  0.000000000000E+00  0.000000000000E+00

 *******************************************************************************
 LOCAL ATOMIC FUNCTIONS BASIS SET
 *******************************************************************************
   ATOM   X(AU)   Y(AU)   Z(AU)  N. TYPE  EXPONENT  S COEF   P COEF   D/F/G COEF
 *******************************************************************************
   1 LI   0.000   0.000   0.000
                                  1 S  
                                         1.000E+02 2.000E-01 0.000E+00 0.000E+00
                                         1.000E+01 8.000E-01 0.000E+00 0.000E+00
   2 F    3.780   3.780   3.780
                             2-   5 SP 
                                         5.000E+00-1.000E-01 3.000E-01 0.000E+00
 INFORMATION **** READM2 **** FULL DIRECT SCF MODE
 N. OF ATOMS PER CELL         2  COULOMB OVERLAP TOL         (T1) 10**   -7
 N. OF SYMMETRY OPERATORS    48  POLE ORDER IN MONO ZONE                  4
 TYPE OF CALCULATION :  RESTRICTED CLOSED SHELL
 KOHN-SHAM HAMILTONIAN

 (EXCHANGE)[CORRELATION] FUNCTIONAL:(PERDEW-BURKE-ERNZERHOF)[PERDEW-BURKE-ERNZERHOF]

 HYBRID EXCHANGE - PERCENTAGE OF FOCK EXCHANGE    25.0000
 FERMI SMEARING - TEMPERATURE SMEARING OF FERMI SURFACE   0.001000
 MAX NUMBER OF SCF CYCLES      50  CONVERGENCE ON DELTAP        10**-16
 WEIGHT OF F(I) IN F(I+1)      30% CONVERGENCE ON ENERGY        10**- 8
 SHRINK. FACT.(MONKH.)    6  6  6  NUMBER OF K POINTS IN THE IBZ     16
 CYC   0 ETOT(AU) -1.070000000000E+02 DETOT -1.07E+02 tst  0.00E+00 PX  1.00E+00
 CYC   1 ETOT(AU) -1.075000000000E+02 DETOT -5.00E-01 tst  0.00E+00 PX  1.00E+00
 CYC   2 ETOT(AU) -1.075010000000E+02 DETOT -1.00E-03 tst  1.00E-06 PX  1.00E-03

 == SCF ENDED - CONVERGENCE ON ENERGY      E(AU) -1.0750100000000E+02 CYCLES   2

 TOTAL ENERGY(DFT)(AU)(  2) -1.0750100000000E+02 DE-1.0E-09 tester 1.0E-10
 D3 DISPERSION ENERGY (AU)       -1.0000000000000E-02
 TOTAL ENERGY + DISP (AU)        -1.0751100000000E+02

 CARTESIAN FORCES IN HARTREE/BOHR (ANALYTICAL)
   ATOM                     X                   Y                   Z
   1   3             1.000000000000E-03  0.000000000000E+00  0.000000000000E+00
   2   9            -1.000000000000E-03  0.000000000000E+00  0.000000000000E+00
   3   0             0.000000000000E+00  0.000000000000E+00  0.000000000000E+00
 TTTTTTTTTTTTTTTTTTTTTTTTTTTTTT END         TELAPSE       12.50 TCPU       12.00
 EEEEEEEEEE TERMINATION  DATE 02 03 2020 TIME 10:00:13.0
`;

const parse = (content: string, name = 'lif.out') => {
  const logs: string[] = [];
  const output = crystalParser.parse({
    mainfile: name,
    absolutePath: `/nonexistent/${name}`,
    rawRoot: '/nonexistent',
    content: Buffer.from(content),
    log: (_level, event) => logs.push(event),
  }) as Promise<ParserOutput>;
  return output.then((out) => ({ out, logs }));
};

describe('parsers/crystal', () => {
  it('matches outputs by their banner, not inputs', () => {
    expect(crystalParser.mainfileContents!.test(SINGLE_POINT)).toBe(true);
    expect(crystalParser.mainfileName.test('run/lif.out')).toBe(true);
    expect(crystalParser.mainfileName.test('run/lif.d12')).toBe(false);
    // An input (title, then the geometry keyword) is no output, whatever its name.
    const input = SINGLE_POINT.slice(0, SINGLE_POINT.indexOf(' ****'));
    expect(crystalParser.mainfileContents!.test(input)).toBe(false);
    expect(crystalParser.mainfileContents!.test(`Run in 24 threads\n\n${input}`)).toBe(true);
  });

  it('reads a single point in SI units', async () => {
    const { out, logs } = await parse(SINGLE_POINT);
    expect(logs).toEqual([]);
    const run = out.sections.run![0]!;
    expect(run.program).toEqual({ name: 'Crystal', version: '14' });
    expect(run.time_run?.date_start).toBeCloseTo(Date.UTC(2020, 2, 2, 10, 0, 0, 500) / 1000, 3);
    const atoms = run.system![0]!.atoms!;
    // The ghost atom (number 0) is left out.
    expect(atoms.labels).toEqual(['Li', 'F']);
    expect(atoms.lattice_vectors![0]![0]).toBeCloseTo(4 * ANGSTROM, 20);
    expect(atoms.positions![1]![2]).toBeCloseTo(2 * ANGSTROM, 20);
    const method = run.method![0]!;
    expect(method.dft?.xc_functional?.name).toBe('1.0*HYB_GGA_XC_PBEH');
    expect(method.electronic?.van_der_waals_method).toBe('DFT-D3');
    expect(method.scf?.threshold_energy_change).toBeCloseTo(1e-8 * HARTREE, 30);
    expect(method.k_mesh?.grid).toEqual([6, 6, 6]);
    expect(method.electronic?.smearing).toEqual({ kind: 'fermi', width: 0.001 * HARTREE });
    const basis = method.electrons_representation![0]!.basis_set![0]!.atom_centered!;
    expect(basis.map((b) => b.atom_number)).toEqual([3, 9]);
    const calc = run.calculation![0]!;
    expect(calc.energy?.total?.value).toBeCloseTo(-107.511 * HARTREE, 25);
    expect(calc.energy?.van_der_waals?.value).toBeCloseTo(-0.01 * HARTREE, 25);
    expect(calc.n_scf_iterations).toBe(3);
    expect(calc.scf_iteration![2]!.energy?.change).toBeCloseTo(-1e-3 * HARTREE, 25);
    expect(calc.calculation_converged).toBe(true);
    expect(calc.forces?.total?.value).toHaveLength(2);
    expect(calc.forces?.total?.value?.[0]?.[0]).toBeCloseTo((1e-3 * HARTREE) / BOHR, 15);
    expect(calc.time_physical).toBe(12.5);
    expect(out.sections.workflow2?.name).toBe('SinglePoint');
  });

  it('warns that a run cut before its termination did not finish', async () => {
    const cut = SINGLE_POINT.slice(0, SINGLE_POINT.indexOf(' CYC   2'));
    const { logs } = await parse(cut);
    expect(logs.some((l) => l.endsWith('did not finish'))).toBe(true);
  });

  it('fails a file cut before its geometry with a message', async () => {
    const cut = SINGLE_POINT.slice(0, SINGLE_POINT.indexOf(' GEOMETRY FOR WAVE'));
    await expect(parse(cut)).rejects.toThrow(/no geometry/);
  });

  it('names hybrid functionals with their weights', () => {
    const parts = functionalsOf({
      keywords: [],
      hamiltonian: 'KOHN-SHAM',
      functional: { exchange: 'WU-COHEN GGA', correlation: 'LEE-YANG-PARR' },
      hybrid: 16,
    });
    expect(weightedXcFunctional(parts).name).toBe('1.0*GGA_C_LYP+0.84*GGA_X_WC+0.16*HF_X');
    expect(functionalsOf({ keywords: [], hamiltonian: 'HARTREE-FOCK' })).toEqual([
      { name: 'HF_X', weight: 1 },
    ]);
  });

  it('reads a slab: fractional a and b, Cartesian z, periodic along a and b', () => {
    const slab = SINGLE_POINT.replace(
      'DIMENSIONALITY OF THE SYSTEM    3',
      'DIMENSIONALITY OF THE SYSTEM    2',
    )
      .replace('4.00000000    90.000000', '500.00000000    90.000000')
      .replace(
        '5.000000000000E-01  5.000000000000E-01  5.000000000000E-01',
        '5.000000000000E-01  5.000000000000E-01  1.500000000000E+00',
      );
    const read = readCrystalOutput(slab);
    expect(read.dimensionality).toBe(2);
    expect(read.geometry?.atoms[1]?.coordinates).toEqual([0.5, 0.5, 1.5]);
  });

  it("takes CRYSTAL's Cartesian frame where the output prints it", () => {
    const frame = [
      ' DIRECT LATTICE VECTORS CARTESIAN COMPONENTS (ANGSTROM)',
      '          X                    Y                    Z',
      '   0.000000000000E+00   0.400000000000E+01   0.000000000000E+00',
      '  -0.400000000000E+01   0.000000000000E+00   0.000000000000E+00',
      '   0.000000000000E+00   0.000000000000E+00   0.400000000000E+01',
      '',
      ' CARTESIAN COORDINATES - PRIMITIVE CELL',
      ' *******************************************************************************',
      ' *      ATOM          X(ANGSTROM)         Y(ANGSTROM)         Z(ANGSTROM)',
      ' *******************************************************************************',
      '    1     3 LI    0.000000000000E+00  0.000000000000E+00  0.000000000000E+00',
      '    2     9 F    -2.000000000000E+00  2.000000000000E+00  2.000000000000E+00',
      '    3     0 XX    0.000000000000E+00  1.000000000000E+00  0.000000000000E+00',
      '',
    ].join('\n');
    const read = readCrystalOutput(
      SINGLE_POINT.replace(' LOCAL ATOMIC FUNCTIONS', `${frame}\n LOCAL ATOMIC FUNCTIONS`),
    );
    expect(read.geometry?.vectors?.[0]).toEqual([0, 4, 0]);
    expect(read.geometry?.atoms[1]?.coordinates).toEqual([-2, 2, 2]);
    // A quarter turn about z takes the parameters' cell (a along x) into this frame.
    expect(read.rotation?.[0]?.map((x) => Math.round(x))).toEqual([0, 1, 0]);
  });

  it('reads fort.25 band and DOS blocks', () => {
    const f25 = [
      '-%-0BAND    2    2 0.00000E+00 1.00000E-01-2.00000E-01',
      '-1.00000E+00 1.00000E+00',
      '    0    0    0    4    0    4',
      '-5.00000E-01 2.00000E-01-4.00000E-01 3.00000E-01',
      '-%-0DOSS    1    3 0.00000E+00 1.00000E-02-2.00000E-01',
      ' 0.00000E+00-3.00000E-01',
      '    1    2    0    0    0    0',
      ' 1.00000E+00 2.00000E+00 3.00000E+00',
    ].join('\n');
    const blocks = readF25(f25, 'x.f25');
    expect(blocks.map((b) => b.kind)).toEqual(['BAND', 'DOSS']);
    expect(blocks[0]!.values).toEqual([
      [-0.5, 0.2],
      [-0.4, 0.3],
    ]);
    expect(blocks[1]!.start).toBe(-0.3);
    expect(blocks[1]!.fermi).toBe(-0.2);
  });
});

// NOMAD's test data, where present (not in CI).
const dir = nomadTestData('electronic-parsers', 'crystal');
const mainfiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return mainfiles(path);
    return /\.(out|o)$/.test(name) ? [path] : [];
  });

describe.skipIf(!existsSync(dir))(
  "NOMAD's CRYSTAL test data (skipped: /tmp/nomad-parser-tests absent)",
  () => {
    const read = async (path: string) =>
      (await crystalParser.parse({
        mainfile: path,
        absolutePath: path,
        rawRoot: dirname(dirname(path)),
        content: readFileSync(path),
        log: () => undefined,
      })) as ParserOutput;

    it('parses every mainfile into a run with a system and a calculation', async () => {
      for (const path of mainfiles(dir)) {
        const run = (await read(path)).sections.run![0]!;
        expect(run.system!.length, path).toBeGreaterThan(0);
        expect(run.calculation!.length, path).toBeGreaterThan(0);
      }
    });

    it('reads the geometry optimisation of NiO with its timings', async () => {
      const out = await read(join(dir, 'geo_opt/nio_tzvp_pbe0_opt.o'));
      const calcs = out.sections.run![0]!.calculation!;
      expect(calcs).toHaveLength(8);
      expect(calcs[1]!.time_physical).toBeCloseTo(1232.5, 6);
      expect(calcs[4]!.time_calculation).toBeCloseTo(388.61, 6);
      expect(calcs[7]!.time_physical).toBeCloseTo(4531.44, 6);
      expect(out.sections.workflow2).toMatchObject({ results: { is_converged_geometry: true } });
    });

    it('reads the band structure and DOS of NaCl from its fort.25', async () => {
      const calc = (await read(join(dir, 'dos/nacl_hf/NaCl.out'))).sections.run![0]!.calculation![0]!;
      const segments = calc.band_structure_electronic![0]!.segment!;
      expect(segments).toHaveLength(4);
      // The second line continues the first: its first point (X) is added back.
      expect(segments[1]!.n_kpoints).toBe(11);
      expect(segments.map((s) => s.endpoints_labels)).toEqual([
        ['Γ', 'X'],
        ['X', 'W'],
        ['W', 'L'],
        ['L', 'Γ'],
      ]);
      expect(segments[0]!.energies![0]![0]![0]).toBeCloseTo(-104.758 * HARTREE, 22);
      expect(calc.dos_electronic![0]!.energies).toHaveLength(302);
      expect(calc.energy?.fermi).toBeCloseTo(-0.396858 * HARTREE, 24);
    });
  },
);
