import { BOHR, RYDBERG } from '@oasis/chem';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { startDate } from './start-date.ts';
import { functionalNames } from './functionals.ts';
import { readWien2kScf } from './read-scf.ts';
import { wien2kParser } from './wien2k.ts';

// A two-atom hexagonal case written for these tests in WIEN2k's formats.
const SCF = `:LABEL1: Calculations in /home/user/hexc
:LABEL2: on node01 at Mon Jan 15 10:00:00 CET 2024
:LABEL3: using WIEN2k_23.2 (Release 21/2/2023) in /opt/wien2k


            ---------
:ITE001:  1. ITERATION
            ---------

:NATO :    1 INDEPENDENT AND    2 TOTAL ATOMS IN UNITCELL
       SUBSTANCE: hexc
:POT  : POTENTIAL OPTION   13
:LAT  : LATTICE CONSTANTS=  4.65000  4.65000 12.00000
:VOL  : UNIT CELL VOLUME =     224.71000
       NON-SPINPOLARIZED CALCULATION
:RKM  : MATRIX SIZE  120LOs:   4  RKM= 6.95  WEIGHT= 2.00  PGR:
:KPT   :      NUMBER OF K-POINTS:     2
:NOE  : NUMBER OF ELECTRONS          =   8.000
:FER  : F E R M I - ENERGY(TETRAH.M.)=   0.4000000000
:POS001: ATOM   -1 X,Y,Z = 0.33333 0.66667 0.00000  MULT= 2  ZZ=  6.000  C
:SUM  : SUM OF EIGENVALUES =          -5.000000000
:DTO001: DIFFERENCE SPHERE  1 UP =  0.0010000 DN =  0.0010000 TOT =  0.0020000
:ENE  : ********** TOTAL ENERGY IN Ry =          -76.10000000

            ---------
:ITE002:  2. ITERATION
            ---------

:NATO :    1 INDEPENDENT AND    2 TOTAL ATOMS IN UNITCELL
       NON-SPINPOLARIZED CALCULATION
:FER  : F E R M I - ENERGY(TETRAH.M.)=   0.4100000000
:POS001: ATOM   -1 X,Y,Z = 0.33333 0.66667 0.00000  MULT= 2  ZZ=  6.000  C
:ENE  : ********** TOTAL ENERGY IN Ry =          -76.20000000
:FGL001:   1.ATOM                 4.000000000     2.000000000     1.000000000 partial forces
`;

const STRUCT = `hexc
H   LATTICE,NONEQUIV.ATOMS:  1 187 P-6m2
MODE OF CALC=RELA unit=bohr
  4.650000  4.650000 12.000000 90.000000 90.000000120.000000
ATOM  -1: X=0.33333333 Y=0.66666667 Z=0.00000000
          MULT= 2          ISPLIT= 8
      -1: X=0.66666667 Y=0.33333333 Z=0.00000000
C          NPT=  781  R0=0.00010000 RMT=   1.30      Z:   6.
LOCAL ROT MATRIX:    1.0000000 0.0000000 0.0000000
                     0.0000000 1.0000000 0.0000000
                     0.0000000 0.0000000 1.0000000
   2      NUMBER OF SYMMETRY OPERATIONS
 1 0 0 0.00000000
 0 1 0 0.00000000
 0 0 1 0.00000000
       1
-1 0 0 0.00000000
 0-1 0 0.00000000
 0 0 1 0.00000000
       2
`;

