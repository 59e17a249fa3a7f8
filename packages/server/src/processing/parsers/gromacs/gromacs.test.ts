import { AVOGADRO, PICOSECOND } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { gromacsParser } from './gromacs.ts';
import { readTrr } from './read-trr.ts';
import { readXtc } from './read-xtc.ts';

const KJ_PER_MOL = 1000 / AVOGADRO;

/** XDR as GROMACS writes it, to build small energy files and trajectories of our own. */
class XdrWriter {
  private readonly parts: Buffer[] = [];
  private put(bytes: number, write: (b: Buffer) => void): this {
    const buffer = Buffer.alloc(bytes);
    write(buffer);
    this.parts.push(buffer);
    return this;
  }
  int = (v: number) => this.put(4, (b) => b.writeInt32BE(v));
  float = (v: number) => this.put(4, (b) => b.writeFloatBE(v));
  double = (v: number) => this.put(8, (b) => b.writeDoubleBE(v));
  hyper = (v: number) => this.put(8, (b) => b.writeBigInt64BE(BigInt(v)));
  string = (s: string) => {
    this.int(s.length);
    return this.put(Math.ceil(s.length / 4) * 4, (b) => b.write(s, 'latin1'));
  };
  bytes = (): Buffer => Buffer.concat(this.parts);
}

const TERMS: [string, string][] = [
  ['LJ (SR)', 'kJ/mol'],
  ['Potential', 'kJ/mol'],
  ['Kinetic En.', 'kJ/mol'],
  ['Total Energy', 'kJ/mol'],
  ['Temperature', 'K'],
  ['Pressure', 'bar'],
];
/** Per step 0..4: potential −10 − step, kinetic 2, temperature 100 + step, pressure 1 bar. */
const termValues = (step: number) => [-10 - step, -10 - step, 2, -8 - step, 100 + step, 1];

function energyFile(steps: number[], values = termValues): Buffer {
  const xdr = new XdrWriter().int(-55555).int(5).int(TERMS.length);
  for (const [name, unit] of TERMS) xdr.string(name).string(unit);
  for (const step of steps) {
    xdr
      .float(-2e10)
      .int(-7777777)
      .int(5)
      .double(step * 0.002)
      .hyper(step)
      .int(0)
      .hyper(0)
      .double(0.002);
    xdr.int(TERMS.length).int(0).int(0).int(0).int(0).int(0);
    for (const value of values(step)) xdr.float(value);
  }
  return xdr.bytes();
}

/** Two atoms; atom 2 moves 0.05 nm along x per step; forces ±1 kJ/mol/nm along x. */
function trajectory(steps: number[]): Buffer {
  const xdr = new XdrWriter();
  for (const step of steps) {
    xdr.int(1993).int(13).string('GMX_trn_file');
    for (const size of [0, 0, 36, 0, 0, 0, 0, 24, 0, 24, 2, step, 0]) xdr.int(size);
    xdr.float(step * 0.002).float(0);
    for (const v of [2, 0, 0, 0, 2, 0, 0, 0, 2]) xdr.float(v);
    for (const v of [0.1, 0.1, 0.1, 0.5 + 0.05 * step, 0.1, 0.1]) xdr.float(v);
    for (const v of [1, 0, 0, -1, 0, 0]) xdr.float(v);
  }
  return xdr.bytes();
}

const log = `                      :-) GROMACS - gmx mdrun, 2023.1 (-:

GROMACS version:    2023.1
Precision:          mixed
Command line:
  gmx mdrun -deffnm run

Input Parameters:
   integrator                     = md
   dt                             = 0.002
   nsteps                         = 4
   nstxout                        = 1
   nstenergy                      = 1
   coulombtype                    = PME
   rcoulomb                       = 1.2
   rvdw                           = 1.1
   tcoupl                         = V-rescale
   pcoupl                         = Parrinello-Rahman
   tau-p                          = 2
grpopts:
   ref-t:         300
   tau-t:         0.1

There are: 2 Atoms
           Step           Time
              0        0.00000

   Energies (kJ/mol)
        LJ (SR)      Potential    Kinetic En.   Total Energy    Temperature
   -1.00000e+01   -1.00000e+01    2.00000e+00   -8.00000e+00    1.00000e+02
 Pressure (bar)
    1.00000e+00

Finished mdrun on rank 0 Mon Jan  1 00:00:00 2024
`;
const gro = `two argon atoms
    2
    1AR      AR    1   0.100   0.100   0.100
    2AR      AR    2   0.500   0.100   0.100
   2.00000   2.00000   2.00000
`;
const topology = '#include "amber99.ff/forcefield.itp"\n';
const STEPS = [0, 1, 2, 3, 4];

