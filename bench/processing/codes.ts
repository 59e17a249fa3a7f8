// Per code, the speed and memory of its parser on the shared samples (codes-speed.ts); then a comparison
// with ASE where ASE reads the format (Debian: python3-ase): the final energy, positions, cell and forces
// of each sample output, and the parse time (ours over ASE's, the same file read a few times in one run).
// Skipped when ../shared/samples/codes is absent; the comparison when ASE is.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getParser } from '../../packages/server/src/processing/matching.ts';
import { ANGSTROM } from '../../packages/server/src/processing/structure.ts';
import { ELECTRON_VOLT, EV_PER_ANGSTROM } from '../../packages/server/src/processing/units.ts';
import { printCodeSpeeds } from './codes-speed.ts';

const CODES = fileURLToPath(new URL('../../../shared/samples/codes/', import.meta.url));
const PYTHON = '/usr/bin/python3';
const REPEAT = 5;

/** Sample, ASE format, our parser, and which energy of ours ASE's potential energy is. */
const CASES: [string, string, string, string][] = [
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

interface AseRead {
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

if (!existsSync(CODES)) {
  console.log('skipped: ../shared/samples/codes is absent');
  process.exit(0);
}
await printCodeSpeeds(CODES);
console.log();
let ase: AseRead[];
try {
  const script = fileURLToPath(new URL('ase-codes.py', import.meta.url));
  const args = CASES.flatMap(([path, format]) => [CODES + path, format]);
  ase = JSON.parse(
    execFileSync(PYTHON, [script, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  ) as AseRead[];
} catch (error) {
  console.log(`skipped: ASE is not available to ${PYTHON} (${(error as Error).message.split('\n')[0]})`);
  process.exit(0);
}

console.log('sample | energy |Δ| meV | positions max |Δ| Å | forces max |Δ| eV/Å | time ours/ASE');
for (const [index, [path, , parserName, energyKind]] of CASES.entries()) {
  const reference = ase[index]!;
  if (reference.error) {
    console.log(`${path} | ASE: ${reference.error}`);
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
