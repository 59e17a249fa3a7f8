import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { ANGSTROM } from '../../structure.ts';
import { ELECTRON_VOLT, PICOSECOND } from '../../units.ts';
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
    // The data file's system, then one per dump frame; thermo rows refer to the frame of their step.
    expect(at(archive, 'run/0/system/length')).toBe(5);
    expect(at(archive, 'run/0/calculation/2/system_ref')).toBe('/run/0/system/3');
    expectClose(at(archive, 'run/0/system/3/atoms/positions/1/0'), 5.8 * ANGSTROM);
    // With positions per step, the MD normaliser follows the atoms: 1.5 Å of drift over 30 steps.
    expectClose(
      at(archive, 'results/properties/dynamical/mean_squared_displacement/0/value/1') as number,
      (0.5 * ANGSTROM) ** 2 / 2,
    );
    expectClose(at(archive, 'run/0/calculation/1/time_physical'), 10 * 0.002 * PICOSECOND);
    expectClose(at(archive, 'run/0/calculation/1/energy/potential/value'), -0.021 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/1/pressure'), 118 * 1e5);
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      thermostat_parameters: [{ thermostat_type: 'nose_hoover', reference_temperature: 100 }],
    });
    // The MD normaliser's trajectory: the potential energy, not the total.
    expectClose(
      at(archive, 'results/properties/thermodynamic/trajectory/0/energy_potential/value/2'),
      -0.0205 * ELECTRON_VOLT,
    );
  });

  it('fails the entry, saying which, when the data file is missing', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-lammps-alone-'));
    try {
      writeFileSync(join(alone, 'log.lammps'), log);
      const result = await parse(alone, 'log.lammps');
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.error.message).toMatch(
        /the data file data\.argon is needed for the atoms/,
      );
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
    expectClose(at(archive, 'run/0/calculation/5/time_physical'), 2000 * 0.25e-15);
    expectClose(at(archive, 'run/0/calculation/5/temperature'), 133.9653);
    expectClose(at(archive, 'run/0/calculation/5/energy/potential/value'), (288.7772 * 4184) / 6.02214076e23);
    expect(at(archive, 'results/properties/thermodynamic/trajectory/0/available_properties')).toEqual([
      'temperature',
      'pressure',
      'energy_potential',
    ]);
  });
});
