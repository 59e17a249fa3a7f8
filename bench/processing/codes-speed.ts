// Per code: how fast its parser turns sample outputs into entries (entries/s and MB/s of mainfile, the
// whole processing of parseMainfile, warm, a few parses each) and what one parse costs in memory (peak
// RSS over the process baseline, each of a code's largest mainfiles parsed in a process of its own by
// parse-one.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMatchHead } from '../../packages/server/src/processing/compression.ts';
import { matchParser } from '../../packages/server/src/processing/matching.ts';
import { parseMainfile } from '../../packages/server/src/processing/pipeline.ts';

const REPEAT = 3;
/** A code's largest mainfiles whose peak memory is measured (each costs a process start). */
const MEMORY_SAMPLES = 3;
const PARSE_ONE = fileURLToPath(new URL('parse-one.ts', import.meta.url));

interface Mainfile {
  path: string;
  relativePath: string;
  parser: string;
  bytes: number;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

async function mainfilesOf(root: string, folders: readonly string[]): Promise<Mainfile[]> {
  const found: Mainfile[] = [];
  for (const path of folders.flatMap((folder) => filesUnder(join(root, folder))).sort()) {
    const relativePath = relative(root, path);
    const parser = matchParser(relativePath, await readMatchHead(path, relativePath));
    if (parser) found.push({ path, relativePath, parser: parser.name, bytes: statSync(path).size });
  }
  return found;
}

/** Peak RSS over baseline of one parse, in MB, from a process of its own. */
function peakOverBaseline(file: Mainfile): number {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', PARSE_ONE, file.path, file.relativePath],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const { peakRssMb, baselineRssMb } = JSON.parse(output.trim().split('\n').pop()!) as {
    peakRssMb: number;
    baselineRssMb: number;
  };
  return peakRssMb - baselineRssMb;
}

/**
 * Prints a row per parser of the mainfiles under `folders` of `root`: samples, MB, entries/s, MB/s and
 * the largest peak RSS over baseline.
 */
export async function printCodeSpeeds(root: string, folders: readonly string[] = ['.']): Promise<void> {
  const byParser = new Map<string, Mainfile[]>();
  for (const file of await mainfilesOf(root, folders))
    byParser.set(file.parser, [...(byParser.get(file.parser) ?? []), file]);
  console.log(
    'parser | mainfiles | MB | entries/s | MB/s | peak RSS over baseline (largest of the 3 largest files, MB)',
  );
  for (const [parser, files] of byParser) {
    let seconds = 0;
    let failed = 0;
    for (const file of files) {
      const options = { absolutePath: file.path, relativePath: file.relativePath, uploadId: 'bench', parser };
      // One parse to warm the code paths, then the timed ones.
      await parseMainfile(options);
      const started = performance.now();
      for (let i = 0; i < REPEAT; i += 1) if (!(await parseMainfile(options)).ok) failed += 1;
      seconds += (performance.now() - started) / 1000;
    }
    const megabytes = files.reduce((sum, file) => sum + file.bytes, 0) / 2 ** 20;
    const largest = [...files].sort((a, b) => b.bytes - a.bytes).slice(0, MEMORY_SAMPLES);
    const peak = Math.max(...largest.map(peakOverBaseline));
    console.log(
      [
        parser,
        files.length + (failed > 0 ? ` (${failed / REPEAT} failed)` : ''),
        megabytes.toFixed(2),
        ((files.length * REPEAT) / seconds).toFixed(1),
        ((megabytes * REPEAT) / seconds).toFixed(2),
        peak.toFixed(0),
      ].join(' | '),
    );
  }
}