const { write: run } = parserInFolders(gromacsParser, 'gromacs');

const parse = (root: string, path = 'md.log') =>
  parseMainfile({
    absolutePath: join(root, path),
    relativePath: path,
    uploadId: 'gromacs',
    parser: gromacsParser,
  });

const complete = () => ({
  'md.log': log,
  'run.edr': energyFile(STEPS),
  'run.trr': trajectory(STEPS),
  'run.gro': gro,
  'topol.top': topology,
});

describe('the GROMACS parser', () => {
  it('claims mdrun logs and no other log', () => {
    expect(matchParser('md.log', Buffer.from(log))?.name).toBe('parsers/gromacs');
    expect(matchParser('other.log', Buffer.from('nothing of GROMACS here'))).toBeUndefined();
  });

  it('reads the log with the energy file, trajectory, structure and topology the command line names', async () => {
    const result = await parse(run(complete()));
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({ name: 'GROMACS', version: '2023.1' });
    expect(at(archive, 'run/0/method/0/force_field/model/0/name')).toBe('amber99');
    expectClose(at(archive, 'run/0/method/0/force_field/force_calculations/vdw_cutoff'), 1.1e-9);
    expect(at(archive, 'run/0/method/0/force_field/force_calculations/coulomb_type')).toBe(
      'particle_mesh_ewald',
    );
    expect(at(archive, 'run/0/system/length')).toBe(5);
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['Ar', 'Ar']);
    expectClose(at(archive, 'run/0/system/3/atoms/positions/1/0'), (0.5 + 0.15) * 1e-9, 1e-6);
    expect(at(archive, 'run/0/calculation/length')).toBe(5);
    expect(at(archive, 'run/0/calculation/2/system_ref')).toBe('/run/0/system/2');
    expectClose(at(archive, 'run/0/calculation/2/time'), 0.004 * PICOSECOND, 1e-6);
    expectClose(at(archive, 'run/0/calculation/2/energy/potential/value'), -12 * KJ_PER_MOL, 1e-6);
    expectClose(at(archive, 'run/0/calculation/2/energy/total/value'), -10 * KJ_PER_MOL, 1e-6);
    expect(at(archive, 'run/0/calculation/2/energy/contributions/0/kind')).toBe('LJ (SR)');
    expectClose(at(archive, 'run/0/calculation/2/temperature'), 102, 1e-6);
    expectClose(at(archive, 'run/0/calculation/2/pressure'), 1e5, 1e-6);
    expectClose(at(archive, 'run/0/calculation/2/forces/total/value/1/0'), -KJ_PER_MOL / 1e-9, 1e-6);
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NPT',
      integrator_type: 'leap_frog',
      thermostat_parameters: [{ thermostat_type: 'velocity_rescaling', reference_temperature: 300 }],
      barostat_parameters: [{ barostat_type: 'parrinello_rahman' }],
    });
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 0.002 * PICOSECOND);
    // Five frames in which atom 2 drifts 0.05 nm per step: the MD normaliser's MSD follows it.
    expectClose(
      at(archive, 'results/properties/dynamical/mean_squared_displacement/0/value/1') as number,
      0.05e-9 ** 2 / 2,
      1e-5,
    );
    expect(at(archive, 'results/properties/thermodynamic/trajectory/0/available_properties')).toEqual([
      'temperature',
      'pressure',
      'energy_potential',
    ]);
    expect(result.logs.filter((line) => line.level === 'WARNING')).toEqual([]);
  });

  it('warns when the energy file is not the one of the log, and when it is cut off', async () => {
    const other = await parse(
      run({ ...complete(), 'run.edr': energyFile(STEPS, (s) => termValues(s + 50)) }),
    );
    expect(other.ok).toBe(true);
    expect(other.logs.map((line) => line.event)).toContainEqual(
      expect.stringMatching(/the energy file's potential energy at step 0 \(-60 kJ\/mol\) is not the log's/),
    );
    const cut = energyFile(STEPS);
    const truncated = await parse(run({ ...complete(), 'run.edr': cut.subarray(0, cut.length - 10) }));
    expect(truncated.ok).toBe(true);
    expect(truncated.logs.map((line) => line.event)).toContainEqual(
      expect.stringMatching(/run\.edr is not read: run\.edr ends at byte \d+ inside the energies/),
    );
    // Without the energy file, the log's own energies (step 0) are the calculations.
    expect(at(truncated.archive, 'run/0/calculation/length')).toBe(1);
    expectClose(at(truncated.archive, 'run/0/calculation/0/pressure'), 1e5, 1e-9);
  });

  it('fails the entry, saying why, without atom names or without anything to read', async () => {
    const { 'run.gro': _, ...withoutGro } = complete();
    const noNames = await parse(run(withoutGro));
    expect(noNames.ok ? '' : noNames.error.message).toMatch(
      /the atoms are named in a \.gro file beside the log/,
    );
    const cutLog = log.split('\n').slice(0, 10).join('\n');
    const nothing = await parse(run({ 'md.log': cutLog, 'run.gro': gro }));
    expect(nothing.ok ? '' : nothing.error.message).toMatch(
      /the log ends at line 10 before its first energies, and no energy file or trajectory/,
    );
  });
});