const FILES: Record<string, string> = {
  'hexc.scf': SCF,
  'hexc.struct': STRUCT,
  'hexc.in0': `TOT  XC_PBESOL     (XC_LDA,XC_PBE,XC_WC,XC_MBJ,XC_SCAN)
NR2V      IFFT      (R2V)
   30   30   72    2.00  1    min IFFT-parameters, enhancement factor, iprint
`,
  'hexc.in1': `WFFIL  EF=0.40000   (WFFIL, WFPRI, ENFIL, SUPWF)
  7.50       10    4 (R-MT*K-MAX; MAX L IN WF, V-NMT
  0.30    3  0      (GLOBAL E-PARAMETER WITH n OTHER CHOICES, global APW/LAPW)
 0    0.30     0.0000 CONT 1
 0   -1.20     0.0020 CONT 1
 1    0.30     0.0000 CONT 1
K-VECTORS FROM UNIT:4   -9.0       1.5   20   emin / de (emax=Ef+de) / nband
`,
  'hexc.in2': `TOT             (TOT,FOR,QTL,EFG,FERMI)
  -9.0      8.0    0.50 0.05    EMIN, NE, ESEPERMIN, ESEPER0
GAUSS    0.005          (GAUSS,ROOT,TEMP,TETRA,ALL      eval)
  0 0  2 0
 12.00          GMAX
NOFILE        FILE/NOFILE  write recprlist
`,
  'hexc.klist': `         1         0         0         0         2  1.0 -7.0  1.5         0 k, div: (  2  2  1)
         2         1         0         0         2  3.0
END
`,
  'hexc.energy': `  0.30000  0.30000  0.30000  0.30000
  0.30000  0.30000  0.30000  0.30000
 0.000000000000E+00 0.000000000000E+00 0.000000000000E+00         1   120     3  1.0
           1  -0.50000000000000
           2   0.10000000000000
           3   0.30000000000000
 5.000000000000E-01 0.000000000000E+00 0.000000000000E+00         2   118     2  3.0
           1  -4.000000000000000E-001
           2   0.20000000000000
`,
  'hexc.dos1': `# Title
#EF=   0.40000     NDOS= 2     NENRG= 3    Gaussian bradening: 0.00300
# ENERGY    1:total      total-DOS
  -0.10000    1.00000000    2.00000000
   0.00000    3.00000000    4.00000000
   0.10000    5.00000000    6.00000000
`,
};

const folder = mkdtempSync(join(tmpdir(), 'wien2k-test-'));
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const parse = async (name: string, parser = wien2kParser) =>
  parseMainfile({ absolutePath: join(folder, name), relativePath: name, uploadId: 'wien2k', parser });

