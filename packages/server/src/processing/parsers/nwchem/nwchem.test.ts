import { BOHR, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { nwchemArchive } from './archive.ts';
import { nwchemParser } from './nwchem.ts';
import { readNwchemOutput } from './read-nwchem.ts';

const samples = new URL('../../../../../../../shared/samples/codes/nwchem/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'nwchem',
    parser: nwchemParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

const banner = '              Northwest Computational Chemistry Package (NWChem) 7.2\n';
const coordinates = ` Output coordinates in angstroms (scale by  1.889725989 to convert to a.u.)

  No.       Tag          Charge          X              Y              Z
 ---- ---------------- ---------- -------------- -------------- --------------
    1 S                   16.0000     0.00000000     0.00000000    -0.94000000
    2 S                   16.0000     0.00000000     0.00000000     0.94000000
`;

describe('the NWChem reader', () => {
  it('refuses what is no NWChem output, and one with neither a geometry nor an energy', () => {
    expect(() => readNwchemOutput('hello\n')).toThrow('not an NWChem output');
    expect(() => readNwchemOutput(banner)).toThrow('no energy');
  });

  it('keeps a run cut off after its geometry, with a warning', () => {
    const { run, warnings } = nwchemArchive(readNwchemOutput(banner + coordinates));
    expect(at(run, 'system/0/atoms/labels')).toEqual(['S', 'S']);
    expect(at(run, 'calculation/0/energy')).toBeUndefined();
    expect(warnings).toContain(
      'the output has a geometry but no energy: the run stopped before its first one',
    );
  });

  it('types a saddle task as an optimisation to a saddle point, not a single point', () => {
    const deck =
      '============================== echo of input deck ==============================\ntask dft saddle\n================================================================================\n';
    const text = `${banner}${deck}${coordinates}         Total DFT energy =      -795.0\n      Optimization converged\n`;
    const { workflow2 } = nwchemArchive(readNwchemOutput(text));
    expect(at(workflow2, 'name')).toBe('GeometryOptimization');
    expect(at(workflow2, 'method/method')).toBe('saddle_point_search');
    expect(at(workflow2, 'results/is_converged_geometry')).toBe(true);
  });

  it('reads a plane-wave (PSPW) energy, its minimiser iterations, cell and <S^2>', () => {
    const pw = `${banner}${coordinates}
          *               NWPW PSPW Calculation              *
      lattice:    a1=<  20.000   0.000   0.000 >
                  a2=<   0.000  20.000   0.000 >
                  a3=<   0.000   0.000  20.000 >
      wavefnc cutoff=  7.500  fft= 36x 36x 36(     3905 waves     3905 per task)
    iter.           Energy         DeltaE       DeltaRho
      10   -0.1995729137E+02   -0.92603E-01    0.99237E+00
      20   -0.2032854576E+02   -0.51796E-02    0.16201E-01
 exc-corr  energy    :  -0.4307005383E+01 (   -0.35892E+00/electron)
 Total PSPW energy     :  -0.2033722736E+02
 <S^2>      =    2.0027822548775340
 Total times  cpu:        0.4s     wall:        0.5s
`;
    const { run, warnings } = nwchemArchive(readNwchemOutput(pw));
    expect(warnings).toEqual([]);
    expectClose(at(run, 'calculation/0/energy/total/value'), -20.33722736 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/xc/value'), -4.307005383 * HARTREE);
    expect(at(run, 'calculation/0/scf_iteration/length')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), -0.0051796 * HARTREE);
    expect(at(run, 'calculation/0/spin_S2')).toBe(2.002782254877534);
    expectClose(at(run, 'system/0/atoms/lattice_vectors/0/0'), 20 * BOHR);
    expect(at(run, 'method/0/electrons_representation/0/type')).toBe('plane waves');
    expectClose(at(run, 'method/0/electrons_representation/0/basis_set/0/cutoff'), 7.5 * HARTREE);
    expect(at(run, 'time_run/wall_end')).toBe(0.5);
  });
});

describe.skipIf(!existsSync(samples))('NWChem samples (skipped without ../shared)', () => {
  it('single_point: water with TPSS, its energy, frontier orbitals, six SCF iterations and forces', async () => {
    const archive = await parse('single_point.out');
    expect(at(archive, 'run/0/program/version')).toBe('6.6');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -76.436222730188 * HARTREE);
    // Vector 5 (occupied) E=-2.425760D-01, vector 6 (empty) E= 1.481420D-02.
    expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), -0.242576 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), 0.0148142 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(6);
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/4/energy/change'), -1.71e-5 * HARTREE);
    expect(at(archive, 'run/0/method/0/scf/n_max_iteration')).toBe(50);
    expect(at(archive, 'run/0/method/0/dft/xc_functional/exchange/0')).toEqual({
      name: 'MGGA_X_TPSS',
      weight: 1,
    });
    // Gradient of O along z -0.000037 Hartree/bohr: the force is its negative.
    expectClose(at(archive, 'run/0/calculation/0/forces/total/value/0/2'), (0.000037 * HARTREE) / BOHR);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'MGGA_C_TPSS',
      'MGGA_X_TPSS',
    ]);
  });

  it('geometry_optimization: the same water optimised to convergence', async () => {
    const archive = await parse('geometry_optimization.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -76.429418611381 * HARTREE);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H2O');
    // Four steps; the line-search energies (at geometries NWChem does not print) are left out.
    expect(at(archive, 'run/0/calculation/length')).toBe(4);
    expect(at(archive, 'run/0/method/length')).toBe(4);
    // Step 1: gradient of atom 3 along z -0.002678 Hartree/bohr, so the force is +0.002678.
    expectClose(at(archive, 'run/0/calculation/1/forces/total/value/2/2'), (0.002678 * HARTREE) / BOHR);
    // The '@ Step' wall times: 0.4 s at the end of step 0, step 3 took 1.8 - 1.5 s.
    expectClose(at(archive, 'run/0/calculation/0/time_physical'), 0.4);
    expectClose(at(archive, 'run/0/calculation/3/time_calculation'), 0.3);
    expectClose(at(archive, 'run/0/calculation/1/scf_iteration/1/time_calculation'), 0.1);
  });
});
