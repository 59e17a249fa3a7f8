// `npm run bench -- processing`: processing throughput on the shared sample files and the peak
// memory of one parse of the largest vasprun and of a 50 MB vasprun built from the samples.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ParsePool } from '../../packages/server/src/jobs/parse-pool.ts';
import { readMatchHead } from '../../packages/server/src/processing/compression.ts';
import { matchParser } from '../../packages/server/src/processing/matching.ts';
import { makeLargeVasprun } from './make-large-vasprun.ts';
import { reportVasprunMemory } from './vasprun-memory.ts';

const samples = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const dirent of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

interface Mainfile {
  path: string;
  relativePath: string;
  parserName: string;
  bytes: number;
}

async function sampleMainfiles(): Promise<Mainfile[]> {
  const files = [...(await walk(join(samples, 'vasp'))), ...(await walk(join(samples, 'structures')))];
  const out: Mainfile[] = [];
  for (const path of files.sort()) {
    const relativePath = relative(samples, path);
    const parser = matchParser(relativePath, await readMatchHead(path, relativePath));
    if (parser) out.push({ path, relativePath, parserName: parser.name, bytes: (await stat(path)).size });
  }
  return out;
}

async function throughput(mainfiles: Mainfile[]): Promise<void> {
  const pool = new ParsePool();
  const tasks = Array.from({ length: REPEATS }, () => mainfiles).flat();
  let failed = 0;
  // One warm-up pass loads the parser code in every thread.
  await Promise.all(mainfiles.map((m) => pool.run({ ...task(m), entryId: 'warm-up' })));
  const started = performance.now();
  await Promise.all(
    tasks.map(async (m, i) => {
      const outcome = await pool.run({ ...task(m), entryId: `e${i}` });
      if (!outcome.ok) failed++;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const megabytes = tasks.reduce((sum, m) => sum + m.bytes, 0) / 1e6;
  console.log(
    `batch: ${mainfiles.length} sample mainfiles x ${REPEATS} on ${pool.size} parser threads: ` +
      `${tasks.length} entries (${failed} failed as expected for broken files) in ${seconds.toFixed(2)} s = ` +
      `${(tasks.length / seconds).toFixed(1)} entries/s, ${(megabytes / seconds).toFixed(2)} MB/s (on-disk bytes)`,
  );
}

function task(m: Mainfile) {
  return { absolutePath: m.path, relativePath: m.relativePath, uploadId: 'bench', parserName: m.parserName };
}

const run = promisify(execFile);
async function singleParse(path: string, relativePath: string): Promise<void> {
  const script = fileURLToPath(new URL('./parse-one.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, path, relativePath], {
    maxBuffer: 1 << 20,
  });
  const r = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    ok: boolean;
    bytes: number;
    seconds: number;
    peakRssMb: number;
    baselineRssMb: number;
  };
  console.log(
    `single parse ${relativePath}: ${(r.bytes / 1e6).toFixed(1)} MB in ${r.seconds.toFixed(2)} s ` +
      `(${(r.bytes / 1e6 / r.seconds).toFixed(1)} MB/s), ok=${r.ok}, peak RSS ${r.peakRssMb.toFixed(0)} MB (${r.baselineRssMb.toFixed(0)} MB before the parse)`,
  );
}

if (!existsSync(samples)) {
  console.log(`processing benchmark skipped: ${samples} is absent (shared workspace files)`);
} else {
  const mainfiles = await sampleMainfiles();
  console.log(`mainfiles: ${mainfiles.map((m) => `${m.relativePath} (${m.parserName})`).join(', ')}`);
  await throughput(mainfiles);
  const vasp = mainfiles.filter((m) => m.parserName === 'parsers/vasp').sort((a, b) => b.bytes - a.bytes);
  const largest = vasp[0];
  if (largest) await singleParse(largest.path, largest.relativePath);
  const source = join(samples, 'vasp/Si-workflow/vasprun.xml');
  const dir = await mkdtemp(join(tmpdir(), 'oasis-bench-'));
  try {
    const big = join(dir, 'vasprun.xml');
    await makeLargeVasprun(source, big, 50e6);
    await reportVasprunMemory(big);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