describe('the WIEN2k parser on a case written for the test', () => {
  it('matches .scf files by their iteration or version lines only', () => {
    expect(wien2kParser.mainfileName.test('run/hexc.scf')).toBe(true);
    expect(wien2kParser.mainfileName.test('run/hexc.struct')).toBe(false);
    expect(wien2kParser.mainfileContents!.test(SCF.slice(0, 4096))).toBe(true);
    expect(wien2kParser.mainfileContents!.test('SCF cycle 1 of something else')).toBe(false);
  });

  it('reads the program, the start in UTC, the structure and the method of the inputs', async () => {
    const result = await parse('hexc.scf');
    expect(result.ok).toBe(true);
    const run = result.archive.run;
    expect(at(run, '0/program/version')).toBe('23.2 21/2/2023');
    // 10:00 CET is 09:00 UTC.
    expect(at(run, '0/time_run/date_start')).toBe(Date.UTC(2024, 0, 15, 9) / 1000);
    // a along x, b at 120° in the xy plane (ASE's orientation, as NOMAD has it).
    expectClose(at(run, '0/system/0/atoms/lattice_vectors/1/0'), -0.5 * 4.65 * BOHR);
    expectClose(at(run, '0/system/0/atoms/lattice_vectors/1/1'), (Math.sqrt(3) / 2) * 4.65 * BOHR);
    expect(at(run, '0/system/0/atoms/labels')).toEqual(['C', 'C']);
    expectClose(at(run, '0/system/0/atoms/positions/1/0'), (2 / 3 - 1 / 6) * 4.65 * BOHR, 1e-6);
    expect(at(run, '0/method/0/dft/xc_functional/exchange/0/name')).toBe('GGA_X_PBE_SOL');
    expect(at(run, '0/method/0/electronic/smearing/kind')).toBe('gaussian');
    expectClose(at(run, '0/method/0/electronic/smearing/width'), 0.005 * RYDBERG);
    expect(at(run, '0/method/0/electronic/relativity_method')).toBe('scalar_relativistic');
    expect(at(run, '0/method/0/electrons_representation/0/basis_set/0/cutoff_fractional')).toBe(7.5);
    // l = 0 has an APW and a local orbital, l = 1 its APW, l = 2..10 the global energy.
    const orbitals = at(run, '0/method/0/electrons_representation/0/basis_set/1/orbital') as {
      type: string;
    }[];
    expect(orbitals.slice(0, 3).map((o) => o.type)).toEqual(['APW', 'LO', 'APW']);
    expect(orbitals).toHaveLength(12);
    expectClose(
      at(run, '0/method/0/electrons_representation/0/basis_set/1/orbital/1/energy_parameter/0'),
      -1.2 * RYDBERG,
    );
    expect(at(run, '0/method/0/k_mesh/points')).toEqual([
      [0, 0, 0],
      [0.5, 0, 0],
    ]);
    expect(at(run, '0/method/0/k_mesh/weights')).toEqual([0.25, 0.75]);
  });

  it('reads the iterations, the last energy and the forces turned onto the equivalent atom', async () => {
    const run = (await parse('hexc.scf')).archive.run;
    expect(at(run, '0/calculation/0/n_scf_iterations')).toBe(2);
    expectClose(at(run, '0/calculation/0/scf_iteration/0/energy/total/value'), -76.1 * RYDBERG);
    expectClose(at(run, '0/calculation/0/energy/total/value'), -76.2 * RYDBERG);
    expectClose(at(run, '0/calculation/0/energy/fermi'), 0.41 * RYDBERG);
    // (4, 2, 1) along the unit vectors of a, b, c is (3, √3, 1) Cartesian; the two-fold axis along z
    // that takes the first atom to the second turns it to (-3, -√3, 1).
    const unit = (1e-3 * RYDBERG) / BOHR;
    expectClose(at(run, '0/calculation/0/forces/total/value/0/0'), 3 * unit, 1e-6);
    expectClose(at(run, '0/calculation/0/forces/total/value/0/1'), Math.sqrt(3) * unit, 1e-6);
    expectClose(at(run, '0/calculation/0/forces/total/value/1/0'), -3 * unit, 1e-6);
    expectClose(at(run, '0/calculation/0/forces/total/value/1/1'), -Math.sqrt(3) * unit, 1e-6);
    expectClose(at(run, '0/calculation/0/forces/total/value/1/2'), unit, 1e-6);
  });

  it('reads band energies (the bands every k-point has) and the DOS in SI units', async () => {
    const result = await parse('hexc.scf');
    const run = result.archive.run;
    expect(at(run, '0/calculation/0/eigenvalues/0/n_bands')).toBe(2);
    expect(at(run, '0/calculation/0/eigenvalues/0/kpoints_multiplicities')).toEqual([1, 3]);
    expectClose(at(run, '0/calculation/0/eigenvalues/0/energies/0/1/0'), -0.4 * RYDBERG);
    expectClose(at(run, '0/calculation/0/dos_electronic/0/energies/2'), 0.1 * RYDBERG);
    expectClose(at(run, '0/calculation/0/dos_electronic/0/total/0/value/1'), 4 / RYDBERG);
    expect(at(run, '0/calculation/0/dos_electronic/0/species_projected/0/atom_label')).toBe('C');
    expectClose(at(run, '0/calculation/0/dos_electronic/0/species_projected/0/value/2'), 5 / RYDBERG);
    expect(result.logs.some((l) => l.event.includes('Different number of eigenvalues'))).toBe(true);
  });

  it('warns that a run cut in an iteration did not finish', async () => {
    writeFileSync(
      join(folder, 'cut.scf'),
      SCF.slice(0, SCF.indexOf(':ENE  : ********** TOTAL ENERGY IN Ry =          -76.2')),
    );
    writeFileSync(join(folder, 'cut.struct'), STRUCT);
    const result = await parse('cut.scf');
    expect(result.ok).toBe(true);
    expect(result.logs.some((l) => l.level === 'WARNING' && /did not finish/.test(l.event))).toBe(true);
    expectClose(at(result.archive.run, '0/calculation/0/energy/total/value'), -76.1 * RYDBERG);
  });

  it('makes an entry without a structure of an .scf file alone, with the SCF criteria of its command', async () => {
    const alone = join(folder, 'alone');
    mkdirSync(alone);
    const command = ':LABEL4: using the command: runsp_lapw -ec 0.0001 -cc 0.001 -p\n';
    writeFileSync(join(alone, 'case.scf'), command + SCF);
    const result = await parse('alone/case.scf');
    expect(result.ok).toBe(true);
    expect(at(result.archive.run, '0/system')).toBeUndefined();
    expectClose(at(result.archive.run, '0/method/0/scf/threshold_energy_change'), 1e-4 * RYDBERG);
    expect(at(result.archive.run, '0/method/0/scf/threshold_density_change')).toBe(0.001);
    expect(result.logs.some((l) => /no case\.struct/.test(l.event))).toBe(true);
  });
});

