// Per code, the speed and memory of its parser on the shared samples (codes-speed.ts); then comparisons
// with ASE and pymatgen where they read the format (Debian: python3-ase, python3-pymatgen): the final
// energy, positions and forces of each sample output, and the parse time (ours over theirs, the same file
// read a few times in one run). Skipped when ../shared/samples/codes is absent; a comparison when its
// reader is.
import { ANGSTROM, ELECTRON_VOLT, EV_PER_ANGSTROM } from '@oasis/chem';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getParser } from '../../packages/server/src/processing/matching.ts';
import { printCodeSpeeds } from './codes-speed.ts';

const CODES = fileURLToPath(new URL('../../../shared/samples/codes/', import.meta.url));
const PYTHON = '/usr/bin/python3';
const REPEAT = 5;

/** Sample, the reader's format, our parser, and which energy of ours the reader's energy is. */
type Case = [string, string, string, string];

const ASE_CASES: Case[] = [
  ['quantumespresso/HO_scf/benchmark2.out', 'espresso-out', 'parsers/quantumespresso', 'total'],
  ['quantumespresso/TiO2_opt/pw.out', 'espresso-out', 'parsers/quantumespresso', 'total'],
  ['quantumespresso/Si_md/out.out', 'espresso-out', 'parsers/quantumespresso', 'total'],
  // ASE's aims energy is the 'corrected' (T -> 0) one, NOMAD's total the uncorrected: compare like with like.
  ['fhiaims/Si_geomopt/out.out', 'aims-output', 'parsers/fhi-aims', 'total_t0'],
  ['fhiaims/Fe_scf_spinpol/out.out', 'aims-output', 'parsers/fhi-aims', 'total_t0'],
  ['fhiaims/ClNa_dos/ClNa_dos.out', 'aims-output', 'parsers/fhi-aims', 'total_t0'],
  ['castep/Si8.castep', 'castep-castep', 'parsers/castep', 'total'],
  // Not Si2_opt.castep: ASE reads one image of it, with the finite-basis-corrected energy.
  ['gaussian/Al_scf/Al.out', 'gaussian-out', 'parsers/gaussian', 'total'],
  ['gaussian/CHO_freq/prono.out', 'gaussian-out', 'parsers/gaussian', 'total'],
];

/** pymatgen reads these outputs (its CP2K and LAMMPS readers do not read the samples' runs). */
const PYMATGEN_CASES: Case[] = [
  ['gaussian/Al_scf/Al.out', 'gaussian', 'parsers/gaussian', 'total'],
  ['gaussian/CHO_freq/prono.out', 'gaussian', 'parsers/gaussian', 'total'],
  ['nwchem/single_point.out', 'nwchem', 'parsers/nwchem', 'total'],
  ['nwchem/geometry_optimization.out', 'nwchem', 'parsers/nwchem', 'total'],
];

/** What a reference reader (ASE, pymatgen) read from a sample: energy in eV, lengths in Å. */
interface ReferenceRead {
  path: string;
  error?: string;
  seconds: number;
  symbols: string[];
  positions: number[][];
  cell: number[][] | null;
  energy: number | null;
  forces: number[][] | null;
}

type Section = Record<string, unknown>;
const last = <T>(items: unknown): T => (items as T[])[(items as T[]).length - 1]!;
const maxDifference = (a: number[][], b: number[][]) =>
  Math.max(...a.flatMap((row, i) => row.map((x, j) => Math.abs(x - (b[i]?.[j] ?? Number.NaN)))));

/** Codes ../shared/samples has no output of: their parsers are timed on NOMAD's parser test data. */
const NOMAD_TEST_DATA = process.env.NOMAD_PARSER_TESTS_SRC ?? '/tmp/nomad-parser-tests/src';
const CODES_IN_NOMAD_TEST_DATA = [
  ...['siesta', 'wien2k', 'elk', 'crystal', 'turbomole', 'psi4', 'octopus', 'gpaw', 'wannier90', 'yambo'].map(
    (code) => `electronic-parsers/tests/data/${code}`,
  ),
  ...['xtb', 'dftbplus', 'dlpoly', 'namd'].map((code) => `atomistic-parsers/tests/data/${code}`),
];

if (existsSync(NOMAD_TEST_DATA)) {
  console.log(`codes without a shared sample, on NOMAD's parser test data (${NOMAD_TEST_DATA}):`);
  await printCodeSpeeds(NOMAD_TEST_DATA, CODES_IN_NOMAD_TEST_DATA);
} else
  console.log(
    `skipped the codes without a shared sample: ${NOMAD_TEST_DATA} is absent (the conformance tool extracts it)`,
  );
if (!existsSync(CODES)) {
  console.log('skipped: ../shared/samples/codes is absent');
  process.exit(0);
}
await printCodeSpeeds(CODES);

/** Runs a reference reader's script over the cases: its reads, or why it is not available. */
function referenceReads(tool: string, script: string, cases: Case[]): ReferenceRead[] | undefined {
  try {
    const args = cases.flatMap(([path, format]) => [CODES + path, format]);
    return JSON.parse(
      execFileSync(PYTHON, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      }),
    ) as ReferenceRead[];
  } catch (error) {
    console.log(
      `skipped: ${tool} is not available to ${PYTHON} (${(error as Error).message.split('\n')[0]})`,
    );
    return undefined;
  }
}

async function compare(tool: string, script: string, cases: Case[]): Promise<void> {
  console.log();
  const reads = referenceReads(tool, script, cases);
  if (!reads) return;
  console.log(`sample | energy |Δ| meV | positions max |Δ| Å | forces max |Δ| eV/Å | time ours/${tool}`);
  for (const [index, [path, , parserName, energyKind]] of cases.entries()) {
    const reference = reads[index]!;
    if (reference.error) {
      console.log(`${path} | ${tool}: ${reference.error}`);
      continue;
    }
    const parser = getParser(parserName)!;
    const absolutePath = CODES + path;
    const content = readFileSync(absolutePath);
    const input = {
      mainfile: path,
      absolutePath,
      rawRoot: dirname(absolutePath),
      content,
      log: () => undefined,
    };
    const started = performance.now();
    let output = await parser.parse(input);
    for (let i = 1; i < REPEAT; i += 1) output = await parser.parse(input);
    const seconds = (performance.now() - started) / 1000 / REPEAT;
    const run = last<Section>(output.sections.run);
    const calculation = last<Section>(run.calculation);
    const system = last<Section>(run.system);
    const atoms = system.atoms as { positions: number[][] };
    const energy = ((calculation.energy as Section)[energyKind] as { value: number } | undefined)?.value;
    const energyDiff =
      energy === undefined || reference.energy === null
        ? 'n/a'
        : (Math.abs(energy / ELECTRON_VOLT - reference.energy) * 1000).toFixed(4);
    const positions = maxDifference(
      atoms.positions.map((p) => p.map((x) => x / ANGSTROM)),
      reference.positions,
    ).toExponential(1);
    const forces = (calculation.forces as { total: { value: number[][] } } | undefined)?.total.value;
    const forceDiff =
      forces && reference.forces
        ? maxDifference(
            forces.map((f) => f.map((x) => x / EV_PER_ANGSTROM)),
            reference.forces,
          ).toExponential(1)
        : 'n/a';
    console.log(
      `${path} | ${energyDiff} | ${positions} | ${forceDiff} | ${(seconds / reference.seconds).toFixed(2)}`,
    );
  }
}

await compare('ASE', 'ase-codes.py', ASE_CASES);
await compare('pymatgen', 'pymatgen-codes.py', PYMATGEN_CASES);
