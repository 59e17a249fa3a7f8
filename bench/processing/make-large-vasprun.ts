// Builds a large vasprun.xml from a real one by repeating its ionic steps (<calculation> blocks), so
// the benchmark can measure a parse of a realistic file of a chosen size.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export async function makeLargeVasprun(source: string, target: string, minBytes: number): Promise<number> {
  const text = (await readFile(source)).toString('latin1');
  const start = text.indexOf('<calculation>');
  const end = text.lastIndexOf('</calculation>') + '</calculation>'.length;
  if (start < 0 || end < start) throw new Error(`${source} has no <calculation> blocks`);
  const steps = text.slice(start, end);
  const copies = Math.max(1, Math.ceil((minBytes - text.length) / steps.length) + 1);
  const body = `${text.slice(0, start)}${Array.from({ length: copies }, () => steps).join('\n')}${text.slice(end)}`;
  await writeFile(target, body, 'latin1');
  return Buffer.byteLength(body, 'latin1');
}

// `node --import tsx bench/processing/make-large-vasprun.ts <source vasprun.xml> <target> [megabytes]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [source, target, megabytes = '50'] = process.argv.slice(2);
  if (!source || !target) throw new Error('usage: make-large-vasprun.ts <source> <target> [megabytes]');
  const bytes = await makeLargeVasprun(source, target, Number(megabytes) * 1e6);
  console.log(`${target}: ${(bytes / 1e6).toFixed(1)} MB`);
}
