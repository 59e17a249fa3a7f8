import { BOHR, ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { abinitParser } from './abinit.ts';
import { abinitArchive } from './archive.ts';
import { readAbinitOutput } from './read-abinit.ts';
import { readAbinitDos } from './read-dos.ts';

const samples = new URL('../../../../../../../shared/samples/codes/abinit/', import.meta.url);

describe('the ABINIT reader', () => {
  it('refuses what is no ABINIT output, and one with neither variables nor an SCF cycle', () => {
    expect(() => readAbinitOutput('hello\n')).toThrow('not an ABINIT output');
    expect(() => readAbinitOutput('.Version 9.10.1 of ABINIT\n')).toThrow('echoes no input variables');
  });
});

/** An ecut convergence study of our own in two datasets: variables of all datasets and of each. */
const twoDatasets = `.Version 9.10.3 of ABINIT
 -outvars: echo values of preprocessed input variables --------
            acell      1.0180000000E+01  1.0180000000E+01  1.0180000000E+01 Bohr
           ndtset           2
== DATASET  1 ==================================================================
 ETOT  1  -8.8600000000000    -8.860E+00 1.404E-03 6.305E+00
 ETOT  2  -8.8650000000000    -5.000E-03 8.033E-07 1.677E-01
 Fermi (or HOMO) energy (hartree) =   0.19383   Average Vxc (hartree)=  -0.35554
== DATASET  2 ==================================================================
 ETOT  1  -8.8700000000000    -8.870E+00 1.404E-03 6.305E+00
 ETOT  2  -8.8720000000000    -2.000E-03 8.033E-07 1.677E-01
 ETOT  3  -8.8723000000000    -3.000E-04 8.033E-07 1.677E-01
 Fermi (or HOMO) energy (hartree) =   0.19500   Average Vxc (hartree)=  -0.35554
== END DATASET(S) ==============================================================
 -outvars: echo values of variables after computation  --------
            acell      1.0180000000E+01  1.0180000000E+01  1.0180000000E+01 Bohr
           ecut1      8.00000000E+00 Hartree
           ecut2      1.20000000E+01 Hartree
          etotal1    -8.8650000000E+00
          etotal2    -8.8723000000E+00
              ixc           1
            rprim      0.0000000000E+00  5.0000000000E-01  5.0000000000E-01
                       5.0000000000E-01  0.0000000000E+00  5.0000000000E-01
                       5.0000000000E-01  5.0000000000E-01  0.0000000000E+00
            typat      1  1
             xred      0.0000000000E+00  0.0000000000E+00  0.0000000000E+00
                       2.5000000000E-01  2.5000000000E-01  2.5000000000E-01
            znucl       14.00000

 Calculation completed.
`;

describe('ABINIT datasets', () => {
  it('makes a calculation per dataset, with its own variables, sharing what the datasets share', () => {
    const archive = abinitArchive(readAbinitOutput(twoDatasets));
    const run = archive.run as {
      calculation: Record<string, unknown>[];
      system: unknown[];
      method: unknown[];
    };
    expect(run.calculation).toHaveLength(2);
    // One structure for both; a method each, as their cut-offs differ.
    expect(run.system).toHaveLength(1);
    expect(run.method).toHaveLength(2);
    expect(at(run, 'calculation/1/method_ref')).toBe('/run/0/method/1');
    expectClose(at(run, 'method/1/electrons_representation/0/basis_set/0/cutoff'), 12 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/total/value'), -8.865 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/total/value'), -8.8723 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/fermi'), 0.195 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(run, 'calculation/1/n_scf_iterations')).toBe(3);
    expect(archive.structure.species).toEqual(['Si', 'Si']);
    expect(archive.warnings).toEqual([]);
  });

  it('takes the documented defaults of variables ABINIT leaves out of its echo', () => {
    // rprim is the identity and xred zero by default; a zero xred of two atoms is worth a warning.
    const text = twoDatasets.replace(/ {12}rprim .*\n.*\n.*\n/g, '').replace(/ {13}xred .*\n.*\n/g, '');
    const archive = abinitArchive(readAbinitOutput(text));
    expectClose(at(archive.run, 'system/0/atoms/lattice_vectors/0/0'), 10.18 * BOHR);
    expect(at(archive.run, 'system/0/atoms/lattice_vectors/0/1')).toBe(0);
    expect(at(archive.run, 'system/0/atoms/positions/1')).toEqual([0, 0, 0]);
    expect(archive.warnings).toEqual([
      "the output echoes no 'xred', 'xcart' nor 'xangst': atoms placed at the origin",
    ]);
  });
});

/** A BFGS relaxation of our own making: two steps, each with its coordinates, forces and energy. */
const relaxation = `.Version 8.0.8 of ABINIT
.Starting date : Thu 25 Aug 2016.
- ( at 15h46 )
 -outvars: echo values of variables after computation  --------
            acell      1.0000000000E+01  1.0000000000E+01  1.0000000000E+01 Bohr
           ionmov          2
            natom          2
            nstep         12
           toldfe      1.00000000E-06 Hartree
            typat      1  1
            xcart     -7.4000000000E-01  0.0000000000E+00  0.0000000000E+00
                       7.4000000000E-01  0.0000000000E+00  0.0000000000E+00
            znucl        1.00000

== DATASET  1 ==================================================================
- pspini: atom type   1  psp file is ./01h.pspgth
--- Iteration: ( 1/10) Internal Cycle: (1/1)
 ETOT  1  -1.1300000000000    -1.130E+00 2.662E-06 1.404E+01 1.763E-02 1.763E-02
 ETOT  2  -1.1310000000000    -1.000E-03 4.587E-10 1.124E+00 9.415E-03 2.705E-02
 Cartesian components of stress tensor (hartree/bohr^3)
  sigma(1 1)= -1.00000000E-06  sigma(3 2)=  0.00000000E+00
  sigma(2 2)=  3.00000000E-05  sigma(3 1)=  0.00000000E+00
  sigma(3 3)=  3.00000000E-05  sigma(2 1)=  2.00000000E-06
 Cartesian coordinates (xcart) [bohr]
 -7.00000000000000E-01  0.00000000000000E+00  0.00000000000000E+00
  7.00000000000000E-01  0.00000000000000E+00  0.00000000000000E+00
 Cartesian forces (fcart) [Ha/bohr]; max,rms= 2.73895E-02 1.58133E-02 (free atoms)
 -2.73894841463312E-02 -0.00000000000000E+00 -0.00000000000000E+00
  2.73894841463312E-02 -0.00000000000000E+00 -0.00000000000000E+00
 Total energy (etotal) [Ha]= -1.13100000000000E+00
--- Iteration: ( 2/10) Internal Cycle: (1/1)
 ETOT  1  -1.1320000000000    -1.132E+00 2.662E-06 1.404E+01 1.763E-02 1.763E-02
 Cartesian coordinates (xcart) [bohr]
 -7.40000000000000E-01  0.00000000000000E+00  0.00000000000000E+00
  7.40000000000000E-01  0.00000000000000E+00  0.00000000000000E+00
 Total energy (etotal) [Ha]= -1.13200000000000E+00
 At Broyd/MD step   2, gradients are converged :
 Fermi (or HOMO) energy (hartree) =  -0.36218   Average Vxc (hartree)=  -0.07746
 Eigenvalues (hartree) for nkpt=   1  k points:
 kpt#   1, nband=  2, wtk=  1.00000, kpt=  0.0000  0.0000  0.0000 (reduced coord)
  -0.36218   0.01500
      occupation numbers for kpt#   1
   2.00000   0.00000
    Kinetic energy  =  9.92750577846184E-01
== END DATASET(S) ==============================================================
- Proc.   0 individual time (sec): cpu=          1.4  wall=          0.5
 Calculation completed.
`;

describe('ABINIT relaxations', () => {
  it('makes a calculation and a system per step, and a converged BFGS optimisation', () => {
    const archive = abinitArchive(readAbinitOutput(relaxation));
    expect(archive.workflow2).toMatchObject({
      name: 'GeometryOptimization',
      method: { method: 'bfgs' },
      results: { is_converged_geometry: true },
    });
    expect(at(archive.run, 'clean_end')).toBe(true);
    // Thu 25 Aug 2016 at 15h46, UTC.
    expect(at(archive.run, 'time_run/date_start')).toBe(Date.UTC(2016, 7, 25, 15, 46) / 1000);
    expect(at(archive.run, 'method/0/scf')).toEqual({
      n_max_iteration: 12,
      threshold_energy_change: 1e-6 * HARTREE,
    });
    expect(at(archive.run, 'calculation/length')).toBe(2);
    expect(at(archive.run, 'system/length')).toBe(2);
    expectClose(at(archive.run, 'system/0/atoms/positions/1/0'), 0.7 * BOHR);
    expectClose(at(archive.run, 'system/1/atoms/positions/1/0'), 0.74 * BOHR);
    expectClose(at(archive.run, 'calculation/0/energy/total/value'), -1.131 * HARTREE);
    expect(at(archive.run, 'calculation/0/n_scf_iterations')).toBe(2);
    expectClose(
      at(archive.run, 'calculation/0/forces/total/value_raw/1/0'),
      0.0273894841463312 * (HARTREE / BOHR),
    );
    // The stress tensor is symmetric: sigma(2 1) fills [0][1] and [1][0].
    expectClose(at(archive.run, 'calculation/0/stress/total/value/0/1'), 2e-6 * (HARTREE / BOHR ** 3));
    expectClose(at(archive.run, 'calculation/0/stress/total/value/1/0'), 2e-6 * (HARTREE / BOHR ** 3));
    // The dataset's final results belong to its last step.
    expectClose(at(archive.run, 'calculation/1/energy/fermi'), -0.36218 * HARTREE);
    expectClose(
      at(archive.run, 'calculation/1/energy/kinetic_electronic/value'),
      0.992750577846184 * HARTREE,
    );
    expect(at(archive.run, 'calculation/0/energy/fermi')).toBeUndefined();
    expect(at(archive.run, 'method/0/atom_parameters')).toEqual([
      { atom_number: 1, label: 'H', pseudopotential_name: '01h.pspgth' },
    ]);
    expect(at(archive.run, 'calculation/1/eigenvalues/0')).toMatchObject({
      n_spin_channels: 1,
      n_kpoints: 1,
      n_bands: 2,
      kpoints: [[0, 0, 0]],
      kpoints_weights: [1],
      occupations: [[[2, 0]]],
    });
    expectClose(at(archive.run, 'calculation/1/eigenvalues/0/energies/0/0/1'), 0.015 * HARTREE);
  });
});

describe('ABINIT DOS and GW', () => {
  it('reads a spin-polarised _DOS file', () => {
    const dos = readAbinitDos(
      [
        '# Fermi energy :      -0.26470541',
        '#       energy        DOS       Integr. DOS        DOS           DOS',
        '#                Spin-up DOS',
        '  -0.800      0.000100      0.000001         0.000         0.000',
        '  -0.799      0.000200      0.000002         0.000         0.000',
        '#                Spin-dn DOS',
        '  -0.800      0.000300      0.000003         0.000         0.000',
        '  -0.799      0.000400      0.000004         0.000         0.000',
      ].join('\n'),
    );
    expect(dos).toEqual({
      energies: [-0.8, -0.799],
      fermi: -0.26470541,
      channels: [
        { value: [0.0001, 0.0002], integrated: [0.000001, 0.000002] },
        { value: [0.0003, 0.0004], integrated: [0.000003, 0.000004] },
      ],
    });
  });

  it('reads the quasi-particle energies of a GW run, an eigenvalues section per k-point', () => {
    const gw = [
      '.Version 9.4.1 of ABINIT',
      ' -outvars: echo values of variables after computation  --------',
      '            acell      1.0000000000E+01  1.0000000000E+01  1.0000000000E+01 Bohr',
      '             bdgw      12  13',
      '            nband      20',
      '        optdriver       4',
      '            znucl       8.00000',
      '',
      '== DATASET  1 ==================================================================',
      'electrons: {nelect:   8.00000000E+00, charge:   0.00000000E+00, }',
      'kpoint     : [   0.500,    0.000,    0.000, ]',
      'data: !SigmaeeData |',
      '     Band     E0 <VxcDFT>   SigX SigC(E0)      Z dSigC/dE  Sig(E)    E-E0       E',
      '       12   6.723 -19.310 -24.790   4.298   0.784  -0.275 -20.237  -0.927   5.796',
      '       13  12.383 -15.233  -8.622  -5.615   0.827  -0.210 -14.410   0.824  13.206',
      '...',
    ].join('\n');
    const archive = abinitArchive(readAbinitOutput(gw));
    expect(at(archive.run, 'method/0/gw')).toMatchObject({
      type: 'G0W0',
      analytical_continuation: 'ppm_GodbyNeeds',
      interval_qp_corrections: [12, 13],
      n_states: 20,
      n_empty_states: 16,
    });
    expect(at(archive.run, 'calculation/0/eigenvalues/0/kpoints')).toEqual([[0.5, 0, 0]]);
    expectClose(at(archive.run, 'calculation/0/eigenvalues/0/value_qp/0/0/1'), 13.206 * ELECTRON_VOLT);
    expectClose(at(archive.run, 'calculation/0/eigenvalues/0/value_ks/0/0/0'), 6.723 * ELECTRON_VOLT);
  });
});

describe.skipIf(!existsSync(samples))('ABINIT samples (skipped without ../shared)', () => {
  it('Si: an LDA ground state of silicon, five SCF iterations to the echoed etotal', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('Si/Si.out', samples).pathname,
      relativePath: 'Si/Si.out',
      uploadId: 'abinit',
      parser: abinitParser,
    });
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('7.8.2');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -8.866223896 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 0.19383 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(5);
    // acell 10.18 bohr times rprim (0, 0.5, 0.5).
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/1'), 5.09 * BOHR);
    expectClose(at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/cutoff'), 8 * HARTREE);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });
});
