import { ANGSTROM, AU_TIME, BOHR, ELECTRON_VOLT, HARTREE, PLANCK } from '@oasis/chem';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { evaluate, readInp, readParserLog } from './input-variables.ts';
import { octopusParser } from './octopus.ts';
import { xcNames } from './xc.ts';

// A made-up hydrogen molecule in a periodic box, as Octopus writes its run folder.
const STDOUT = [
  '                            |         |           ___.--,',
  "                   _.._     |0) ~ (0) |    _.---'`__.-( (_.",
  '',
  '                           Running octopus',
  '',
  'Version                : testing',
  'Revision               : 1234',
  '',
  'Input: [CalculationMode = gs]',
  '  Octopus will treat the system as periodic in 3 dimension(s).',
  '  Lattice Vectors [b]',
  '    10.000000    0.000000    0.000000',
  '    0.000000    10.000000    0.000000',
  '    0.000000    0.000000    12.000000',
  '  Cell volume =           1200.0000 [b^3]',
  '  Spacing [b] = ( 0.300, 0.300, 0.300)    volume/point [b^3] =      0.02700',
  '  Grid Cutoff [H] =    50.000000    Grid Cutoff [Ry] =   100.000000',
  'Info: Starting SCF iteration.',
  '*********************** SCF CYCLE ITER #    1 ************************',
  ' etot  = -1.10000000E+00 abs_ev   =  1.00E-01 rel_ev   =  1.00E-01',
  'Elapsed time for SCF step     1:          2.50',
  '**********************************************************************',
  '*********************** SCF CYCLE ITER #    2 ************************',
  ' etot  = -1.15000000E+00 abs_ev   =  1.00E-03 rel_ev   =  1.00E-03',
  'Fermi energy =    -0.300000 H',
  'Elapsed time for SCF step     2:          1.50',
  '**********************************************************************',
  'Info: SCF converged in    2 iterations',
  '             Calculation ended on 2026/01/01 at 10:00:00',
  '                        Walltime:  01m 5.000s',
].join('\n');

const INP = [
  'CalculationMode = gs',
  'a = angstrom',
  'Spacing = 0.3 * a / 1.8897261 # about 0.3 / 1.89 bohr',
  'XCFunctional = gga_x_pbe + gga_c_pbe',
  '%Coordinates',
  " 'H' | 0 | 0 | 0",
  " 'H' | 0.74*a | 0 | 0",
  '%',
].join('\n');

const PARSER_LOG = [
  '# Octopus parser started',
  'SpinComponents = 1\t\t# default',
  'XCFunctional = 130101',
  'SmearingFunction = 2',
  'Smearing = 0.01',
  "Opened block 'Coordinates'",
  'Coordinates[0][0] = "H"',
  'Coordinates[0][1] = 0',
  'Coordinates[0][2] = 0',
  'Coordinates[0][3] = 0',
  'Coordinates (1, 0) = "H"',
  'Coordinates (1, 1) = 1.4',
  'Coordinates (1, 2) = 0',
  'Coordinates (1, 3) = 0',
  "Closed block 'Coordinates'",
].join('\n');

const INFO = [
  'Dimensions of the k-point grid      =  1  1  1',
  'Eigenvalues [H]',
  ' #st  Spin   Eigenvalue      Occupation',
  '#k =   1, k = (  0.000000,  0.000000,  0.000000)',
  '   1   --    -0.400000       2.000000',
  '   2   --     0.100000       0.000000',
  '',
  'Energy [H]:',
  '      Total       =        -1.15000000',
  '      Hartree     =         0.60000000',
  '',
  'Forces on the ions [H/b]',
  ' Ion                        x              y              z',
  '   1         H       0.010000       0.000000       0.000000',
  '   2         H      -0.010000       0.000000       0.000000',
  ' ----------------------------------------------------------',
].join('\n');

function runFolder(stdout = STDOUT): string {
  const root = mkdtempSync(join(tmpdir(), 'octopus-'));
  mkdirSync(join(root, 'h2', 'exec'), { recursive: true });
  mkdirSync(join(root, 'h2', 'static'), { recursive: true });
  writeFileSync(join(root, 'h2', 'stdout.txt'), stdout);
  writeFileSync(join(root, 'h2', 'inp'), INP);
  writeFileSync(join(root, 'h2', 'exec', 'parser.log'), PARSER_LOG);
  writeFileSync(join(root, 'h2', 'static', 'info'), INFO);
  return root;
}

const parse = async (root: string, path = 'h2/stdout.txt') => {
  const result = await parseMainfile({
    absolutePath: join(root, path),
    relativePath: path,
    uploadId: 'octopus',
    parser: octopusParser,
    rawRoot: root,
  });
  return result;
};

