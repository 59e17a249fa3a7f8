import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { BOHR, ELECTRON_VOLT, RYDBERG } from '../../units.ts';
import { at, expectAllClose, expectClose } from '../archive-test-helpers.ts';
import { pwArchive } from './archive.ts';
import { quantumEspressoParser } from './quantum-espresso.ts';
import { readPwOutput } from './read-pw.ts';

/** A small SCF output of our own, in pw.x's layout (a two-atom cell of 10 bohr). */
const scf = `
     Program PWSCF v.7.2 starts on  1Jan2024 at 10: 0: 0
     bravais-lattice index     =            1
     lattice parameter (alat)  =      10.0000  a.u.
     number of electrons       =        16.00
     kinetic-energy cutoff     =      40.0000  Ry
     charge density cutoff     =     320.0000  Ry
     scf convergence threshold =      1.0E-08
     Exchange-correlation= PBESOL
                           (   1   4  10   8   0   0   0)
     crystal axes: (cart. coord. in units of alat)
               a(1) = (   1.000000   0.000000   0.000000 )
               a(2) = (   0.000000   1.000000   0.000000 )
               a(3) = (   0.000000   0.000000   1.000000 )

     atomic species   valence    mass     pseudopotential
        Mg1            8.00    24.30500     Mg( 1.00)
        O              6.00    15.99900     O ( 1.00)

   Cartesian axes

     site n.     atom                  positions (alat units)
         1           Mg1 tau(   1) = (   0.0000000   0.0000000   0.0000000  )
         2           O   tau(   2) = (   0.5000000   0.5000000   0.5000000  )

     number of k points=     1  Marzari-Vanderbilt smearing, width (Ry)=  0.0100

     Self-consistent Calculation

     iteration #  1     ecut=    40.00 Ry     beta= 0.70
     total energy              =     -10.00000000 Ry
     estimated scf accuracy    <       0.10000000 Ry

     iteration #  2     ecut=    40.00 Ry     beta= 0.70

     End of self-consistent calculation

          k = 0.0000 0.0000 0.5000 (  1000 PWs)   bands (ev):

   -10.0000  -5.0000-120.5000   2.0000

     the Fermi energy is     1.5000 ev

!    total energy              =     -10.50000000 Ry
     estimated scf accuracy    <          1.0E-09 Ry
     one-electron contribution =     -20.00000000 Ry
     xc contribution           =      -3.00000000 Ry

     convergence has been achieved in   2 iterations

     Forces acting on atoms (cartesian axes, Ry/au):

     atom    1 type  1   force =     0.01000000    0.00000000   -0.02000000
     atom    2 type  2   force =    -0.01000000    0.00000000    0.02000000

          total   stress  (Ry/bohr**3)                   (kbar)     P=        1.00
   0.00000680   0.00000000   0.00000000            1.00        0.00        0.00
   0.00000000   0.00000680   0.00000000            0.00        1.00        0.00
   0.00000000   0.00000000   0.00000680            0.00        0.00        1.00

   JOB DONE.
`;

