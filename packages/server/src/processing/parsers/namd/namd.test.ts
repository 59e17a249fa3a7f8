import { ANGSTROM, AVOGADRO, FEMTOSECOND, PICOSECOND } from '@oasis/chem';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { namdParser } from './namd.ts';

/** A NAMD 2.14 style log of our own: a water molecule in a 20 Å box, Langevin at 310 K, three ENERGY lines. */
const energy = (step: number, total: string, temp: string, pressure: string) =>
  `ENERGY:  ${step}  1.5000  0.5000  0.0000  0.0000  -10.0000  2.0000  0.0000  0.0000  3.0000  ${total}  ${temp}  -7.5000  ${total}  ${temp}  ${pressure}  0.0000  8000.0000  ${pressure}  0.0000\n`;
const log = `Charm++> Running on 1 hosts
Info: NAMD 2.14 for Linux-x86_64-multicore
Info: Configuration file is run/water.namd
Info: SIMULATION PARAMETERS:
Info: TIMESTEP               2
Info: NUMBER OF STEPS        20
Info: STEPS PER CYCLE        10
Info: PERIODIC CELL BASIS 1  20 0 0
Info: PERIODIC CELL BASIS 2  0 20 0
Info: PERIODIC CELL BASIS 3  0 0 20
Info: LDB PERIOD             4000 steps
Info: OUTPUT FILENAME        /scratch/water-out
Info: SWITCHING OFF          12
Info: PAIRLIST DISTANCE      14
Info: LANGEVIN DYNAMICS ACTIVE
Info: LANGEVIN TEMPERATURE   310
Info: LANGEVIN DAMPING COEFFICIENT IS 5 INVERSE PS
Info: TIMING OUTPUT STEPS    10
Info: PARTICLE MESH EWALD (PME) ACTIVE
Info: COORDINATE PDB         water.pdb
Info: STRUCTURE FILE         water.psf
Info: PARAMETERS             par_water.prm
Info: SUMMARY OF PARAMETERS:
Info: 1 BONDS
ETITLE:      TS           BOND          ANGLE          DIHED          IMPRP               ELECT            VDW       BOUNDARY           MISC        KINETIC               TOTAL           TEMP      POTENTIAL         TOTAL3        TEMPAVG            PRESSURE      GPRESSURE         VOLUME       PRESSAVG      GPRESSAVG

${energy(0, '-4.5000', '300.0', '10.0')}${energy(10, '-4.2000', '305.0', '-20.0')}TIMING: 10  CPU: 0.5, 0.05/step  Wall: 0.6, 0.06/step, 0 hours remaining, 100 MB of memory in use.
${energy(20, '-4.1000', '309.0', '5.0')}TIMING: 20  CPU: 1.0, 0.05/step  Wall: 1.3, 0.07/step, 0 hours remaining, 100 MB of memory in use.
WRITING COORDINATES TO OUTPUT FILE AT STEP 20
WallClock: 1.5  CPUTime: 1.2  Memory: 100 MB
`;

const config = `# water in a box
structure    water.psf
coordinates  water.pdb
cutoff       12
PMEGridSizeX 24
1-4scaling   1.0
langevinTemp 310
`;

const pdb = `CRYST1   20.000   20.000   20.000  90.00  90.00  90.00 P 1           1
ATOM      1  OH2 TIP3W   1       1.000   2.000   3.000  1.00  0.00      WT1  O
ATOM      2  H1  TIP3W   1       1.957   2.000   3.000  1.00  0.00      WT1  H
ATOM      3  H2  TIP3W   1       0.760   2.927   3.000  1.00  0.00      WT1  H
END
`;

const psf = `PSF

       1 !NTITLE
 REMARKS water

       3 !NATOM
       1 WT1  1    TIP3 OH2  OT    -0.834000       15.9994           0
       2 WT1  1    TIP3 H1   HT     0.417000        1.0080           0
       3 WT1  1    TIP3 H2   HT     0.417000        1.0080           0
`;

/** The final coordinates: the oxygen moved 0.5 Å along x. */
const coor = (() => {
  const buffer = Buffer.alloc(4 + 3 * 24);
  buffer.writeInt32LE(3, 0);
  [1.5, 2, 3, 1.957, 2, 3, 0.76, 2.927, 3].forEach((x, k) => buffer.writeDoubleLE(x, 4 + 8 * k));
  return buffer;
})();

const folder = mkdtempSync(join(tmpdir(), 'oasis-namd-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const files: Record<string, string | Buffer> = {
  'water.log': log,
  'water.namd': config,
  'water.pdb': pdb,
  'water.psf': psf,
  'water-out.coor': coor,
  'water-out.xsc': '# NAMD extended system\n20 21 0 0 0 21 0 0 0 21 0 0 0\n',
};
for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);

const parse = (root: string, path: string) =>
  parseMainfile({ absolutePath: join(root, path), relativePath: path, uploadId: 'namd', parser: namdParser });

const KCAL_PER_MOL = 4184 / AVOGADRO;

