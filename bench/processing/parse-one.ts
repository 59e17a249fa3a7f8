// Parses one file in a process of its own and prints its timing and peak resident memory as JSON,
// so the benchmark can report what a single parse costs without the rest of the benchmark around it.
// `--parser-only` calls the parser alone (no entry hash, normalisers or archive) to split the figure.
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { parseMainfile } from '../../packages/server/src/processing/pipeline.ts';
import { matchParser } from '../../packages/server/src/processing/matching.ts';
import { readMatchHead } from '../../packages/server/src/processing/compression.ts';
import type { MainfileParser } from '../../packages/server/src/processing/types.ts';

const args = process.argv.slice(2);
const parserOnly = args.includes('--parser-only');
const [file, relativePath = basename(file ?? '')] = args.filter((a) => a !== '--parser-only');
if (!file) throw new Error('usage: parse-one.ts [--parser-only] <file> [relative path]');
const parser = matchParser(relativePath, await readMatchHead(file, relativePath));
if (!parser) throw new Error(`no parser matches ${relativePath}`);

async function parseAlone(path: string, mainfile: string, target: MainfileParser): Promise<boolean> {
  const input = { mainfile, absolutePath: path, rawRoot: dirname(path), log: () => undefined };
  if (target.parseStream) await target.parseStream({ ...input, read: () => createReadStream(path) });
  else await target.parse({ ...input, content: await readFile(path) });
  return true;
}

/**
 * Linux keeps a resettable peak (VmHWM): writing 5 to clear_refs sets it to the current resident size,
 * so the peak measured after it is the parse's, not that of loading and compiling the code, which on
 * its own peaks hundreds of MB above what stays resident. Elsewhere the process's lifetime peak is all.
 */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const kilobytesOf = (field: string): number =>
  Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);

// Resident memory with the code loaded, before the parse: the peak minus this is the parse's own cost.
const peakResettable = resetPeak();
const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
const started = performance.now();
const ok = parserOnly
  ? await parseAlone(file, relativePath, parser)
  : (await parseMainfile({ absolutePath: file, relativePath, uploadId: 'bench', parser })).ok;
const seconds = (performance.now() - started) / 1000;
const bytes = (await stat(file)).size;
// resourceUsage().maxRSS is in kilobytes.
const peakRssMb = (peakResettable ? kilobytesOf('VmHWM') : process.resourceUsage().maxRSS) / 1024;
console.log(
  JSON.stringify({
    file: relativePath,
    parser: parser.name,
    parserOnly,
    ok,
    bytes,
    seconds,
    megabytesPerSecond: bytes / 1e6 / seconds,
    peakRssMb,
    baselineRssMb,
    peakOverBaselineMb: peakRssMb - baselineRssMb,
  }),
);