/** The log of a free-energy NPT run: barostat tensors and lambda vectors as GROMACS 2023 logs them. */
const fepLog = log
  .replace(
    '   tau-p                          = 2\n',
    `   pcoupltype                     = Isotropic
   tau-p                          = 2
   compressibility (3x3):
      compressibility[    0]={ 4.60000e-05,  0.00000e+00,  0.00000e+00}
      compressibility[    1]={ 0.00000e+00,  4.60000e-05,  0.00000e+00}
      compressibility[    2]={ 0.00000e+00,  0.00000e+00,  4.60000e-05}
   ref-p (3x3):
      ref-p[    0]={ 1.00000e+00,  0.00000e+00,  0.00000e+00}
      ref-p[    1]={ 0.00000e+00,  1.00000e+00,  0.00000e+00}
      ref-p[    2]={ 0.00000e+00,  0.00000e+00,  1.00000e+00}
   free-energy                    = yes
   init-lambda-state              = 1
all-lambdas:
       fep-lambdas =            0           0           0
      coul-lambdas =            0           0           0
       vdw-lambdas =            0         0.5           1
temperature-lambdas =            0           0           0
   nstdhdl                        = 10
`,
  )
  .replace('  gmx mdrun -deffnm run', '  gmx mdrun -deffnm run -dhdl lambda.xvg');
/** dH/dλ then ΔH to each of the three states, at 0, 0.2 and 0.4 ps. */
const dhdl = `# GROMACS dhdl
@    xaxis  label "Time (ps)"
@ s0 legend "dH/d\\xl\\f{} vdw-lambda = 0.5000"
@ s1 legend "\\xD\\f{}H \\xl\\f{} to 0.0000"
@ s2 legend "\\xD\\f{}H \\xl\\f{} to 0.5000"
@ s3 legend "\\xD\\f{}H \\xl\\f{} to 1.0000"
0.0000 1.0 -0.5 0.0 0.5
0.2000 1.1 -0.6 0.0 0.6
0.4000 1.2 -0.7 0.0 0.7
`;
/** One molecule type PAIR of two residues (AR 1, AR 2), in an .itp the topology includes. */
const pairTopology =
  '#include "amber99.ff/forcefield.itp"\n#include "toppar/pair.itp"\n[ molecules ]\nPAIR 1\n';
const pairItp = `[ moleculetype ]
; name nrexcl
PAIR 1
[ atoms ]
1 Ar 1 AR AR 1 0 39.948
2 Ar 2 AR AR 2 0 39.948
`;

