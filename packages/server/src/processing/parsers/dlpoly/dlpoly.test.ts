import { ANGSTROM, ATOMIC_MASS_UNIT, AVOGADRO, ELEMENTARY_CHARGE, PICOSECOND } from '@oasis/chem';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { dlpolyParser } from './dlpoly.ts';
import { elementOf } from './archive.ts';

/** A DL_POLY 4 style OUTPUT of our own: a KF ion pair in a 20 Å box, NVT Hoover, kJ/mol, three printed steps. */
const row = (step: number, time: string, cpu: string, total: string, temperature: string, press: string) => `
       ${step}  ${total}  ${temperature} -3.0000E+02  1.0000E+01 -3.1000E+02  2.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00
       ${time} -2.9000E+02  0.0000E+00  5.0000E+01  1.0000E+01  4.0000E+01  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00
         ${cpu}  8.0000E+03  0.0000E+00  0.0000E+00  0.0000E+00  9.0000E+01  9.0000E+01  9.0000E+01  0.0000E+00  ${press}

       rolling  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00
      averages  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00
                0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00  0.0000E+00
 ------------------------------------------------------------------------------------------------------------------------`;

const header = `
          step     eng_tot    temp_tot     eng_cfg     eng_src     eng_cou     eng_bnd     eng_ang     eng_dih     eng_tet
      time(ps)      eng_pv    temp_rot     vir_cfg     vir_src     vir_cou     vir_bnd     vir_ang     vir_con     vir_tet
      cpu  (s)      volume    temp_shl     eng_shl     vir_shl       alpha        beta       gamma     vir_pmf       press

 ------------------------------------------------------------------------------------------------------------------------`;

const output = ` ******************************************************************
 **         **  classical molecular dynamics program  **** \\ ******
 ** DL_POLY **  authors:   i.t.todorov   &   w.smith  ***** P *****
 **         **  version:  4.09    /    march  2018  ****** O ****
 ****  when publishing research data obtained using DL_POLY_4  ****
 ******************************************************************

 SIMULATION CONTROL PARAMETERS

 simulation temperature (K)          3.0000E+02

 selected number of timesteps           10

 real space cutoff (Angs)            9.0000E+00

 vdw cutoff (Angs)                   8.0000E+00

 Electrostatics : Smooth Particle Mesh Ewald

 Integration : Velocity Verlet
 Ensemble : NVT Nose-Hoover
 thermostat relaxation time (ps)     1.0000E-01

 data printing interval (steps)          5

 fixed simulation timestep (ps)      2.0000E-03


 SYSTEM SPECIFICATION

 energy units = kJ/mol
${header}${row(0, '0.00000', '0.100', '-2.5000E+02', '3.0000E+02', '1.5000E+00')}${row(5, '0.01000', '0.350', '-2.4000E+02', '3.1000E+02', '1.2000E+00')}${row(10, '0.02000', '0.700', '-2.3000E+02', '2.9500E+02', '1.0000E+00')}

 run terminated after       10 steps (     0.020 ps), final averages calculated over       10 steps (     0.020 ps).
${header}${row(10, '0.02000', '0.700', '-2.4000E+02', '3.0000E+02', '1.2000E+00')}
`;

const field = `KF pair
units kj
molecular types 1
potassium fluoride
nummols 1
atoms 2
K+    39.0983   1.0   1   0
F-    18.9984  -1.0   1   0
bonds 1
harm  1  2  100.0  2.5
constraints 1
1  2  2.6
finish
vdw 1
K+  F-  lj  0.5  3.0
close
`;

/** Level 1 (velocities), cubic box (imcon 1). */
const config = `KF pair
         1         1
   20.0   0.0   0.0
    0.0  20.0   0.0
    0.0   0.0  20.0
K+               1
    1.0   2.0   3.0
    0.5   0.0   0.0
F-               2
    3.5   2.0   3.0
   -0.5   0.0   0.0
`;

/** Two frames at steps 5 and 10 with forces (keytrj 2). */
const history = `KF pair
         2         1         2
${[5, 10]
  .map(
    (step, k) => `timestep ${step} 2 2 1 0.002
   20.0   0.0   0.0
    0.0  20.0   0.0
    0.0   0.0  20.0
K+               1
    ${1.1 + k * 0.1}   2.0   3.0
    0.5   0.0   0.0
   10.0   0.0   0.0
F-               2
    3.4   2.0   3.0
   -0.5   0.0   0.0
  -10.0   0.0   0.0`,
  )
  .join('\n')}
`;

