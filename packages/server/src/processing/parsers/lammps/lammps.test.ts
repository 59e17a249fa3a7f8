import { ANGSTROM, ELECTRON_VOLT, PICOSECOND } from '@oasis/chem';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { lammpsParser } from './lammps.ts';

/** A small NVT run of our own in metal units: two argon atoms, thermo in columns. */
const log = `LAMMPS (2 Aug 2023)
units metal
read_data data.argon
pair_style lj/cut 8.5
timestep 0.002
fix 1 all nvt temp 100.0 100.0 0.1
dump 1 all custom 10 argon.dump id type x y z
thermo_style custom step temp pe ke etotal press
run 30
Step Temp PotEng KinEng TotEng Press
       0          100   -0.02  0.0129   -0.0071    120.5
      10          110   -0.021 0.0142   -0.0068    118.0
      20          105   -0.0205 0.0136  -0.0069    119.0
      30          102   -0.0207 0.0131  -0.0076    119.5
Loop time of 0.01 on 1 procs for 30 steps with 2 atoms
`;
const data = `argon pair

 2 atoms
 1 atom types

 0.0 10.0 xlo xhi
 0.0 10.0 ylo yhi
 0.0 10.0 zlo zhi

 Masses

 1 39.948

 Atoms # atomic

 1 1 1.0 1.0 1.0
 2 1 4.8 1.0 1.0
`;

/** The dump: atom 2 (listed first, ids sort them) moves 0.5 Å along x every 10 steps. */
const dump = [0, 10, 20, 30]
  .map(
    (step, frame) => `ITEM: TIMESTEP
${step}
ITEM: NUMBER OF ATOMS
2
ITEM: BOX BOUNDS pp pp pp
0.0 10.0
0.0 10.0
0.0 10.0
ITEM: ATOMS id type x y z
2 1 ${4.8 + 0.5 * frame} 1.0 1.0
1 1 1.0 1.0 1.0
`,
  )
  .join('');

