// The DOS dos.x writes beside a pw.x output ('#  E (eV)   dos(E)     Int dos(E)', or dosup/dosdw columns
// when spin-polarised; newer versions name the Fermi energy in the header), as the last calculation's
// dos_electronic. Which file: the output's own name without its extension and '.dos' ('w.dos' for
// 'w.dos.out'), else the only '.dos' file beside it.
import { ELECTRON_VOLT } from '@oasis/chem';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { RunDos } from '@oasis/schema';
import { basename, dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import { numbersIn } from '../../text/numbers.ts';

const MAX_DOS_BYTES = 16 * 1024 ** 2;

async function chooseDosFile(mainfile: string, rawRoot: string): Promise<string | undefined> {
  const folder = dirname(mainfile);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.dos'));
  const own = basename(mainfile).replace(/\.[^.]*$/, '');
  const name = names.includes(own) && own.endsWith('.dos') ? own : names.length === 1 ? names[0] : undefined;
  if (!name) return undefined;
  const path = realPathInside(join(folder, name), rawRoot);
  if (!path) return undefined;
  const info = await stat(path);
  return info.isFile() && info.size <= MAX_DOS_BYTES ? path : undefined;
}

/** The dos_electronic sections of the DOS file beside a pw.x output, or undefined when there is none. */
export async function readDosBeside(mainfile: string, rawRoot: string): Promise<RunDos[] | undefined> {
  const path = await chooseDosFile(mainfile, rawRoot);
  if (!path) return undefined;
  const text = await readFile(path, 'latin1');
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  if (!/^#\s*E \(eV\)\s+dos/.test(header)) return undefined;
  const spins = /dosup/.test(header) ? 2 : 1;
  const fermi = /EFermi\s*=\s*(\S+)\s*eV/.exec(header);
  const rows = text
    .split(/\r?\n/)
    .slice(1)
    .map(numbersIn)
    .filter((row) => row.length >= 1 + spins);
  if (rows.length === 0) return undefined;
  const energies = rows.map((row) => row[0]! * ELECTRON_VOLT);
  return Array.from({ length: spins }, (_, spin) => ({
    spin_channel: spin,
    n_energies: energies.length,
    energies,
    ...(fermi ? { energy_fermi: Number(fermi[1]) * ELECTRON_VOLT } : {}),
    total: [
      {
        spin,
        value: rows.map((row) => row[1 + spin]! / ELECTRON_VOLT),
        // The last column integrates both spins: it belongs to a single channel only.
        ...(spins === 1 && rows.every((row) => row.length >= 3)
          ? { value_integrated: rows.map((row) => row[2]!) }
          : {}),
      },
    ],
  }));
}