describe('the NAMD parser', () => {
  it('is matched by a log with the NAMD banner', () => {
    expect(matchParser('run/water.log', Buffer.from(log))?.name).toBe('parsers/namd');
    expect(matchParser('run/water.log', Buffer.from('Info: something else\n'))?.name).not.toBe(
      'parsers/namd',
    );
  });

  it('reads the log, its configuration, the PDB, PSF and final coordinates into SI units', async () => {
    const result = await parse(folder, 'water.log');
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program')).toEqual({
      name: 'NAMD',
      version: '2.14',
      x_namd_build_osarch: 'Linux-x86_64-multicore',
    });
    expect(at(archive, 'run/0/method/0/x_namd_input_parameters')).toMatchObject({
      PMEGridSizeX: 24,
      '1-4scaling': 1,
      structure: 'water.psf',
    });
    expect(at(archive, 'run/0/method/0/x_namd_simulation_parameters')).toMatchObject({
      'LDB PERIOD': 4000,
      TIMESTEP: 2,
    });
    expect(at(archive, 'run/0/method/0/force_field/force_calculations')).toMatchObject({
      coulomb_type: 'particle_mesh_ewald',
    });
    expectClose(at(archive, 'run/0/method/0/force_field/force_calculations/vdw_cutoff'), 12 * ANGSTROM);
    // The input PDB and the final binary coordinates with the .xsc cell; elements by PSF mass.
    expect(at(archive, 'run/0/system/length')).toBe(2);
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['O', 'H', 'H']);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/0'), 1.957 * ANGSTROM);
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/2/2'), 20 * ANGSTROM);
    expectClose(at(archive, 'run/0/system/1/atoms/positions/0/0'), 1.5 * ANGSTROM);
    expectClose(at(archive, 'run/0/system/1/atoms/lattice_vectors/0/0'), 21 * ANGSTROM);
    // One calculation per ENERGY line; energies of the whole system in kcal/mol, pressures in bar.
    expect(at(archive, 'run/0/calculation/length')).toBe(3);
    expect(at(archive, 'run/0/calculation/2/system_ref')).toBe('/run/0/system/1');
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -4.2 * KCAL_PER_MOL);
    expectClose(at(archive, 'run/0/calculation/1/energy/total/kinetic'), 3 * KCAL_PER_MOL);
    expectClose(at(archive, 'run/0/calculation/1/energy/electrostatic/value'), -10 * KCAL_PER_MOL);
    expect(at(archive, 'run/0/calculation/1/energy/contributions/1')).toMatchObject({ kind: 'angle' });
    expectClose(at(archive, 'run/0/calculation/1/pressure'), -20e5);
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 305);
    // Step 10 is timed by the TIMING at 20: 0.6 s at step 10 plus 0.07 s for its own step.
    expectClose(at(archive, 'run/0/calculation/1/time_calculation'), 0.07);
    expectClose(at(archive, 'run/0/calculation/1/time_physical'), 0.6 + 0.07);
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      integrator_type: 'velocity_verlet',
      n_steps: 20,
      thermostat_parameters: [{ reference_temperature: 310 }],
    });
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 2 * FEMTOSECOND);
    expectClose(at(archive, 'workflow2/method/thermostat_parameters/0/coupling_constant'), PICOSECOND / 5);
  });

  it('makes a run that only minimizes a geometry optimisation', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'oasis-namd-min-'));
    try {
      const minimize = log.replace(/^ETITLE:/m, 'LINE MINIMIZER REDUCING GRADIENT FROM 120 TO 0.12\nETITLE:');
      writeFileSync(join(alone, 'water.log'), minimize);
      writeFileSync(join(alone, 'water.namd'), `${config}minimize 20\n`);
      writeFileSync(join(alone, 'water.pdb'), pdb);
      const result = await parse(alone, 'water.log');
      expect(result.ok).toBe(true);
      expect(at(result.archive, 'workflow2/m_def')).toBe('simulationworkflowschema.GeometryOptimization');
      // With a 'run' after the minimization the dynamics make the workflow.
      writeFileSync(join(alone, 'water.namd'), `${config}minimize 20\nrun 20\n`);
      const dynamics = await parse(alone, 'water.log');
      expect(at(dynamics.archive, 'workflow2/m_def')).toBe('simulationworkflowschema.MolecularDynamics');
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('makes an entry of a cut log that says the run did not finish', async () => {
    const cut = mkdtempSync(join(tmpdir(), 'oasis-namd-cut-'));
    try {
      writeFileSync(join(cut, 'water.log'), log.slice(0, log.indexOf('TIMING: 10')));
      writeFileSync(join(cut, 'water.pdb'), pdb);
      const result = await parse(cut, 'water.log');
      expect(result.ok).toBe(true);
      expect(JSON.stringify(result.archive.processing_logs)).toContain('did not finish');
      expect(at(result.archive, 'run/0/calculation/length')).toBe(2);
      // Without the PSF the PDB's element column names the atoms.
      expect(at(result.archive, 'run/0/system/0/atoms/labels')).toEqual(['O', 'H', 'H']);
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
  });
});

const data = nomadTestData('atomistic-parsers', 'namd');

describe.skipIf(!existsSync(data))("NOMAD's NAMD test data (skipped without /tmp/nomad-parser-tests)", () => {
  it('reads the ER-GRE benchmark: its PDB and 501 ENERGY lines', async () => {
    const result = await parse(data, 'er-gre-traj/er-gre.log');
    expect(result.ok).toBe(true);
    expect(at(result.archive, 'run/0/system/0/atoms/labels/48')).toBe('C');
    expect(at(result.archive, 'run/0/calculation/length')).toBe(501);
    // NOMAD multiplies by the atom count (36573); NAMD's TOTAL is already the system's.
    expectClose(
      at(result.archive, 'run/0/calculation/101/energy/total/value'),
      -2.38947258e-11 / 36573,
      1e-5,
    );
  }, 120_000);
});