describe('free energy, barostat tensors and molecules from the topology', () => {
  it('writes the free-energy sections, the barostat tensors and molecules with monomers', async () => {
    const result = await parse(
      run({
        ...complete(),
        'md.log': fepLog,
        'lambda.xvg': dhdl,
        'mdout.mdp': 'couple-moltype = PAIR\ncouple-lambda0 = vdw\ncouple_lambda1 = none ; decoupled\n',
        'topol.top': pairTopology,
        'toppar/pair.itp': pairItp,
      }),
    );
    expect(result.ok).toBe(true);
    const archive = result.archive;
    const barostat = at(archive, 'workflow2/method/barostat_parameters/0') as Record<string, unknown>;
    expect(barostat.coupling_type).toBe('isotropic');
    expect(barostat.reference_pressure).toEqual([
      [1e5, 0, 0],
      [0, 1e5, 0],
      [0, 0, 1e5],
    ]);
    expect(barostat.compressibility).toEqual([
      [4.6e-10, 0, 0],
      [0, 4.6e-10, 0],
      [0, 0, 4.6e-10],
    ]);
    expect((barostat.coupling_constant as number[][])[2]![1]).toBeCloseTo(2e-12, 20);
    // The lambda vectors in the mdp order (fep, coul, vdw, ..., temperature), the state of this run.
    expect(at(archive, 'workflow2/method/free_energy_calculation_parameters/0')).toEqual({
      type: 'alchemical',
      lambdas: [
        { type: 'output', value: [0, 0, 0] },
        { type: 'coulomb', value: [0, 0, 0] },
        { type: 'vdw', value: [0, 0.5, 1] },
        { type: 'temperature', value: [0, 0, 0] },
      ],
      lambda_index: 1,
      atom_indices: [0, 1],
      initial_state_vdw: true,
      final_state_vdw: false,
      initial_state_coloumb: false,
      final_state_coloumb: false,
      initial_state_bonded: true,
      final_state_bonded: true,
    });
    const results = at(archive, 'workflow2/results/free_energy_calculations/0') as Record<string, unknown>;
    expect(results).toMatchObject({
      method_ref: '/workflow2/method/free_energy_calculation_parameters/0',
      lambda_index: 1,
      n_states: 3,
      n_frames: 3,
      value_unit: 'kilojoule',
    });
    expectClose((results.times as number[])[2], 0.4 * PICOSECOND);
    // PAIR: one molecule of two AR residues, so a monomer group of two monomers.
    const molecules = at(archive, 'run/0/system/0/atoms_group/0') as Record<string, unknown>;
    expect(molecules).toMatchObject({
      label: 'group_PAIR',
      type: 'molecule_group',
      composition_formula: 'PAIR(1)',
      n_atoms: 2,
      atom_indices: [0, 1],
      is_molecule: false,
    });
    expect(at(archive, 'run/0/system/0/atoms_group/0/atoms_group/0')).toMatchObject({
      label: 'PAIR',
      type: 'molecule',
      composition_formula: 'AR(2)',
      is_molecule: true,
    });
    expect(at(archive, 'run/0/system/0/atoms_group/0/atoms_group/0/atoms_group/0')).toMatchObject({
      label: 'group_AR',
      type: 'monomer_group',
      composition_formula: 'AR(2)',
      n_atoms: 2,
    });
    expect(at(archive, 'run/0/system/0/atoms_group/0/atoms_group/0/atoms_group/0/atoms_group/1')).toEqual({
      label: 'AR',
      type: 'monomer',
      index: 1,
      composition_formula: 'Ar(1)',
      is_molecule: false,
      n_atoms: 1,
      atom_indices: [1],
    });
  });

  it('gives the systems the velocities of the trr frames, nm/ps as m/s', async () => {
    const xdr = new XdrWriter();
    for (const step of STEPS) {
      xdr.int(1993).int(13).string('GMX_trn_file');
      for (const size of [0, 0, 36, 0, 0, 0, 0, 24, 24, 0, 2, step, 0]) xdr.int(size);
      xdr.float(step * 0.002).float(0);
      for (const v of [2, 0, 0, 0, 2, 0, 0, 0, 2]) xdr.float(v);
      for (const v of [0.1, 0.1, 0.1, 0.5, 0.1, 0.1]) xdr.float(v);
      for (const v of [0.25, 0, 0, -0.5 - step, 0, 0]) xdr.float(v);
    }
    const result = await parse(run({ ...complete(), 'run.trr': xdr.bytes() }));
    expect(result.ok).toBe(true);
    expect(readTrr(xdr.bytes(), 'run.trr', { maxFrames: 10, maxAtoms: 100 }).frames[1]!.velocities).toEqual(
      new Float64Array([0.25, 0, 0, -1.5, 0, 0]),
    );
    expect(at(result.archive, 'run/0/system/3/atoms/velocities')).toEqual([
      [250, 0, 0],
      [-3500, 0, 0],
    ]);
  });

  it('keeps the residue molecules, and warns of the missing dH/dλ file, without them', async () => {
    const result = await parse(run({ ...complete(), 'md.log': fepLog }));
    expect(result.ok).toBe(true);
    expect(result.logs.map((line) => line.event)).toContain(
      'a free-energy run without its dH/dλ file (dhdl.xvg) beside the log',
    );
    expect(at(result.archive, 'workflow2/results/free_energy_calculations')).toBeUndefined();
    expect(at(result.archive, 'workflow2/method/free_energy_calculation_parameters/0/lambda_index')).toBe(1);
    // No [ molecules ]: a molecule per residue, grouped by residue name.
    expect(at(result.archive, 'run/0/system/0/atoms_group/0')).toMatchObject({
      label: 'group_AR',
      composition_formula: 'AR(2)',
      n_atoms: 2,
    });
    expect(at(result.archive, 'run/0/system/0/atoms_group/0/atoms_group/1')).toMatchObject({
      label: 'AR',
      type: 'molecule',
      composition_formula: 'Ar(1)',
      atom_indices: [1],
    });
  });
});

