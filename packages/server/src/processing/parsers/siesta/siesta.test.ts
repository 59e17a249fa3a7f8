import { ANGSTROM, BOHR, ELECTRON_VOLT, ELEMENTARY_CHARGE, KILOBAR, RYDBERG, type Mat3 } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { siestaArchive } from './archive.ts';
import { bandSegments, bandVertices, readBands } from './read-siesta-bands.ts';
import { readEig, readKp } from './read-siesta-eig.ts';
import { readFdf } from './read-siesta-fdf.ts';
import { readSiestaOutput } from './read-siesta.ts';
import { siestaParser } from './siesta.ts';

/** A small relaxation of our own in SIESTA 4's layout: a LiF pair in a box, two CG moves. */
const output = `Siesta Version: siesta-4.0.2
Architecture  : gfortran
Compiler flags: gfortran -O3
PARALLEL version

* Running on    4 nodes in parallel
>> Start of run:   2-MAR-2021  10:00:00

                           ***********************
                           *  WELCOME TO SIESTA  *
                           ***********************

************************** Dump of input data file ****************************
SystemName     LiF pair     # a test
SystemLabel    lif
xc.functional  GGA
XC.authors     PBEsol
SpinPolarized  false
DM.Tolerance   1.d-4
WriteCoorStep
%block Chemical_Species_Label
  1  3  Li
  2  9  F
%endblock Chemical_Species_Label
************************** End of input data file *****************************

atom: Called for Li                    (Z =   3)
Total valence charge:    1.00000
atom: Called for F                     (Z =   9)
Total valence charge:    7.00000

%block ChemicalSpeciesLabel
    1    3 Li                      # Species index, atomic number, species label
    2    9 F                       # Species index, atomic number, species label
%endblock ChemicalSpeciesLabel

siesta: Atomic coordinates (Bohr) and species
siesta:      0.00000   0.00000   0.00000  1        1
siesta:      3.00000   0.00000   0.00000  2        2

siesta: System type = molecule

redata: Number of spin components        =     1
redata: Mesh Cutoff                      =   200.0000  Ry
redata: Electronic Temperature           =     0.0020  Ry
redata: Dynamics option                  =     CG coord. optimization
redata: Force tolerance                  =     0.0020  Ry/Bohr

                     ====================================
                        Begin CG opt. move =      0
                     ====================================

outcoor: Atomic coordinates (Ang):
    0.00000000    0.00000000    0.00000000   1       1  Li
    1.60000000    0.00000000    0.00000000   2       2  F

outcell: Unit cell vectors (Ang):
       10.000000    0.000000    0.000000
        0.000000   10.000000    0.000000
        0.000000    0.000000   10.000000

siesta: Program's energy decomposition (eV):
siesta: Ebs     =       -50.000000
siesta: Ena     =        10.000000
siesta: Exc     =       -80.000000
siesta: Etot    =      -300.000000
siesta: FreeEng =      -300.100000

   scf: iscf   Eharris(eV)      E_KS(eV)   FreeEng(eV)    dDmax  Ef(eV)
   scf:    1     -300.5000     -300.4000     -300.4100  0.10000 -4.0000
timer: Routine,Calls,Time,% =    IterSCF     1       1.000  10.00
   scf:    2     -300.5500     -300.5400     -300.5500  0.00010 -4.1000

siesta: E_KS(eV) =             -300.5400

siesta: Atomic forces (eV/Ang):
     1    0.500000    0.000000    0.000000
     2   -0.500000    0.000000    0.000000
----------------------------------------
   Tot    0.000000    0.000000    0.000000

Stress-tensor-Voigt (kbar):       -1.00       -2.00       -3.00        0.40        0.50        0.60
Target enthalpy (eV/cell)     -300.5400

                     ====================================
                        Begin CG opt. move =      1
                     ====================================

outcoor: Atomic coordinates (Ang):
    0.00000000    0.00000000    0.00000000   1       1  Li
    1.55000000    0.00000000    0.00000000   2       2  F

   scf: iscf   Eharris(eV)      E_KS(eV)   FreeEng(eV)    dDmax  Ef(eV)
   scf:    1     -300.6000     -300.6000     -300.6100  0.00010 -4.2000

siesta: E_KS(eV) =             -300.6000

siesta: Atomic forces (eV/Ang):
     1    0.010000    0.000000    0.000000
     2   -0.010000    0.000000    0.000000

Target enthalpy (eV/cell)     -300.6000

outcoor: Relaxed atomic coordinates (Ang):
    0.00000000    0.00000000    0.00000000   1       1  Li
    1.55000000    0.00000000    0.00000000   2       2  F

mulliken: Atomic and Orbital Populations:

Species: Li
Atom  Qatom  Qorb
               2s      2py     2pz
               2px
   1  0.400   0.300   0.030   0.030
              0.040

Species: F
Atom  Qatom  Qorb
               2s      2p
   2  7.600   1.900   5.700

mulliken: Qtot =        8.000

siesta: Final energy (eV):
siesta:  Band Struct. =     -51.000000
siesta:       Kinetic =     100.000000
siesta:       Hartree =      40.000000
siesta:   Exch.-corr. =     -81.000000
siesta:  Ion-electron =    -359.600000
siesta:         Total =    -300.600000

siesta: Stress tensor (static) (eV/Ang**3):
siesta:    -0.001000    0.000100    0.000000
siesta:     0.000100   -0.002000    0.000000
siesta:     0.000000    0.000000   -0.003000

siesta: Electric dipole (Debye) =    6.300000    0.000000    0.000000
>> End of run:   2-MAR-2021  10:05:00
`;

