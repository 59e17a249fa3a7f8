import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { dftbArchive } from './archive.ts';
import { dftbplusParser } from './dftbplus.ts';
import { hsdGeometry, readGen, readHsd } from './read-dftbplus-input.ts';
import { readDetailed, readDftbOutput } from './read-dftbplus.ts';

/** A small relaxation of our own in DFTB+'s layout (a water molecule, two geometry steps). */
const output = `|===============================================================================
|
|  DFTB+ release 21.1
|
|===============================================================================
Reading input file 'dftb_in.hsd'
Parser version: 9
--------------------------------------------------------------------------------
Reading SK-files:
  /sk/O-O.skf
  /sk/O-H.skf
Done.
Processed input in HSD format written to 'dftb_pin.hsd'

Starting initialization...
--------------------------------------------------------------------------------
Mode:                        Conjugate gradient relaxation
Self consistent charges:     Yes
Max. scc iterations:                    100
Spin polarisation:           No
Nr. of up electrons:             4.000000
Nr. of down electrons:           4.000000
Max. nr. of geometry steps:            50
Force tolerance:               0.100000E-03
--------------------------------------------------------------------------------

***  Geometry step: 0

 iSCC Total electronic   Diff electronic      SCC error    
    1   -0.40000000E+01    0.00000000E+00    0.10000000E+00
    2   -0.40100000E+01   -0.10000000E-01    0.10000000E-05
 
Total Energy:                       -4.0050000000 H        -108.9815 eV
Extrapolated to 0:                  -4.0050000000 H        -108.9815 eV
Total Mermin free energy:           -4.0050000000 H        -108.9815 eV
Pressure:                            0.100000E-06 au     0.294210E+07 Pa

--------------------------------------------------------------------------------

***  Geometry step: 1

 iSCC Total electronic   Diff electronic      SCC error    
    1   -0.40200000E+01    0.00000000E+00    0.10000000E-05
 
Total Energy:                       -4.0060000000 H        -109.0087 eV
Total Mermin free energy:           -4.0060000000 H        -109.0087 eV

Geometry converged
`;

const hsd = `Geometry = GenFormat {
3  C
 O H
 1 1  0.0 0.0 0.0
 2 2  0.96 0.0 0.0
 3 2  -0.24 0.93 0.0
}
Hamiltonian = DFTB {
  Charge = 0.0
  Filling = Fermi {
    Temperature [K] = 300
  }
  Solver = RelativelyRobust {}
}
`;

const detailed = `Fermi level:                        -0.2000000000 H           -5.4423 eV
Repulsive energy:                    0.0500000000 H            1.3606 eV
Total energy:                       -4.0060000000 H        -109.0087 eV

Eigenvalues (H) and fillings (e)
    1    -0.9000000000     2.00000
    2    -0.4000000000     2.00000
    3     0.1000000000     0.00000

Total Forces
    1     0.010000000000     0.000000000000     0.000000000000
    2    -0.010000000000     0.000000000000     0.000000000000
    3     0.000000000000     0.000000000000     0.000000000000

 Net atomic charges (e)
 Atom           Net charge
    1      -0.60000000
    2       0.30000000
    3       0.30000000

Dipole moment:    0.00000000    0.70000000    0.00000000 au
`;