/**
 * Runs of our own with Debian's GROMACS 2022.5: 47 SPC waters (gmx solvate, OPLS-AA), a steepest-descent
 * minimisation (em.mdp) and 20 MD steps from its result (grompp.mdp), xtc every 5 steps, trr every 10.
 */
const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const fixture = (name: string) => readFileSync(join(fixtures, 'water-2022', name));

describe('GROMACS 2022 runs (fixtures/water-2022)', () => {
  it('reads compressed positions as GROMACS wrote them: within half their precision of the full ones', () => {
    const limits = { maxFrames: 100, maxAtoms: 1e6 };
    const compressed = readXtc(fixture('run.xtc'), 'run.xtc', limits).frames;
    const full = readTrr(fixture('run.trr'), 'run.trr', limits).frames;
    expect(compressed.map((frame) => frame.step)).toEqual([0, 5, 10, 15, 20]);
    expect(full.map((frame) => frame.step)).toEqual([0, 10, 20]);
    for (const frame of full) {
      const positions = compressed.find((c) => c.step === frame.step)!.positions!;
      expect(positions.length).toBe(141 * 3);
      const worst = Math.max(...frame.positions!.map((x, i) => Math.abs(x - positions[i]!)));
      // xtc precision 1000/nm: rounding to 0.001 nm.
      expect(worst).toBeLessThanOrEqual(0.0005 + 1e-6);
      expect(worst).toBeGreaterThan(0);
    }
    const cut = fixture('run.xtc');
    expect(() => readXtc(cut.subarray(0, cut.length - 7), 'run.xtc', limits)).toThrow(
      /run\.xtc ends at byte/,
    );
    expect(readXtc(cut.subarray(0, cut.length - 7), 'run.xtc', limits, true)).toMatchObject({
      truncated: true,
    });
  });

  it('an MD run: positions of every xtc frame, forces of the trr frames, energies of run.edr', async () => {
    const result = await parse(fixtures, 'water-2022/run.log');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({ name: 'GROMACS', version: '2022.5-Debian_2022.5_2' });
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H94O47');
    expect(at(archive, 'run/0/system/length')).toBe(5);
    expect(at(archive, 'run/0/calculation/length')).toBe(5);
    // run.log, step 10: Potential -1.85981e+03, Kinetic En. 2.19981e+02, Coul. recip. 3.11984e+02 kJ/mol,
    // Temperature 1.89661e+02 K, Pressure 1.01465e+04 bar.
    const step10 = 'run/0/calculation/2';
    expect(at(archive, `${step10}/step`)).toBe(10);
    expect(at(archive, `${step10}/system_ref`)).toBe('/run/0/system/2');
    expectClose(at(archive, `${step10}/energy/potential/value`), -1859.81 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, `${step10}/energy/kinetic/value`), 219.981 * KJ_PER_MOL, 1e-5);
    expect(at(archive, `${step10}/energy/contributions`)).toContainEqual({
      kind: 'Coul. recip.',
      value: expect.closeTo(311.984 * KJ_PER_MOL, 24),
    });
    // LJ (SR) 5.98012e+02, Coulomb (SR) -2.76980e+03: electrostatics split by range, in J.
    expectClose(at(archive, `${step10}/energy/electrostatic/short_range`), -2769.8 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, `${step10}/energy/electrostatic/long_range`), 311.984 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, `${step10}/energy/electrostatic/value`), (311.984 - 2769.8) * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, `${step10}/energy/van_der_waals/value`), 598.012 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, `${step10}/temperature`), 189.661, 1e-5);
    expectClose(at(archive, `${step10}/pressure`), 1.01465e4 * 1e5, 1e-5);
    expect(at(archive, `${step10}/forces/total/value/length`)).toBe(141);
    expect(at(archive, 'run/0/calculation/1/forces')).toBeUndefined();
    expect(at(archive, 'workflow2/method/thermostat_parameters/0')).toMatchObject({
      thermostat_type: 'velocity_rescaling',
      reference_temperature: 300,
    });
    // The .gro file's residues are the molecules: 47 SOL of 3 atoms each.
    expect(at(archive, 'run/0/system/0/atoms_group/0/label')).toBe('group_SOL');
    expect(at(archive, 'run/0/system/0/atoms_group/0/atoms_group/length')).toBe(47);
    expect(at(archive, 'run/0/system/0/atoms_group/0/atoms_group/46/atom_indices')).toEqual([138, 139, 140]);
    // SPC water is rigid (O–H 1 Å, H–O–H 109.47°): its mass-weighted radius of gyration is 0.3282 Å in
    // every frame, molecules split by the box boundary included.
    const [h, o] = [1.008, 15.999];
    const hydrogens = [
      [1, 0],
      [-1 / 3, Math.sqrt(8) / 3],
    ];
    const centre = [0, 1].map((k) => (h * (hydrogens[0]![k]! + hydrogens[1]![k]!)) / (2 * h + o));
    const rg = Math.sqrt((2 * h) / (2 * h + o) - centre[0]! ** 2 - centre[1]! ** 2) * 1e-10;
    const radii = at(archive, 'results/properties/structural/radius_of_gyration/0') as {
      label: string;
      value: number[];
    };
    expect(radii.label).toBe('SOL');
    expect(radii.value).toHaveLength(5);
    // To the xtc rounding of positions (0.01 Å).
    for (const value of radii.value) expectClose(value, rg, 1e-3);
    expect(result.logs.filter((line) => line.level === 'WARNING')).toEqual([]);
  });

  it('a steepest-descent minimisation: a geometry optimisation that did not reach its force tolerance', async () => {
    const result = await parse(fixtures, 'water-2022/em.log');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'workflow2/m_def')).toBe('simulationworkflowschema.GeometryOptimization');
    expect(at(archive, 'workflow2/method/method')).toBe('steepest_descent');
    expectClose(
      at(archive, 'workflow2/method/convergence_tolerance_force_maximum'),
      (100 * KJ_PER_MOL) / 1e-9,
    );
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(false);
    expect(at(archive, 'workflow2/method/type')).toBe('atomic');
    expect(at(archive, 'workflow2/method/optimization_steps_maximum')).toBe(50);
    // 'Started Steepest Descents on rank 0 Fri Nov 27 18:03:58 2026' (read as UTC).
    expect(at(archive, 'run/0/time_run/date_start')).toBe(Date.UTC(2026, 10, 27, 18, 3, 58) / 1000);
    expect(at(archive, 'run/0/time_run/date_end')).toBe(Date.UTC(2026, 10, 27, 18, 3, 58) / 1000);
    // em.log: 'Maximum force     =  5.5303906e+02 on atom 58' (kJ/mol/nm).
    expectClose(at(archive, 'workflow2/results/final_force_maximum'), (553.03906 * KJ_PER_MOL) / 1e-9, 1e-7);
    const steps = at(archive, 'workflow2/results/steps') as number[];
    expect(steps).toHaveLength(at(archive, 'run/0/calculation/length') as number);
    expect(steps[1]).toBe(at(archive, 'run/0/calculation/1/step'));
    // em.log: 'Potential Energy  = -2.0414790e+03', the last step's, which is its total energy; the final
    // structure (em.trr's one frame) is that step's.
    const last = (at(archive, 'run/0/calculation/length') as number) - 1;
    expectClose(at(archive, `run/0/calculation/${last}/energy/total/value`), -2041.479 * KJ_PER_MOL, 1e-6);
    expect(at(archive, `run/0/calculation/${last}/system_ref`)).toBe('/run/0/system/0');
    expect(at(archive, `run/0/calculation/${last}/time`)).toBeUndefined();
    expect(result.logs.filter((line) => line.level === 'WARNING')).toEqual([]);
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/gromacs/', import.meta.url);