describe('the SIESTA reader and archive', () => {
  it('reads the input echo, the moves, the final analysis and the Mulliken populations, in SI units', () => {
    const read = readSiestaOutput(output);
    expect(read.input.parameters.SystemName).toBe('LiF pair');
    expect(read.input.parameters['DM.Tolerance']).toBe(1e-4);
    expect(read.input.parameters.WriteCoorStep).toBe(true);
    const { run, workflow2, structure, warnings } = siestaArchive(read);
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'SIESTA', version: 'siesta-4.0.2' });
    expect(at(run, 'x_siesta_n_nodes')).toBe(4);
    expect(at(run, 'time_run/date_end')).toBe(Date.UTC(2021, 2, 2, 10, 5, 0) / 1000);
    expect(at(run, 'method/0/dft/xc_functional/exchange/0/name')).toBe('GGA_X_PBE_SOL');
    expectClose(at(run, 'method/0/electronic/smearing/width'), 0.002 * RYDBERG);
    expectClose(at(run, 'method/0/electrons_representation/1/basis_set/0/cutoff'), 200 * RYDBERG);
    // Two moves and the final analysis on the relaxed geometry.
    expect(at(run, 'system/length')).toBe(2);
    expect(at(run, 'calculation/length')).toBe(3);
    expect(at(run, 'calculation/2/system_ref')).toBe('/run/0/system/1');
    expect(structure.species).toEqual(['Li', 'F']);
    expectClose(structure.positions[1]![0], 1.55 * ANGSTROM);
    expect(structure.periodic).toEqual([false, false, false]);
    // The Kohn-Sham energy after the SCF is the step's total; Ebs and Ena are contributions.
    expectClose(at(run, 'calculation/0/energy/total/value'), -300.54 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/0/energy/free/value'), -300.1 * ELECTRON_VOLT);
    expect(at(run, 'calculation/0/energy/contributions/1/kind')).toBe('Ena');
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/types/0/value'), -300.55 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/fermi'), -4.1 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/0/forces/total/value/1/0'), (-0.5 * ELECTRON_VOLT) / ANGSTROM);
    // The Voigt line is xx yy zz xy yz xz.
    expectClose(at(run, 'calculation/0/stress/total/value/0/1'), 0.4 * KILOBAR);
    expectClose(at(run, 'calculation/0/stress/total/value/1/2'), 0.5 * KILOBAR);
    expectClose(at(run, 'calculation/0/stress/total/value/0/2'), 0.6 * KILOBAR);
    expectClose(at(run, 'calculation/2/energy/sum_eigenvalues/value'), -51 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/2/energy/total/value'), -300.6 * ELECTRON_VOLT);
    expect(at(run, 'calculation/2/energy/contributions/1/kind')).toBe('Ion-electron');
    expectClose(at(run, 'calculation/2/stress/total/value/1/1'), (-0.002 * ELECTRON_VOLT) / ANGSTROM ** 3);
    expect(at(run, 'calculation/2/multipoles/0/dipole/total')).toEqual([6.3, 0, 0]);
    // Populations are electrons; the net charge is the valence charge less the population.
    expect(at(run, 'calculation/2/charges/0/n_electrons')).toEqual([0.4, 7.6]);
    expectClose(at(run, 'calculation/2/charges/0/value/0'), 0.6 * ELEMENTARY_CHARGE);
    expect(at(run, 'calculation/2/charges/0/orbital_projected/3')).toEqual({
      spin: 0,
      atom_label: 'Li',
      atom_index: 0,
      orbital: '2px',
      n_electrons: 0.04,
    });
    expect(at(workflow2, 'name')).toBe('GeometryOptimization');
    expect(at(workflow2, 'results/is_converged_geometry')).toBe(true);
    expect(at(workflow2, 'method/method')).toBe('conjugate gradient');
    expectClose(at(workflow2, 'method/convergence_tolerance_force_maximum'), (0.002 * RYDBERG) / BOHR);
  });

  it('types MD steps as molecular dynamics with the ensemble and time step of the input', () => {
    const md = output
      .replace(/Begin CG opt\. move =\s+(\d)/g, 'Begin MD step = $1')
      .replace('WriteCoorStep', 'MD.TypeOfRun  Verlet\nMD.LengthTimeStep  0.5 fs');
    const { run, workflow2 } = siestaArchive(readSiestaOutput(md));
    expect(at(run, 'system/length')).toBe(2);
    expect(at(workflow2, 'name')).toBe('MolecularDynamics');
    expect(at(workflow2, 'method/thermodynamic_ensemble')).toBe('NVE');
    expectClose(at(workflow2, 'method/integration_timestep'), 0.5e-15);
  });

  it('reads the header and the named Voigt order of later versions', () => {
    const later = output
      .replace('Siesta Version: siesta-4.0.2', 'Siesta Version  : 4.1.5')
      .replace(
        'Stress-tensor-Voigt (kbar):       -1.00       -2.00       -3.00        0.40        0.50        0.60',
        'Stress tensor Voigt[x,y,z,yz,xz,xy] (kbar):       -1.00       -2.00       -3.00        0.50        0.60        0.40',
      );
    const { run } = siestaArchive(readSiestaOutput(later));
    expect(at(run, 'program/version')).toBe('4.1.5');
    // Without the 'redata:' count, the input's Spin says it.
    const polarized = later
      .replace('SpinPolarized  false', 'Spin  polarized')
      .replace(/redata: Number of spin components.*\n/, '');
    expect(at(siestaArchive(readSiestaOutput(polarized)).run, 'method/0/electronic/n_spin_channels')).toBe(2);
    expectClose(at(run, 'calculation/0/stress/total/value/0/1'), 0.4 * KILOBAR);
    expectClose(at(run, 'calculation/0/stress/total/value/1/2'), 0.5 * KILOBAR);
    expectClose(at(run, 'calculation/0/stress/total/value/0/2'), 0.6 * KILOBAR);
  });

  it('falls back on the initial coordinates and says when the run did not finish', () => {
    const cut = output.slice(0, output.indexOf('redata: Dynamics option'));
    const { structure, warnings } = siestaArchive(readSiestaOutput(cut));
    expect(structure.species).toEqual(['Li', 'F']);
    expectClose(structure.positions[1]![0], 3 * BOHR);
    expect(warnings).toEqual(["the output has no 'End of run': the run did not finish"]);
  });

  it('reads the eigenvalues of the .EIG file, spin up then down, with fractional k-points of the .KP file', () => {
    const eig = readEig(
      [
        '       -4.5000',
        '     3     2     2',
        '    1   -10.00000    -5.00000     1.00000    -9.50000',
        '         -4.50000     1.50000',
        '    2   -11.00000    -6.00000     2.00000   -10.50000',
        '         -5.50000     2.50000',
      ].join('\n'),
      'lif.EIG',
    );
    if (typeof eig === 'string') throw new Error(eig);
    expect(eig.energies).toEqual([
      [
        [-10, -5, 1],
        [-11, -6, 2],
      ],
      [
        [-9.5, -4.5, 1.5],
        [-10.5, -5.5, 2.5],
      ],
    ]);
    const kp = readKp(
      '     2\n     1    0.000000    0.000000    0.000000     0.500000\n     2    0.314159    0.000000    0.000000     0.500000\n',
      'lif.KP',
      2,
    );
    const { run } = siestaArchive(readSiestaOutput(output), { ...eig, ...kp });
    expectClose(at(run, 'calculation/2/eigenvalues/0/energies/1/0/2'), 1.5 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/2/energy/fermi'), -4.5 * ELECTRON_VOLT);
    // a = 10 Å along x: k_x = 0.314159 / Bohr is a · k / 2π of the way.
    expectClose(
      at(run, 'calculation/2/eigenvalues/0/kpoints/1/0'),
      (10 * ANGSTROM * 0.314159) / BOHR / (2 * Math.PI),
    );
    expect(readEig('       -4.5000\n     3     1     2\n    1   -1.0   0.0   1.0\n', 'x.EIG')).toBe(
      'x.EIG has 1 k-points of 2 or rows of another length: its eigenvalues are not read',
    );
  });

  it('cuts the .bands energies into segments along the BandLines path, k-points made fractional', () => {
    const input = readFdf([
      'LatticeConstant 4.0 Ang',
      '%block BandLines',
      '  1  0.0 0.0 0.0  \\Gamma',
      '  2  1.0 0.0 0.0  X',
      '%endblock BandLines',
    ]);
    const read = readBands(
      [
        '  -1.50000000000000',
        '  0.000000000000000E+000   1.0000000000000',
        '  -10.0000000000000        5.00000000000000',
        '           2           1           3',
        '  0.000000    -10.0000      2.0000',
        '  0.392699     -9.0000      3.0000',
        '  0.785398     -8.0000      5.0000',
        '           2',
        "    0.000000   'Gamma'",
        "    0.785398   'X'",
      ].join('\n'),
      'x.bands',
    );
    if (typeof read === 'string') throw new Error(read);
    // A simple cubic cell of 4 Å: X = (π/a)(1, 0, 0) is half a reciprocal vector.
    const cell: Mat3 = [
      [4 * ANGSTROM, 0, 0],
      [0, 4 * ANGSTROM, 0],
      [0, 0, 4 * ANGSTROM],
    ];
    const vertices = bandVertices(input, cell, 4 * ANGSTROM)!;
    const [segment] = bandSegments(vertices, read, ELECTRON_VOLT)!;
    expect(segment!.endpoints_labels).toEqual(['Γ', 'X']);
    expect(segment!.kpoints).toEqual([
      [0, 0, 0],
      [0.25, 0, 0],
      [0.5, 0, 0],
    ]);
    expectClose(at(segment, 'energies/0/2/1'), 5 * ELECTRON_VOLT);
    // Counts that do not add up to the file's k-points make no band structure.
    expect(bandSegments([vertices[0]!, { ...vertices[1]!, points: 3 }], read, ELECTRON_VOLT)).toBeUndefined();
  });

  it('refuses what is no SIESTA output', () => {
    expect(() => readSiestaOutput('hello\n')).toThrow("not a SIESTA output: no 'Siesta Version' line");
  });

  it('matches SIESTA outputs by their header', () => {
    expect(siestaParser.mainfileContents!.test(output.slice(0, 4096))).toBe(true);
    expect(siestaParser.mainfileContents!.test('Elk version 4.0.15 started')).toBe(false);
  });
});

