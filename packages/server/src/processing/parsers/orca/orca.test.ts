import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { orcaArchive } from './archive.ts';
import { orcaParser } from './orca.ts';
import { readOrcaOutput } from './read-orca.ts';

/** A small single point of our own, in ORCA's layout (carbon monoxide, PBE0, D3BJ). */
const output = `
                                 * O   R   C   A *
                         Program Version 5.0.4 -  RELEASE  -
|  1> ! PBE0 def2-SVP D3BJ EnGrad
 Total Charge           Charge          ....    0
 Multiplicity           Mult            ....    1
 Maximum # iterations   MaxIter         ....   125
 Energy Change          TolE            ....  1.000e-06 Eh
---------------------------------
CARTESIAN COORDINATES (ANGSTROEM)
---------------------------------
  C      0.000000    0.000000    0.000000
  O      1.130000    0.000000    0.000000

--------------
SCF ITERATIONS
--------------
ITER       Energy         Delta-E        Max-DP      RMS-DP      [F,P]     Damp
  0   -113.1000000000   0.000000000000 0.05000000  0.00200000  0.2500000 0.7000
  1   -113.2000000000  -0.100000000000 0.02000000  0.00090000  0.0500000 0.7000
               *           SCF CONVERGED AFTER   2 CYCLES          *
----------------
ORBITAL ENERGIES
----------------

  NO   OCC          E(Eh)            E(eV)
   0   2.0000      -0.400000       -10.8845
   1   0.0000      -0.080000        -2.1769

-----------------------
MULLIKEN ATOMIC CHARGES
-----------------------
   0 C :    0.120000
   1 O :   -0.120000
Sum of atomic charges:   -0.0000000

--------------------------------
MULLIKEN REDUCED ORBITAL CHARGES
--------------------------------
  0 C s       :     3.800000  s :     3.800000
      pz      :     0.500000  p :     1.900000
  1 O s       :     3.900000  s :     3.900000

Total SCF time: 0 days 0 hours 0 min 3 sec

FINAL SINGLE POINT ENERGY      -113.200500000000
------------------
CARTESIAN GRADIENT
------------------

   1   C   :    0.010000000    0.000000000    0.000000000
   2   O   :   -0.010000000    0.000000000    0.000000000

                             ****ORCA TERMINATED NORMALLY****
`;

describe('the ORCA reader and archive', () => {
  it('reads keywords, the geometry, the SCF, orbital energies and the gradient, in SI units', () => {
    const { run, workflow2, structure, warnings } = orcaArchive(readOrcaOutput(output));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'ORCA', version: '5.0.4 -  RELEASE  -' });
    expect(at(run, 'method/0/scf/n_max_iteration')).toBe(125);
    expectClose(at(run, 'method/0/scf/threshold_energy_change'), 1e-6 * HARTREE);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/atom_centered/0/name')).toBe('def2-SVP');
    expect(structure.species).toEqual(['C', 'O']);
    expectClose(structure.positions[1]![0], 1.13 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/hybrid')).toEqual([{ name: 'HYB_GGA_XC_PBEH' }]);
    expect(at(run, 'method/0/electronic/van_der_waals_method')).toBe('G10');
    expectClose(at(run, 'calculation/0/energy/total/value'), -113.2005 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/highest_occupied'), -0.4 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), -0.08 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    // Restricted: one channel, two electrons per occupied orbital.
    expect(at(run, 'calculation/0/eigenvalues/0/occupations')).toEqual([[[2, 0]]]);
    expectClose(at(run, 'calculation/0/eigenvalues/0/energies/0/0/1'), -0.08 * HARTREE);
    // Charges in coulomb; orbital populations as electron counts (shell totals left out).
    expectClose(at(run, 'calculation/0/charges/0/value/0'), 0.12 * ELEMENTARY_CHARGE);
    expect(at(run, 'calculation/0/charges/0/orbital_projected')).toEqual([
      { atom_index: 0, orbital: 's', n_electrons: 3.8 },
      { atom_index: 0, orbital: 'pz', n_electrons: 0.5 },
      { atom_index: 1, orbital: 's', n_electrons: 3.9 },
    ]);
    expect(at(run, 'calculation/0/time_calculation')).toBe(3);
    // The force is the negative gradient.
    expectClose(at(run, 'calculation/0/forces/total/value/0/0'), (-0.01 * HARTREE) / BOHR);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('types OptTS as an optimisation to a saddle point', () => {
    const ts = output.replace('! PBE0 def2-SVP D3BJ EnGrad', '! PBE0 def2-SVP OptTS');
    const { workflow2 } = orcaArchive(readOrcaOutput(ts));
    expect(at(workflow2, 'name')).toBe('GeometryOptimization');
    expect(at(workflow2, 'method/method')).toBe('saddle_point_search');
  });

  it('refuses what is no ORCA output', () => {
    expect(() => readOrcaOutput('hello\n')).toThrow("not an ORCA output: no 'Program Version' line");
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/orca/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'orca',
    parser: orcaParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('ORCA samples (skipped without ../shared)', () => {
  it('CO_scf: carbon monoxide with B3LYP, its energy and frontier orbitals', async () => {
    const archive = await parse('CO_scf/orca3.2985087.out');
    expect(at(archive, 'run/0/program/version')).toBe('3.0.3 - RELEASE   -');
    // Two basis groups (C, O) and the whole basis of 62 functions.
    expect(at(archive, 'run/0/method/0/electrons_representation/0/basis_set/length')).toBe(3);
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/energies/0/0/length')).toBe(62);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -113.33572996943 * HARTREE);
    // Orbital 6 (occupied) -0.395032 Eh, orbital 7 (empty) -0.079512 Eh.
    expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), -0.395032 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), -0.079512 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(8);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual(['HYB_GGA_XC_B3LYP']);
  });

  it('CHO_geomopt: formaldehyde optimised with BP86 and D3BJ to convergence', async () => {
    const archive = await parse('CHO_geomopt/orca3.2985006.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -114.416772619048 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/forces/total/value/0/0'), (0.065871364 * HARTREE) / BOHR);
    expect(at(archive, 'results/method/simulation/dft/van_der_Waals_method')).toBe('G10');
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('CH2O');
    // A method, system and calculation per optimisation cycle; SCF times and their running sum.
    expect(at(archive, 'run/0/method/length')).toBe(6);
    expect(at(archive, 'run/0/calculation/length')).toBe(6);
    expectClose(at(archive, 'run/0/calculation/0/time_calculation'), 3.373);
    expectClose(at(archive, 'run/0/calculation/2/time_physical'), 7.373);
  });
});