describe('the Octopus input variables', () => {
  it('evaluates expressions with constants and earlier variables', () => {
    const inp = readInp(INP);
    expectClose(evaluate('0.74*a', inp), (0.74 * ANGSTROM) / BOHR);
    expect(evaluate('2^3 + sqrt(4) * (1 - 0.5)')).toBe(9);
    expect(evaluate('ev_angstrom')).toBeUndefined();
  });

  it('reads parser.log blocks in both cell notations', () => {
    const log = readParserLog(PARSER_LOG);
    expect(log.get('coordinates')?.value).toEqual([
      ['H', '0', '0', '0'],
      ['H', '1.4', '0', '0'],
    ]);
  });

  it('names XCFunctional values by libxc', () => {
    expect(xcNames(130101)).toEqual({ names: ['GGA_X_PBE', 'GGA_C_PBE'] });
    expect(xcNames('lda_x + lda_c_pz')).toEqual({ names: ['LDA_X', 'LDA_C_PZ'] });
    expect('problem' in xcNames(999)).toBe(true);
  });
});

describe('parsers/octopus', () => {
  it('matches the standard output by its banner', () => {
    expect(matchParser('run/stdout.txt', Buffer.from(STDOUT))?.name).toBe('parsers/octopus');
    expect(matchParser('run/inp', Buffer.from(INP))?.name).not.toBe('parsers/octopus');
  });

  it('writes the run of stdout, parser.log, inp and static/info in SI units', async () => {
    const result = await parse(runFolder());
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('testing');
    expect(at(archive, 'run/0/x_octopus_log_svn_revision')).toBe(1234);
    expect(at(archive, 'run/0/method/0/dft/xc_functional/exchange/0/name')).toBe('GGA_X_PBE');
    expect(at(archive, 'run/0/method/0/electronic/smearing/kind')).toBe('fermi');
    expectClose(at(archive, 'run/0/method/0/electronic/smearing/width'), 0.01 * HARTREE);
    expectClose(at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/cutoff'), 50 * HARTREE);
    // parser.log's positions (bohr) win over the inp's.
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/0'), 1.4 * BOHR);
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/2/2'), 12 * BOHR);
    expectClose(at(archive, 'run/0/x_octopus_input_Spacing'), (0.3 * ANGSTROM) / BOHR / 1.8897261);
    const calculation = 'run/0/calculation/0';
    expectClose(at(archive, `${calculation}/scf_iteration/1/energy/total/value`), -1.15 * HARTREE);
    expectClose(at(archive, `${calculation}/scf_iteration/1/time_physical`), 4);
    expectClose(at(archive, `${calculation}/energy/fermi`), -0.3 * HARTREE);
    expectClose(at(archive, `${calculation}/energy/electrostatic/value`), 0.6 * HARTREE);
    expectClose(at(archive, `${calculation}/forces/total/value/1/0`), (-0.01 * HARTREE) / BOHR);
    expectClose(at(archive, `${calculation}/eigenvalues/0/energies/0/0/1`), 0.1 * HARTREE);
    expect(at(archive, 'workflow2/name')).toBe('SinglePoint');
    expect(result.logs.filter((l) => l.level === 'WARNING')).toEqual([]);
  });

  it('says a cut output did not finish', async () => {
    const root = runFolder(STDOUT.slice(0, STDOUT.indexOf('*********************** SCF CYCLE ITER #    2')));
    const result = await parse(root);
    expect(result.ok).toBe(true);
    expect(result.logs.some((l) => l.level === 'WARNING' && /did not finish/.test(l.event))).toBe(true);
    expect(at(result.archive, 'run/0/calculation/0/scf_iteration/0/energy/total/value')).toBeCloseTo(
      -1.1 * HARTREE,
      30,
    );
  });
});

describe('parsers/octopus geometry optimisations', () => {
  it('makes a calculation per minimisation step on the geometry of its geom/go file', async () => {
    const step = (n: number, energy: string) => [
      '++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++',
      `+++++++++++++++++++++ MINIMIZATION ITER #:    ${n} ++++++++++++++++++++++`,
      `  Energy    =    ${energy} H`,
      '  Max force =       0.0100000000 H/b',
      '++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++',
    ];
    const stdout = STDOUT.replace(
      'Info: SCF converged in    2 iterations',
      [
        'Info: SCF converged in    2 iterations',
        ...step(1, '-1.1600000000'),
        ...step(2, '-1.1700000000'),
      ].join('\n'),
    ).replace('CalculationMode = gs', 'CalculationMode = go');
    const root = runFolder(stdout);
    mkdirSync(join(root, 'h2', 'geom'));
    writeFileSync(join(root, 'h2', 'geom', 'go.0001.xyz'), '2\n-1.16 H\nH 0 0 0\nH 0.75 0 0\n');
    writeFileSync(join(root, 'h2', 'geom', 'go.0002.xyz'), '2\n-1.17 H\nH 0 0 0\nH 0.74 0 0\n');
    const result = await parse(root);
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -1.17 * HARTREE);
    expect(at(archive, 'run/0/calculation/1/system_ref')).toBe('/run/0/system/2');
    expectClose(at(archive, 'run/0/system/2/atoms/positions/1/0'), 0.74 * ANGSTROM);
  });
});

