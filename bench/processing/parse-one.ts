// Parses one file in a process of its own and prints its timing and peak resident memory as JSON,
// so the benchmark can report what a single parse costs without the rest of the benchmark around it.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseMainfile } from '../../packages/server/src/processing/pipeline.ts';
import { matchParser } from '../../packages/server/src/processing/matching.ts';
import { readMatchHead } from '../../packages/server/src/processing/compression.ts';

const [file, relativePath = basename(file ?? '')] = process.argv.slice(2);
if (!file) throw new Error('usage: parse-one.ts <file> [relative path]');
const parser = matchParser(relativePath, await readMatchHead(file, relativePath));
if (!parser) throw new Error(`no parser matches ${relativePath}`);
// Resident memory with the code loaded, before the parse: the peak minus this is the parse's own cost.
const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
const started = performance.now();
const result = await parseMainfile({ absolutePath: file, relativePath, uploadId: 'bench', parser });
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    file: relativePath,
    parser: parser.name,
    ok: result.ok,
    bytes: (await stat(file)).size,
    seconds,
    // resourceUsage().maxRSS is in kilobytes.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    baselineRssMb,
  }),
);