describe('the DFTB+ reader and archive', () => {
  const initial = readGen(hsdGeometry(hsd)!.body)!;

  it('reads settings, steps, SCC cycles and detailed.out, in SI units', () => {
    const { run, workflow2, structure, warnings } = dftbArchive(readDftbOutput(output), {
      settings: readHsd(hsd),
      initial,
      detailed: readDetailed(detailed),
    });
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'DFTB+', version: 'release 21.1' });
    expect(at(run, 'method/0/tb/name')).toBe('DFTB');
    expect(at(run, 'method/0/tb/x_dftbp_sk_files')).toEqual(['/sk/O-O.skf', '/sk/O-H.skf']);
    expect(at(run, 'method/0/tb/x_dftbp_input_parameters/Hamiltonian/Filling')).toEqual({
      _function: 'Fermi',
      'Temperature [K]': 300,
    });
    expect(at(run, 'method/0/electronic')).toEqual({ n_spin_channels: 1, n_electrons: 8, charge: 0 });
    expect(at(run, 'method/0/scf/n_max_iteration')).toBe(100);
    expect(structure.species).toEqual(['O', 'H', 'H']);
    expectClose(structure.positions[1]![0], 0.96 * ANGSTROM);
    expect(at(run, 'calculation/length')).toBe(2);
    expectClose(at(run, 'calculation/0/energy/total/value'), -4.005 * HARTREE);
    expectClose(at(run, 'calculation/0/pressure'), (1e-7 * HARTREE) / BOHR ** 3);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), -0.01 * HARTREE);
    // The last step gets detailed.out's values.
    expectClose(at(run, 'calculation/1/energy/fermi'), -0.2 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/nuclear_repulsion/value'), 0.05 * HARTREE);
    expect(at(run, 'calculation/1/eigenvalues/0/occupations')).toEqual([[[2, 2, 0]]]);
    expectClose(at(run, 'calculation/1/eigenvalues/0/energies/0/0/2'), 0.1 * HARTREE);
    expectClose(at(run, 'calculation/1/forces/total/value/0/0'), (0.01 * HARTREE) / BOHR);
    expectClose(at(run, 'calculation/1/charges/0/value/0'), -0.6 * ELEMENTARY_CHARGE);
    expectClose(at(run, 'calculation/1/multipoles/0/dipole/total/1'), 0.7 * ELEMENTARY_CHARGE * BOHR);
    expect(at(workflow2, 'name')).toBe('GeometryOptimization');
    expect(at(workflow2, 'results/is_converged_geometry')).toBe(true);
    expectClose(at(workflow2, 'method/convergence_tolerance_force_maximum'), (1e-4 * HARTREE) / BOHR);
  });

  it('warns when an optimisation stops early and refuses an output without a step', () => {
    const cut = output.slice(0, output.indexOf('Geometry converged'));
    const { warnings } = dftbArchive(readDftbOutput(cut), { initial });
    expect(warnings).toEqual([
      "the optimisation has no 'Geometry converged' (or 'did NOT converge') line: the run did not finish",
    ]);
    const head = output.slice(0, output.indexOf('***  Geometry step: 0'));
    expect(() => dftbArchive(readDftbOutput(head), { initial })).toThrow("before its first 'Geometry step'");
  });

  it('reads molecular-dynamics steps: potential, kinetic and conserved energy, temperature', () => {
    const md = output
      .replace('Conjugate gradient relaxation', 'Molecular dynamics')
      .replace(/Geometry step: (\d)/g, 'MD step: $1')
      .replace(
        'Total Mermin free energy:           -4.0060000000 H        -109.0087 eV',
        'MD Kinetic Energy:                   0.0010000000 H           0.0272 eV\n' +
          'Total MD Energy:                    -4.0050000000 H        -108.9815 eV\n' +
          'MD Temperature:                      0.0009500000 au        300.0000 K',
      );
    const { run, workflow2 } = dftbArchive(readDftbOutput(md), { initial });
    expect(at(run, 'calculation/1/step')).toBe(1);
    expectClose(at(run, 'calculation/1/energy/total/value'), -4.005 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/total/potential'), -4.006 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/total/kinetic'), 0.001 * HARTREE);
    expect(at(run, 'calculation/1/temperature')).toBe(300);
    expect(at(workflow2, 'name')).toBe('MolecularDynamics');
  });

  it('reads a periodic gen geometry in fractional coordinates', () => {
    const gen = readGen(
      '2 F\n Si\n 1 1 0 0 0\n 2 1 0.25 0.25 0.25\n 0 0 0\n 0 2.7 2.7\n 2.7 0 2.7\n 2.7 2.7 0\n',
    )!;
    expect(gen.periodic).toEqual([true, true, true]);
    expectClose(gen.positions[1]![0], 1.35 * ANGSTROM);
  });
});

const data = `${nomadTestData('atomistic-parsers', 'dftbplus')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'dftbplus',
    parser: dftbplusParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))(
  "NOMAD's DFTB+ test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('static: 1415 silver atoms, one step of 34 SCC cycles and detailed.out', async () => {
      const archive = await parse('static/slurm-259896.out');
      expect(at(archive, 'run/0/system/0/atoms/labels/length')).toBe(1415);
      expect(at(archive, 'run/0/calculation/length')).toBe(1);
      expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(34);
      expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), -0.1480384825 * HARTREE);
      expect(at(archive, 'workflow2/name')).toBe('SinglePoint');
    });

    it('relax: 186 steps of a lattice relaxation, the input and final geometries', async () => {
      const archive = await parse('relax/output');
      expect(at(archive, 'run/0/system/length')).toBe(2);
      expect(at(archive, 'run/0/calculation/length')).toBe(186);
      expectClose(at(archive, 'run/0/calculation/85/pressure'), -13189912.1, 1e-6);
      expect(at(archive, 'workflow2/method/type')).toBe('cell_shape');
    });
  },
);