// A time propagation of the same molecule, as Octopus prints it: a heading, the column names, and a row
// per step (step, time and energy in the output's units, self-consistency steps, seconds of the step).
// Octopus's row format: (i7, 1x, 2f14.6, i10, f14.3).
const tdRow = (step: number, time: number, energy: number, scfSteps: number, seconds: number) =>
  `${String(step).padStart(7)} ${time.toFixed(6).padStart(14)}${energy.toFixed(6).padStart(14)}` +
  `${String(scfSteps).padStart(10)}${seconds.toFixed(3).padStart(14)}`;
const TD_STDOUT = [
  ...STDOUT.split('\n').slice(0, 8),
  'Input: [CalculationMode = td]',
  ...STDOUT.split('\n').slice(9, 17),
  'Input: [TDTimeStep = 5.000000E-02 hbar/H]',
  '******************************* Time-Dependent Simulation ********************************',
  '  Iter           Time        Energy   SC Steps    Elapsed Time ',
  '******************************************************************************************',
  '',
  tdRow(1, 0.05, -1.15, 1, 0.12),
  tdRow(2, 0.1, -1.1495, 1, 0.1),
  "Info: Finished writing information to 'restart/td'.",
  tdRow(3, 0.15, -1.148, 2, 0.13),
  '',
  '             Calculation ended on 2026/01/01 at 10:00:00',
  '                        Walltime:  00m 1.000s',
].join('\n');

describe('parsers/octopus time propagations', () => {
  it('makes a calculation per time step with its energy, simulated time and wall time', async () => {
    const result = await parse(runFolder(TD_STDOUT));
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/calculation/length')).toBe(3);
    const step = 'run/0/calculation/2';
    expect(at(archive, `${step}/step`)).toBe(3);
    expectClose(at(archive, `${step}/time`), 0.15 * AU_TIME);
    expectClose(at(archive, `${step}/energy/total/value`), -1.148 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -1.1495 * HARTREE);
    expect(at(archive, `${step}/n_scf_iterations`)).toBe(2);
    expectClose(at(archive, `${step}/time_calculation`), 0.13);
    expectClose(at(archive, `${step}/time_physical`), 0.35);
    expect(at(archive, `${step}/system_ref`)).toBe('/run/0/system/0');
    expect(at(archive, `${step}/method_ref`)).toBe('/run/0/method/0');
    // static/info beside it is of the ground state the propagation started from.
    expect(at(archive, `${step}/energy/electrostatic`)).toBeUndefined();
    expect(at(archive, `${step}/forces`)).toBeUndefined();
    expect(at(archive, 'workflow2/name')).toBe('SinglePoint');
    expect(result.logs.filter((l) => l.level === 'WARNING')).toEqual([]);
  });

  it('reads time in ħ/eV and energy in eV with eV-Å units', async () => {
    const root = runFolder(TD_STDOUT);
    writeFileSync(join(root, 'h2', 'inp'), `${INP}\nUnits = ev_angstrom\n`);
    const archive = (await parse(root)).archive;
    expectClose(at(archive, 'run/0/calculation/0/time'), (0.05 * PLANCK) / (2 * Math.PI) / ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -1.15 * ELECTRON_VOLT);
  });

  it('keeps the steps of a cut propagation and says it did not finish', async () => {
    const root = runFolder(TD_STDOUT.slice(0, TD_STDOUT.indexOf(tdRow(3, 0.15, -1.148, 2, 0.13)) + 22));
    const result = await parse(root);
    expect(result.ok).toBe(true);
    expect(result.logs.some((l) => l.level === 'WARNING' && /did not finish/.test(l.event))).toBe(true);
    expect(at(result.archive, 'run/0/calculation/length')).toBe(2);
    expectClose(at(result.archive, 'run/0/calculation/1/time_physical'), 0.22);
  });
});

const data = nomadTestData('electronic-parsers', 'octopus');
describe.skipIf(!existsSync(data))('parsers/octopus on NOMAD test data (skipped: no NOMAD test data)', () => {
  it('reads the spin-polarised iron run', async () => {
    const result = await parse(data, 'Fe_spinpol/stdout.txt');
    expect(result.ok).toBe(true);
    const calculation = at(result.archive, 'run/0/calculation/0');
    expectClose(at(calculation, 'energy/total/value'), -6437.29577443 * ELECTRON_VOLT);
    expect(at(calculation, 'eigenvalues/0/n_spin_channels')).toBe(2);
    expect(at(calculation, 'scf_iteration/length')).toBe(21);
  });
});