describe('the WIEN2k readers', () => {
  it('reads the functional options of old and new versions', () => {
    expect(functionalNames(['19'])).toEqual(['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL']);
    expect(functionalNames(['EX_LDA', 'EC_LDA', 'VX_MBJ', 'VC_LDA'])).toEqual(['MGGA_X_TB09', 'LDA_C_PW']);
    expect(functionalNames(['XC_NOTHING'])).toEqual([]);
  });

  it('reads dates with and without a zone', () => {
    expect(startDate('Sat Apr 12 14:34:40 CEST 2014')).toBe(Date.UTC(2014, 3, 12, 12, 34, 40) / 1000);
    expect(startDate('Sat Apr 12 14:34:40 2014')).toBe(Date.UTC(2014, 3, 12, 14, 34, 40) / 1000);
  });

  it('refuses a file with no iteration and no version', () => {
    expect(() => readWien2kScf('hello\n')).toThrow(/not a WIEN2k SCF file/);
  });
});

const data = `${nomadTestData('electronic-parsers', 'wien2k')}/`;

describe.skipIf(!existsSync(data))(
  'NOMAD test data of WIEN2k (skipped without /tmp/nomad-parser-tests)',
  () => {
    const nomad = (path: string) =>
      parseMainfile({
        absolutePath: data + path,
        relativePath: path,
        uploadId: 'wien2k',
        parser: wien2kParser,
      });

    it('graphene with a vacancy: 40 iterations, 49 atoms, forces of 13 inequivalent ones', async () => {
      const result = await nomad('basic/ok.scf');
      expect(result.ok).toBe(true);
      const run = result.archive.run;
      expect(at(run, '0/calculation/0/n_scf_iterations')).toBe(40);
      expectClose(at(run, '0/calculation/0/energy/total/value'), -3714.22707465 * RYDBERG);
      expect((at(run, '0/calculation/0/forces/total/value') as unknown[]).length).toBe(49);
      expectClose(at(run, '0/system/0/atoms/positions/18/1'), 9.94126646e-10, 1e-6);
    });

    it('CrO2: two spin channels of band energies and DOS, with the atoms of the DOS', async () => {
      const result = await nomad('dos/CrO2-sp.scf');
      const calc = at(result.archive.run, '0/calculation/0') as Record<string, unknown>;
      expect(at(calc, 'eigenvalues/0/energies/1/68/41')).toBeCloseTo(3.695777e-18, 22);
      expect(at(calc, 'dos_electronic/1/spin_channel')).toBe(1);
      expect(at(result.archive.run, '0/method/0/k_mesh/n_points')).toBe(70);
      expect(at(calc, 'dos_electronic/0/species_projected/1/atom_label')).toBe('O');
      // O's 2:total column of CrO2-sp.dos1up at 1.352 Ry.
      expectClose(at(calc, 'dos_electronic/0/species_projected/1/value/926'), 2.63576126 / RYDBERG);
    });
  },
);
