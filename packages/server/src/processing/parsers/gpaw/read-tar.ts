// The members of a tar archive (the .gpw files of GPAW before 1.1.1 are tar archives of an info.xml and
// one file per array): names, where each member's data starts and its size; the data is read when asked.
import type { ByteSource } from './byte-source.ts';

export interface TarMember {
  name: string;
  offset: number;
  size: number;
}

const BLOCK = 512;

const field = (header: Buffer, from: number, length: number) =>
  header
    .subarray(from, from + length)
    .toString('latin1')
    .replace(/\0.*$/s, '');

/** The file members of an archive (an end of two zero blocks, or the file's end, ends the list). */
export async function tarMembers(source: ByteSource): Promise<TarMember[]> {
  const members: TarMember[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= source.size;) {
    const header = await source.read(at, BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const sizeField = field(header, 124, 12).trim();
    if (!/^[0-7]+$/.test(sizeField)) throw new Error(`no tar header at byte ${at}: not a .gpw archive`);
    const size = parseInt(sizeField, 8);
    const type = String.fromCharCode(header[156]!);
    const offset = at + BLOCK;
    if (type === 'L') {
      longName = (await source.read(offset, size)).toString('latin1').replace(/\0.*$/s, '');
    } else if (type === '0' || type === '\0') {
      const prefix = field(header, 345, 155);
      const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
      members.push({ name, offset, size });
      longName = undefined;
    }
    at = offset + Math.ceil(size / BLOCK) * BLOCK;
  }
  return members;
}
