// Compares the conventional cells of monoclinic crystals with spglib's: the cases come from
// spglib-monoclinic.py (every monoclinic space group, scrambled cells); prints how many agree in a, b, c,
// beta and Hall number. Skipped when python3-spglib is not installed (Debian: python3-spglib).
import type { Mat3, Vec3 } from '@oasis/chem';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyseSymmetry } from '../../packages/server/src/processing/normalizers/symmetry.ts';

interface Case {
  number: number;
  hall: number;
  lattice: Mat3;
  frac: Vec3[];
  species: number[];
  spglib: [number, number, number, number];
}

const PYTHON = '/usr/bin/python3';
const SPECIES: Record<number, string> = { 8: 'O', 26: 'Fe' };
const ANGSTROM = 1e-10;

const script = fileURLToPath(new URL('spglib-monoclinic.py', import.meta.url));
let cases: Case[];
try {
  cases = JSON.parse(execFileSync(PYTHON, [script], { encoding: 'utf8' })) as Case[];
} catch (error) {
  console.log(`skipped: spglib is not available to ${PYTHON} (${(error as Error).message.split('\n')[0]})`);
  process.exit(0);
}

const length = (v: Vec3) => Math.hypot(...v);
const parameters = ([a, b, c]: Mat3) => [
  length(a),
  length(b),
  length(c),
  (Math.acos((a[0] * c[0] + a[1] * c[1] + a[2] * c[2]) / (length(a) * length(c))) * 180) / Math.PI,
];

let agree = 0;
const differ: string[] = [];
for (const item of cases) {
  const lattice = item.lattice.map((row) => row.map((x) => x * ANGSTROM)) as Mat3;
  const positions = item.frac.map(
    (f) =>
      [0, 1, 2].map((j) => f[0] * lattice[0][j]! + f[1] * lattice[1][j]! + f[2] * lattice[2][j]!) as Vec3,
  );
  const analysis = await analyseSymmetry(
    { species: item.species.map((n) => SPECIES[n]!), positions, lattice, periodic: [true, true, true] },
    1e-3,
  );
  const ours = parameters(analysis.conventional.lattice);
  const same =
    analysis.symmetry.hall_number === item.hall && ours.every((x, i) => Math.abs(x - item.spglib[i]!) < 1e-3);
  if (same) agree += 1;
  else
    differ.push(
      `  space group ${item.number}: ours ${ours.map((x) => x.toFixed(3)).join(', ')}; spglib ${item.spglib.map((x) => x.toFixed(3)).join(', ')}`,
    );
}
console.log(
  `monoclinic conventional cells equal to spglib's (a, b, c, beta, Hall number): ${agree} of ${cases.length}`,
);
if (differ.length > 0) console.log(differ.join('\n'));