describe.skipIf(!existsSync(samples))('GROMACS samples (skipped without ../shared)', () => {
  const root = new URL('.', samples).pathname;

  it('argon: 125 atoms, NVE, energies of 21 steps from ener.edr that agree with md.log', async () => {
    const result = await parse(root, 'argon/md.log');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({ name: 'GROMACS', version: '5.1.4' });
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('Ar125');
    expect(at(archive, 'run/0/calculation/length')).toBe(21);
    // md.log, step 20: LJ (SR) -7.09842e+02, Kinetic En. 1.72068e+02, Temperature 1.11263e+02 K,
    // Pressure 9.56069e+01 bar.
    expectClose(at(archive, 'run/0/calculation/20/energy/potential/value'), -709.842 * KJ_PER_MOL, 1e-6);
    expectClose(at(archive, 'run/0/calculation/20/energy/kinetic/value'), 172.068 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, 'run/0/calculation/20/temperature'), 111.263, 1e-5);
    expectClose(at(archive, 'run/0/calculation/20/pressure'), 95.6069e5, 1e-5);
    // traj.trr has frames at steps 0 and 20; confout.gro's first atom is at 4.853 nm.
    expect(at(archive, 'run/0/system/length')).toBe(2);
    expect(at(archive, 'run/0/calculation/20/system_ref')).toBe('/run/0/system/1');
    expectClose(at(archive, 'run/0/system/1/atoms/positions/0/0'), 4.853e-9, 1e-4);
    expect(at(archive, 'workflow2/method/thermodynamic_ensemble')).toBe('NVE');
    expect(result.logs.filter((line) => line.level === 'WARNING')).toEqual([]);
  });

  it('water (double precision): 216 SPC molecules with OPLS-AA in a Berendsen NVT run', async () => {
    const result = await parse(root, 'water/reference_d.log');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('5.0-beta2-dev-20140303-6acea3c');
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H432O216');
    expect(at(archive, 'run/0/method/0/force_field/model/0/name')).toBe('oplsaa');
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      thermostat_parameters: [{ thermostat_type: 'berendsen', reference_temperature: 298.15 }],
    });
    // reference_d.log, step 20: Potential -6.38339e+04 kJ/mol, Temperature 6.24507e+02 K.
    expectClose(at(archive, 'run/0/calculation/20/energy/potential/value'), -63833.9 * KJ_PER_MOL, 1e-5);
    expectClose(at(archive, 'run/0/calculation/20/temperature'), 624.507, 1e-5);
    // 216 molecules in a 1.86206 nm cube: about 1000 kg/m³.
    expectClose(at(archive, 'results/properties/structures/structure_original/mass_density'), 1000.8, 1e-3);
    expect(result.logs.filter((line) => line.level === 'WARNING')).toEqual([]);
  });
});