const folder = mkdtempSync(join(tmpdir(), 'oasis-dlpoly-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const write = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
};
write(folder, {
  OUTPUT: output,
  FIELD: field,
  CONFIG: config,
  HISTORY: history,
  CONTROL: 'KF pair in a box\n',
});

const parse = (root: string, path: string) =>
  parseMainfile({
    absolutePath: join(root, path),
    relativePath: path,
    uploadId: 'dlpoly',
    parser: dlpolyParser,
  });

const KJ_PER_MOL = 1000 / AVOGADRO;

describe('the DL_POLY parser', () => {
  it('is matched by an OUTPUT with the DL_POLY banner', () => {
    expect(matchParser('run/OUTPUT', Buffer.from(output))?.name).toBe('parsers/dlpoly');
    expect(matchParser('run/OUTPUT', Buffer.from('some other program\n'))?.name).not.toBe('parsers/dlpoly');
  });

  it('reads the OUTPUT, FIELD, CONFIG and HISTORY into SI units', async () => {
    const result = await parse(folder, 'OUTPUT');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({ name: 'DL_POLY_4', version: '4.09' });
    expect(at(archive, 'run/0/x_dl_poly_system_description')).toBe('KF pair in a box');
    // The molecule type and its atoms.
    expect(at(archive, 'run/0/method/0/molecule_parameters/0/label')).toBe('potassium fluoride');
    expect(at(archive, 'run/0/method/0/molecule_parameters/0/n_atoms')).toBe(2);
    expectClose(
      at(archive, 'run/0/method/0/molecule_parameters/0/atom_parameters/1/mass'),
      18.9984 * ATOMIC_MASS_UNIT,
    );
    expectClose(
      at(archive, 'run/0/method/0/molecule_parameters/0/atom_parameters/1/charge'),
      -ELEMENTARY_CHARGE,
    );
    // The bond, then the pair potential.
    expect(at(archive, 'run/0/method/0/force_field/model/0/contributions/0')).toMatchObject({
      type: 'bond',
      functional_form: 'Harmonic',
      atom_indices: [[0, 1]],
      parameters: [100, 2.5],
    });
    expect(at(archive, 'run/0/method/0/force_field/model/0/contributions/1')).toMatchObject({
      functional_form: 'Lennard-Jones',
      atom_labels: [['K+', 'F-']],
    });
    expect(at(archive, 'run/0/method/0/force_field/force_calculations')).toMatchObject({
      coulomb_type: 'particle_mesh_ewald',
    });
    expectClose(at(archive, 'run/0/method/0/force_field/force_calculations/vdw_cutoff'), 8 * ANGSTROM);
    expect(at(archive, 'run/0/method/0/x_dl_poly_control_parameters')).toMatchObject({
      'real space cutoff': 9,
      Ensemble: 'NVT Nose-Hoover',
    });
    // CONFIG, then the two HISTORY frames; the constraint on the first system.
    expect(at(archive, 'run/0/system/length')).toBe(3);
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['K', 'F']);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/0'), 3.5 * ANGSTROM);
    expectClose(at(archive, 'run/0/system/0/atoms/velocities/0/0'), (0.5 * ANGSTROM) / PICOSECOND);
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/2/2'), 20 * ANGSTROM);
    expect(at(archive, 'run/0/system/0/constraint/0')).toMatchObject({
      kind: 'fixed bond length',
      atom_indices: [[0, 1]],
      parameters: [2.6],
    });
    expectClose(at(archive, 'run/0/system/2/atoms/positions/0/0'), 1.2 * ANGSTROM);
    // The printed steps before 'run terminated' (the final averages are no step).
    expect(at(archive, 'run/0/calculation/length')).toBe(3);
    expect(at(archive, 'run/0/calculation/1/step')).toBe(5);
    expect(at(archive, 'run/0/calculation/1/system_ref')).toBe('/run/0/system/1');
    // Energies are of the whole system in kJ/mol; pressures in katm.
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -240 * KJ_PER_MOL);
    expectClose(at(archive, 'run/0/calculation/1/energy/coulomb/value'), -310 * KJ_PER_MOL);
    expect(at(archive, 'run/0/calculation/1/energy/contributions/0/kind')).toBe('configurational');
    expectClose(at(archive, 'run/0/calculation/2/pressure'), 1.0 * 101325e3);
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 310);
    expectClose(at(archive, 'run/0/calculation/1/time'), 0.01 * PICOSECOND);
    expectClose(at(archive, 'run/0/calculation/2/time_calculation'), 0.35);
    // Forces of HISTORY frames in amu Å/ps².
    expectClose(
      at(archive, 'run/0/calculation/2/forces/total/value/0/0'),
      (10 * ATOMIC_MASS_UNIT * ANGSTROM) / PICOSECOND ** 2,
    );
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      integrator_type: 'velocity_verlet',
      n_steps: 10,
      thermostat_parameters: [{ thermostat_type: 'nose_hoover', reference_temperature: 300 }],
    });
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 0.002 * PICOSECOND);
  });

  it('makes an entry of a cut OUTPUT that says the run did not finish', async () => {
    const cut = mkdtempSync(join(tmpdir(), 'oasis-dlpoly-cut-'));
    try {
      write(cut, { OUTPUT: output.slice(0, output.indexOf(' run terminated')), CONFIG: config });
      const result = await parse(cut, 'OUTPUT');
      expect(result.ok).toBe(true);
      expect(JSON.stringify(result.archive.processing_logs)).toContain('did not finish');
      expect(at(result.archive, 'run/0/calculation/length')).toBe(3);
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
  });

  it('names elements by the leading symbol of DL_POLY atom names', () => {
    expect(['Na+', 'Cl-', 'OW', 'HC', 'CT', 'Al', 'x1'].map(elementOf)).toEqual([
      'Na',
      'Cl',
      'O',
      'H',
      'C',
      'Al',
      'X',
    ]);
  });
});

const data = nomadTestData('atomistic-parsers', 'dlpoly');

describe.skipIf(!existsSync(data))(
  "NOMAD's DL_POLY test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('reads DL_POLY 2 benchmark 2: molecule types, constraints and rigid bodies', async () => {
      const result = await parse(data, 'bench2/OUTPUT');
      expect(result.ok).toBe(true);
      const archive = result.archive;
      expect(at(archive, 'run/0/program/version')).toBe('2.20');
      expect(at(archive, 'run/0/method/0/molecule_parameters/1/label')).toBe('water tip3p');
      expect(at(archive, 'run/0/system/0/constraint/length')).toBe(127);
      expect(at(archive, 'run/0/system/0/constraint/126/atom_indices')).toEqual([[0, 1, 2]]);
      expect(at(archive, 'workflow2/method/thermodynamic_ensemble')).toBe('NVT');
    }, 120_000);
  },
);