const folder = mkdtempSync(join(tmpdir(), 'oasis-lammps-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'log.lammps'), log);
writeFileSync(join(folder, 'data.argon'), data);
writeFileSync(join(folder, 'argon.dump'), dump);

const parse = async (root: string, path: string) => {
  const result = await parseMainfile({
    absolutePath: join(root, path),
    relativePath: path,
    uploadId: 'lammps',
    parser: lammpsParser,
  });
  return result;
};

describe('the LAMMPS parser', () => {
  it('reads the log, its data file and thermo columns in metal units into SI', async () => {
    const result = await parse(folder, 'log.lammps');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({ name: 'LAMMPS', version: '2 Aug 2023' });
    expect(at(archive, 'run/0/method/0/force_field/model/0/name')).toBe('lj/cut 8.5');
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['Ar', 'Ar']);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/0'), 4.8 * ANGSTROM);
    expect(at(archive, 'run/0/calculation/length')).toBe(4);
    // With a dump, one system per frame (as NOMAD); thermo rows refer to the frame of their step.
    expect(at(archive, 'run/0/system/length')).toBe(4);
    expect(at(archive, 'run/0/calculation/2/system_ref')).toBe('/run/0/system/2');
    expectClose(at(archive, 'run/0/system/3/atoms/positions/1/0'), 6.3 * ANGSTROM);
    // With positions per step, the MD normaliser follows the atoms: 1.5 Å of drift over 30 steps.
    expectClose(
      at(archive, 'results/properties/dynamical/mean_squared_displacement/0/value/1') as number,
      (0.5 * ANGSTROM) ** 2 / 2,
    );
    expectClose(at(archive, 'run/0/calculation/1/time'), 10 * 0.002 * PICOSECOND);
    expectClose(at(archive, 'run/0/calculation/1/energy/potential/value'), -0.021 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/1/pressure'), 118 * 1e5);
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      integrator_type: 'velocity_verlet',
      n_steps: 30,
      coordinate_save_frequency: 10,
      thermostat_parameters: [{ thermostat_type: 'nose_hoover', reference_temperature: 100 }],
    });
    // 'fix 1 all nvt temp 100.0 100.0 0.1': Tdamp 0.1 ps in metal units; 'pair_style lj/cut 8.5' Å.
    expectClose(at(archive, 'workflow2/method/thermostat_parameters/0/coupling_constant'), 0.1 * PICOSECOND);
    expectClose(at(archive, 'run/0/method/0/force_field/force_calculations/vdw_cutoff'), 8.5 * ANGSTROM);
    expect(at(archive, 'run/0/method/0/force_field/force_calculations/coulomb_cutoff')).toBeUndefined();
    // The MD normaliser's trajectory: the potential energy, not the total.
    expectClose(
      at(archive, 'results/properties/thermodynamic/trajectory/0/energy_potential/value/2'),
      -0.0205 * ELECTRON_VOLT,
    );
  });

  it('makes a minimize run a geometry optimisation with its force tolerance and final force', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-lammps-min-'));
    try {
      const minimize = log
        .replace('run 30', 'min_style cg\nminimize 0.0 1.0e-4 1000 2000')
        .concat('  Force max component initial, final = 0.5 0.002\n');
      writeFileSync(join(alone, 'log.lammps'), minimize);
      writeFileSync(join(alone, 'data.argon'), data);
      const result = await parse(alone, 'log.lammps');
      expect(result.ok).toBe(true);
      const archive = result.archive;
      expect(at(archive, 'workflow2/m_def')).toBe('simulationworkflowschema.GeometryOptimization');
      expect(at(archive, 'workflow2/method')).toMatchObject({
        type: 'atomic',
        method: 'polak_ribiere_conjugant_gradient',
        optimization_steps_maximum: 1000,
      });
      // Forces in metal units are eV/Å.
      expectClose(
        at(archive, 'workflow2/method/convergence_tolerance_force_maximum'),
        (1e-4 * ELECTRON_VOLT) / ANGSTROM,
      );
      expectClose(at(archive, 'workflow2/results/final_force_maximum'), (0.002 * ELECTRON_VOLT) / ANGSTROM);
      expect(at(archive, 'workflow2/results/steps')).toEqual([0, 10, 20, 30]);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('keeps the dump frames, with a WARNING, when the data file is missing', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-lammps-alone-'));
    try {
      writeFileSync(join(alone, 'log.lammps'), log);
      writeFileSync(join(alone, 'argon.dump'), dump);
      const result = await parse(alone, 'log.lammps');
      expect(result.ok).toBe(true);
      expect(result.logs.filter((l) => l.level === 'WARNING').map((l) => l.event)).toContain(
        'the data file data.argon named by read_data is not beside the log',
      );
      expect(at(result.archive, 'run/0/system/length')).toBe(4);
      // Without the data file's masses the types name no element.
      expect(at(result.archive, 'run/0/system/0/atoms/labels')).toEqual(['X', 'X']);
      expect(at(result.archive, 'run/0/calculation/length')).toBe(4);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('makes an entry of the thermo output alone when no atoms are anywhere', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-lammps-thermo-'));
    try {
      writeFileSync(
        join(alone, 'log.lammps'),
        log.replace('read_data data.argon', 'read_restart argon.restart'),
      );
      const result = await parse(alone, 'log.lammps');
      expect(result.ok).toBe(true);
      const warnings = result.logs.filter((l) => l.level === 'WARNING').map((l) => l.event);
      expect(warnings).toContain(
        'the log has no read_data (the atoms come from read_restart) and no data file lies beside it',
      );
      expect(warnings).toContain('no positions: the entry has the thermo output only');
      expect(at(result.archive, 'run/0/system')).toBeUndefined();
      expect(at(result.archive, 'run/0/calculation/length')).toBe(4);
      expect(at(result.archive, 'run/0/calculation/0/system_ref')).toBeUndefined();
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('takes the atoms of create_atoms from the write_data file, and an xyz dump as it is', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-lammps-xyz-'));
    try {
      const created = log
        .replace('read_data data.argon', 'create_atoms 1 box\nmass 1 39.948\nwrite_data written.data')
        .replace('dump 1 all custom 10 argon.dump id type x y z', 'dump 1 all xyz 10 argon.xyz');
      writeFileSync(join(alone, 'log.lammps'), created);
      writeFileSync(join(alone, 'written.data'), data);
      // xyz frames: positions unshifted, the type first; 'Atoms. Timestep: N' gives the step.
      const xyz = [0, 10, 20, 30]
        .map((step, frame) => `2\nAtoms. Timestep: ${step}\n1 1.0 1.0 1.0\n1 ${-2 + frame} 1.0 1.0\n`)
        .join('');
      writeFileSync(join(alone, 'argon.xyz'), xyz);
      const result = await parse(alone, 'log.lammps');
      expect(result.ok).toBe(true);
      expect(result.logs.filter((l) => l.level === 'WARNING').map((l) => l.event)).toContain(
        'the log has no read_data (the atoms come from create_atoms): they are taken from written.data',
      );
      expect(at(result.archive, 'run/0/system/length')).toBe(4);
      expect(at(result.archive, 'run/0/system/2/atoms/labels')).toEqual(['Ar', 'Ar']);
      expectClose(at(result.archive, 'run/0/system/2/atoms/positions/1/0'), 0 * ANGSTROM);
      expectClose(at(result.archive, 'run/0/system/3/atoms/positions/1/0'), 1 * ANGSTROM);
      // The box of the data file, as xyz frames have none.
      expectClose(at(result.archive, 'run/0/system/3/atoms/lattice_vectors/1/1'), 10 * ANGSTROM);
      expect(at(result.archive, 'run/0/calculation/3/system_ref')).toBe('/run/0/system/3');
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/lammps/', import.meta.url);

describe.skipIf(!existsSync(samples))('LAMMPS samples (skipped without ../shared)', () => {
  it('hexane_cyclohexane: an NVT run in real units, its log continued in thermo_style multi', async () => {
    const result = await parse(
      new URL('.', samples).pathname,
      'hexane_cyclohexane/log.hexane_cyclohexane_nvt',
    );
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('C216H468');
    // Steps 0 to 80,000 every 400 steps.
    expect(at(archive, 'run/0/calculation/length')).toBe(201);
    // Step 2000: 0.25 fs steps, 133.9653 K, PotEng 288.7772 kcal/mol.
    expectClose(at(archive, 'run/0/calculation/5/time'), 2000 * 0.25e-15);
    // The multi layout's 'CPU = 4.9821 (sec)' of step 2000: the elapsed wall time.
    expectClose(at(archive, 'run/0/calculation/5/time_physical'), 4.9821);
    expectClose(at(archive, 'run/0/calculation/5/temperature'), 133.9653);
    expectClose(at(archive, 'run/0/calculation/5/energy/potential/value'), (288.7772 * 4184) / 6.02214076e23);
    expect(at(archive, 'results/properties/thermodynamic/trajectory/0/available_properties')).toEqual([
      'temperature',
      'pressure',
      'energy_potential',
    ]);
  });
});