describe('the pw.x reader and archive', () => {
  it('reads settings, the SCF cycle and the geometry, and writes them in SI units', () => {
    const { run, workflow2, structure, warnings } = pwArchive(readPwOutput(scf));
    expect(warnings).toEqual([]);
    expect(run.program).toEqual({ name: 'QuantumESPRESSO', version: '7.2' });
    expect(structure.species).toEqual(['Mg', 'O']);
    expect(structure.positions[1]![0]).toBeCloseTo(5 * BOHR, 20);
    expect(structure.lattice![2][2]).toBeCloseTo(10 * BOHR, 20);
    const method = at(run, 'method/0');
    expect(at(method, 'dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PBE_SOL' }]);
    expect(at(method, 'electronic/smearing')).toEqual({ kind: 'marzari-vanderbilt', width: 0.01 * RYDBERG });
    expectClose(at(method, 'basis_set/0/cell_dependent/0/planewave_cutoff'), 40 * RYDBERG);
    const calculation = at(run, 'calculation/0');
    expectClose(at(calculation, 'energy/total/value'), -10.5 * RYDBERG);
    expectClose(at(calculation, 'energy/fermi'), 1.5 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/xc/value'), -3 * RYDBERG);
    // Two iterations; the converged one's energy is the '!' line's.
    expectClose(at(calculation, 'scf_iteration/0/energy/total/value'), -10 * RYDBERG);
    expectClose(at(calculation, 'scf_iteration/1/energy/total/value'), -10.5 * RYDBERG);
    expectClose(at(calculation, 'forces/total/value/0/2'), (-0.02 * RYDBERG) / BOHR);
    expect(at(calculation, 'stress/total/value/0/0')).toBe(1e8);
    // Bands run into each other when a field overflows; k-points become fractions of the reciprocal cell.
    expectAllClose(
      at(calculation, 'eigenvalues/0/energies/0/0'),
      [-10, -5, -120.5, 2].map((e) => e * ELECTRON_VOLT),
    );
    expect(at(calculation, 'eigenvalues/0/kpoints')).toEqual([[0, 0, 0.5]]);
    expect(workflow2.name).toBe('SinglePoint');
  });

  it('refuses what is no pw.x output, and warns of a run that did not finish', () => {
    expect(() => readPwOutput('hello\n')).toThrow("not a pw.x output: no 'Program PWSCF' header");
    expect(pwArchive(readPwOutput(scf.replace('JOB DONE.', ''))).warnings).toEqual([
      "the output has no 'JOB DONE': the run did not finish",
    ]);
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/quantumespresso/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'qe',
    parser: quantumEspressoParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('Quantum ESPRESSO samples (skipped without ../shared)', () => {
  it('HO_scf: a water molecule, its energy, HOMO, forces and eight SCF iterations', async () => {
    const archive = await parse('HO_scf/benchmark2.out');
    const calculation = at(archive, 'run/0/calculation/0');
    expect(at(archive, 'run/0/program/version')).toBe('5.2.1 (svn rev. 11920)');
    expectClose(at(calculation, 'energy/total/value'), -34.39414368 * RYDBERG);
    expectClose(at(calculation, 'energy/highest_occupied'), -7.2055 * ELECTRON_VOLT);
    expect(at(calculation, 'n_scf_iterations')).toBe(8);
    expectClose(at(calculation, 'forces/total/value/0/0'), (-0.10329479 * RYDBERG) / BOHR);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H2O');
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'GGA_C_PBE',
      'GGA_X_PBE',
    ]);
  });

  it('TiO2_opt: a variable-cell relaxation of rutile, five BFGS cycles and the final SCF', async () => {
    const archive = await parse('TiO2_opt/pw.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/method')).toMatchObject({ type: 'cell_shape', method: 'bfgs' });
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), (5e-4 * RYDBERG) / BOHR);
    expect(at(archive, 'run/0/calculation/length')).toBe(6);
    expectClose(at(archive, 'run/0/calculation/5/energy/total/value'), -406.00260887 * RYDBERG);
    // pw.out prints 8.9997 eV; TiO2.save's XML gives it to full precision, which the entry keeps.
    expectClose(at(archive, 'run/0/calculation/5/energy/fermi'), 8.9997 * ELECTRON_VOLT, 1e-5);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(136);
    // Final cell: a = 1.006947095 alat, c = 0.643342070 alat, alat = 8.68089159 bohr.
    expectClose(at(archive, 'run/0/system/5/atoms/lattice_vectors/0/0'), 1.006947095 * 8.68089159 * BOHR);
    expectClose(at(archive, 'run/0/system/5/atoms/lattice_vectors/2/2'), 0.64334207 * 8.68089159 * BOHR);
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
  });

  it('Si_md: fifty MD steps with their temperatures and the time step', async () => {
    const archive = await parse('Si_md/out.out');
    expect(at(archive, 'workflow2/name')).toBe('MolecularDynamics');
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 20 * 4.8377686531e-17);
    expect(at(archive, 'run/0/calculation/length')).toBe(50);
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 2.65359889);
    expect(at(archive, 'run/0/system/length')).toBe(50);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('W_dos: a band-structure run of bcc tungsten with its Fermi level', async () => {
    const archive = await parse('W_dos/w.dos.out');
    expect(at(archive, 'run/0/calculation/0/energy/total')).toBeUndefined();
    expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 15.6876 * ELECTRON_VOLT);
    expect(at(archive, 'results/material/symmetry/space_group_symbol')).toBe('Im-3m');
    // w.dos beside w.dos.out (dos.x): 1,801 energies from 5 eV; at 23 eV, 0.3362 states/eV.
    expect(at(archive, 'run/0/calculation/0/dos_electronic/0/energies/length')).toBe(1801);
    expectClose(
      at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value/1800'),
      0.3362 / ELECTRON_VOLT,
    );
    expect(at(archive, 'results/properties/electronic/dos_electronic/0/energy_fermi')).toBeCloseTo(
      15.6876 * ELECTRON_VOLT,
      25,
    );
  });
});
