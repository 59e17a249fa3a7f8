// Compares parsers/phonopy with phonopy itself (Debian: python3-phonopy) on the phonopy-FHI-aims
// samples: frequencies at the band path's end points, the DOS and its highest peaks, Cv and F at 300 K,
// and the time (our whole parse over phonopy's force constants, mesh, DOS and thermal properties).
// Skipped when ../shared/samples/codes/phonopy or phonopy is absent.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getParser } from '../../packages/server/src/processing/matching.ts';
import { JOULE_PER_THZ } from '../../packages/server/src/processing/parsers/phonopy/constants.ts';

const SAMPLES = fileURLToPath(new URL('../../../shared/samples/codes/phonopy/', import.meta.url));
const PYTHON = '/usr/bin/python3';
const RUNS = ['Ge'];
const TEMPERATURE = 300;

type Section = Record<string, unknown>;
interface Phonopy {
  seconds: number;
  frequencies: number[][];
  dos_frequencies: number[];
  dos: number[];
  free_energy: number;
  heat_capacity: number;
}

/** Frequencies of the highest local maxima of a curve, highest first. */
function peaks(x: readonly number[], y: readonly number[], count: number): number[] {
  const found: [number, number][] = [];
  for (let i = 1; i < y.length - 1; i++)
    if (y[i]! > y[i - 1]! && y[i]! >= y[i + 1]!) found.push([y[i]!, x[i]!]);
  return found
    .sort((a, b) => b[0] - a[0])
    .slice(0, count)
    .map(([, f]) => f);
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

if (!existsSync(SAMPLES)) {
  console.log('skipped: ../shared/samples/codes/phonopy is absent');
  process.exit(0);
}
const parser = getParser('parsers/phonopy')!;
for (const run of RUNS) {
  const folder = `${SAMPLES}${run}`;
  const mainfile = `${run}/phonopy-FHI-aims-displacement-01/control.in`;
  const absolutePath = `${SAMPLES}${mainfile}`;
  const started = performance.now();
  const output = await parser.parse({
    mainfile,
    absolutePath,
    rawRoot: SAMPLES,
    content: readFileSync(absolutePath),
    log: () => undefined,
  });
  const seconds = (performance.now() - started) / 1000;
  const calculation = ((output.sections.run as Section[])[0]!.calculation as Section[])[0]!;
  const segments = ((calculation.band_structure_phonon as Section[])[0]!.segment as Section[]).map((s) => ({
    kpoints: s.kpoints as number[][],
    energies: (s.energies as number[][][])[0]!,
    labels: s.endpoints_labels as string[],
  }));
  // The path's start and every segment's end.
  const points = [
    { label: segments[0]!.labels[0]!, q: segments[0]!.kpoints[0]!, ours: segments[0]!.energies[0]! },
    ...segments.map((s) => ({ label: s.labels[1]!, q: s.kpoints.at(-1)!, ours: s.energies.at(-1)! })),
  ];
  let reference: Phonopy;
  try {
    reference = JSON.parse(
      execFileSync(
        PYTHON,
        [
          fileURLToPath(new URL('phonopy-compare.py', import.meta.url)),
          folder,
          String(TEMPERATURE),
          ...points.flatMap((p) => p.q.map(String)),
        ],
        { encoding: 'utf8', maxBuffer: 1 << 28 },
      ),
    ) as Phonopy;
  } catch (error) {
    console.log(
      `skipped: phonopy is not available to ${PYTHON} (${(error as Error).message.split('\n')[0]})`,
    );
    process.exit(0);
  }
  console.log(`${run}: q-point | ours (THz) | phonopy (THz) | max |Δ| THz`);
  points.forEach((point, i) => {
    const ours = point.ours.map((e) => e / JOULE_PER_THZ);
    const theirs = reference.frequencies[i]!;
    const delta = Math.max(...ours.map((f, k) => Math.abs(f - theirs[k]!)));
    console.log(
      `${point.label} ${JSON.stringify(point.q)} | ${ours.map((f) => f.toFixed(4)).join(' ')} | ${theirs.map((f) => f.toFixed(4)).join(' ')} | ${delta.toExponential(1)}`,
    );
  });
  const dos = (calculation.dos_phonon as Section[])[0]!;
  const ourFrequencies = (dos.energies as number[]).map((e) => e / JOULE_PER_THZ);
  const ourDos = ((dos.total as Section[])[0]!.value as number[]).map((v) => v * JOULE_PER_THZ);
  const top = Math.max(...reference.dos);
  const n = Math.min(ourDos.length, reference.dos.length);
  const dosDelta = Math.max(...ourDos.slice(0, n).map((v, k) => Math.abs(v - reference.dos[k]!))) / top;
  console.log(
    `DOS: ${ourDos.length} vs ${reference.dos.length} points, max |Δ| ${(dosDelta * 100).toFixed(3)} % of the peak; ` +
      `peaks (THz) ours ${peaks(ourFrequencies, ourDos, 3)
        .map((f) => f.toFixed(3))
        .join(' ')}, phonopy ${peaks(reference.dos_frequencies, reference.dos, 3)
        .map((f) => f.toFixed(3))
        .join(' ')}`,
  );
  const results = (output.sections.workflow2 as Section).results as Section;
  const index = (results.temperature as number[]).findIndex((t) => Math.abs(t - TEMPERATURE) < 1e-9);
  const cv = (results.heat_capacity_c_v as number[])[index]!;
  const free = (results.vibrational_free_energy_at_constant_volume as number[])[index]!;
  console.log(
    `${TEMPERATURE} K per unit cell: Cv ${cv.toExponential(6)} vs ${reference.heat_capacity.toExponential(6)} J/K ` +
      `(rel ${relative(cv, reference.heat_capacity).toExponential(1)}), F ${free.toExponential(6)} vs ` +
      `${reference.free_energy.toExponential(6)} J (rel ${relative(free, reference.free_energy).toExponential(1)})`,
  );
  console.log(
    `time: ours ${seconds.toFixed(2)} s (whole parse) / phonopy ${reference.seconds.toFixed(2)} s = ${(seconds / reference.seconds).toFixed(2)}`,
  );
}