const data = `${nomadTestData('electronic-parsers', 'siesta')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'siesta',
    parser: siestaParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))(
  "NOMAD's SIESTA test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('Fe: a spin-polarised bcc iron single point', async () => {
      const archive = await parse('Fe/out');
      expect(at(archive, 'run/0/calculation/length')).toBe(2);
      expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -782.2426 * ELECTRON_VOLT);
      expect(at(archive, 'run/0/calculation/0/scf_iteration/length')).toBe(24);
      expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/2/2'), -1.435 * ANGSTROM);
      expect(at(archive, 'run/0/calculation/1/charges/0/spin_projected/1/n_electrons')).toBe(2.842);
      expect(at(archive, 'workflow2/name')).toBe('SinglePoint');
    });

    it('H2O-relax: seven CG moves and the final analysis', async () => {
      const archive = await parse('H2O-relax/out');
      expect(at(archive, 'run/0/system/length')).toBe(7);
      expect(at(archive, 'run/0/calculation/length')).toBe(8);
      expectClose(at(archive, 'run/0/system/6/atoms/positions/2/0'), -0.76940893 * ANGSTROM);
      expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    });

    it('Al-bulk: a single point without coordinates in its step takes the initial ones', async () => {
      const archive = await parse('Al-bulk/out');
      expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['Al']);
      expect(at(archive, 'results/material/chemical_formula_hill')).toBe('Al');
    });
  },
);
