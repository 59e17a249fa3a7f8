// Peak memory of parsing a large vasprun.xml: through the whole pipeline and the parser alone (each in
// a process of its own, over that process's resident memory before the parse), and pymatgen's for the
// same file when /usr/bin/python3 has it (Debian: python3-pymatgen).
// `node --import tsx bench/processing/vasprun-memory.ts [vasprun.xml]` measures a given file; the
// processing benchmark calls it with a 50 MB file built by make-large-vasprun.ts.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';

interface Peak {
  seconds: number;
  peakRssMb: number;
  baselineRssMb: number;
}

const lastJson = <T>(stdout: string): T => JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as T;

async function ours(path: string, parserOnly: boolean): Promise<Peak & { ok: boolean; bytes: number }> {
  const script = fileURLToPath(new URL('./parse-one.ts', import.meta.url));
  const args = [
    '--import',
    'tsx',
    script,
    ...(parserOnly ? ['--parser-only'] : []),
    path,
    'large/vasprun.xml',
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
  return lastJson(stdout);
}

async function pymatgen(path: string): Promise<Peak | string> {
  const script = fileURLToPath(new URL('./pymatgen-vasprun.py', import.meta.url));
  try {
    const { stdout } = await run(PYTHON, [script, path], { maxBuffer: 1 << 20 });
    return lastJson(stdout);
  } catch (error) {
    return (error as Error).message.split('\n').find((line) => /Error/.test(line)) ?? 'failed';
  }
}

const over = (p: Peak): number => p.peakRssMb - p.baselineRssMb;

export async function reportVasprunMemory(path: string): Promise<void> {
  const pipeline = await ours(path, false);
  const alone = await ours(path, true);
  const megabytes = pipeline.bytes / 1e6;
  console.log(
    `vasprun ${megabytes.toFixed(1)} MB, whole pipeline: ${(megabytes / pipeline.seconds).toFixed(1)} MB/s, ` +
      `ok=${pipeline.ok}, peak RSS ${over(pipeline).toFixed(0)} MB over the ${pipeline.baselineRssMb.toFixed(0)} MB before the parse`,
  );
  console.log(
    `vasprun ${megabytes.toFixed(1)} MB, parser alone: ${(megabytes / alone.seconds).toFixed(1)} MB/s, ` +
      `peak RSS ${over(alone).toFixed(0)} MB over the ${alone.baselineRssMb.toFixed(0)} MB before the parse`,
  );
  const reference = await pymatgen(path);
  if (typeof reference === 'string') {
    console.log(`pymatgen skipped: not available to ${PYTHON} (${reference}; Debian: python3-pymatgen)`);
    return;
  }
  console.log(
    `pymatgen Vasprun: ${(megabytes / reference.seconds).toFixed(1)} MB/s, peak RSS ${over(reference).toFixed(0)} MB ` +
      `over its ${reference.baselineRssMb.toFixed(0)} MB; ours/pymatgen: pipeline ${(over(pipeline) / over(reference)).toFixed(1)}x, ` +
      `parser ${(over(alone) / over(reference)).toFixed(1)}x memory, ${(reference.seconds / pipeline.seconds).toFixed(1)}x faster`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [path] = process.argv.slice(2);
  if (!path) throw new Error('usage: vasprun-memory.ts <vasprun.xml>');
  await reportVasprunMemory(path);
}
