// Builds a large vasprun.xml from a real one by repeating its ionic steps (<calculation> blocks), so
// the benchmark can measure a parse of a realistic file of a chosen size.
import { readFile, writeFile } from 'node:fs/promises';

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
