// GROMACS energy files (.edr): the names and units of the terms, then per frame its step, time and one
// value per term (plus averages and sums, and blocks of other data, which are skipped).
import { XdrEndError, XdrReader } from './xdr.ts';

const NAMES_MAGIC = -55555;
const FRAME_MAGIC = -7777777;
/** The newest layout this reader knows (GROMACS 4.5 and later write 5). */
const NEWEST_VERSION = 5;
const MAX_TERMS = 10_000;

export interface EdrTerm {
  name: string;
  unit: string;
}

export interface EdrFrame {
  step: number;
  /** ps */
  time: number;
  /** One value per term, in the term's unit. */
  values: Float64Array;
}

/** Bytes per value of a block's data type (GROMACS' xdr_datatype: int, float, double, int64, char). */
const BLOCK_WIDTHS = [4, 4, 8, 8, 4];
const STRING_BLOCK = 5;

function readNames(reader: XdrReader, file: string): { version: number; terms: EdrTerm[] } {
  const magic = reader.int('the header');
  if (magic > 0) throw new Error(`${file}: an energy file of before GROMACS 4 (no version), not read`);
  if (magic !== NAMES_MAGIC) throw new Error(`${file} is not a GROMACS energy file (magic number ${magic})`);
  const version = reader.int('the version');
  if (version < 1 || version > NEWEST_VERSION)
    throw new Error(`${file}: energy file version ${version} is not known (1 to ${NEWEST_VERSION} are)`);
  const count = reader.int('the number of terms');
  if (count < 0 || count > MAX_TERMS) throw new Error(`${file}: ${count} energy terms is not plausible`);
  const terms = Array.from({ length: count }, () => {
    const name = reader.string('a term name');
    return { name, unit: version >= 2 ? reader.string('a term unit') : 'kJ/mol' };
  });
  return { version, terms };
}

/** Skips a frame's blocks (their layout is declared in the header, their data follows the energies). */
function skipBlocks(reader: XdrReader, layout: { type: number; count: number }[], file: string): void {
  for (const { type, count } of layout) {
    if (type === STRING_BLOCK) {
      for (let i = 0; i < count; i += 1) reader.string('a block string');
      continue;
    }
    const width = BLOCK_WIDTHS[type];
    if (width === undefined) throw new Error(`${file}: a block of unknown data type ${type}`);
    reader.skip(width * count, 'a block');
  }
}

function readFrame(reader: XdrReader, file: string, termCount: number): EdrFrame {
  const start = reader.offset;
  // The first value is a real far below any time (-2e10): its width tells the precision, read at the magic.
  reader.offset = start + 4;
  const double = reader.int('a frame header') !== FRAME_MAGIC;
  reader.offset = start;
  reader.real(double, 'a frame header');
  if (reader.int('a frame header') !== FRAME_MAGIC)
    throw new Error(`${file}: no energy frame at byte ${start}`);
  const version = reader.int('the frame version');
  if (version < 1 || version > NEWEST_VERSION)
    throw new Error(`${file}: energy frame version ${version} at byte ${start} is not known`);
  const time = reader.double('the time');
  const step = reader.hyper('the step');
  const sums = reader.int('the number of summed steps');
  if (version >= 3) reader.hyper('the number of steps');
  if (version >= 5) reader.double('the time step');
  const count = reader.int('the number of terms');
  if (count !== 0 && count !== termCount)
    throw new Error(`${file}: the frame at byte ${start} has ${count} terms, the header ${termCount}`);
  const restraints = reader.int('the restraint count');
  const blockCount = reader.int('the number of blocks');
  if (blockCount < 0 || blockCount > 1_000) throw new Error(`${file}: ${blockCount} blocks is not plausible`);
  const layout: { type: number; count: number }[] = [];
  if (version < 4 && restraints > 0) layout.push({ type: double ? 2 : 1, count: restraints * 2 });
  for (let b = 0; b < blockCount; b += 1) {
    if (version < 4) {
      layout.push({ type: double ? 2 : 1, count: reader.int('a block size') });
      continue;
    }
    reader.int('a block id');
    const subBlocks = reader.int('a block size');
    if (subBlocks < 0 || subBlocks > 1_000)
      throw new Error(`${file}: ${subBlocks} sub-blocks is not plausible`);
    for (let s = 0; s < subBlocks; s += 1) {
      const type = reader.int('a sub-block type');
      layout.push({ type, count: reader.int('a sub-block size') });
    }
  }
  reader.int('the energy size');
  reader.int('a frame header');
  reader.int('a frame header');
  const values = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    values[i] = reader.real(double, 'the energies');
    // Averages and sums over the steps since the last frame.
    if (sums > 0) reader.skip((double ? 8 : 4) * 2, 'the energy averages');
  }
  skipBlocks(reader, layout, file);
  return { step, time, values: count === 0 ? new Float64Array(termCount).fill(Number.NaN) : values };
}

/**
 * The terms and frames of an energy file, at most `maxFrames` of them. `partial`: the buffer is the head
 * of a longer file, so a frame it cuts off ends the reading instead of failing it.
 */
export function readEdr(
  buffer: Buffer,
  file: string,
  maxFrames: number,
  partial = false,
): { terms: EdrTerm[]; frames: EdrFrame[]; truncated: boolean } {
  const reader = new XdrReader(buffer, file);
  const { terms } = readNames(reader, file);
  const frames: EdrFrame[] = [];
  while (!reader.atEnd) {
    if (frames.length >= maxFrames) return { terms, frames, truncated: true };
    try {
      frames.push(readFrame(reader, file, terms.length));
    } catch (error) {
      if (partial && error instanceof XdrEndError) return { terms, frames, truncated: true };
      throw error;
    }
  }
  return { terms, frames, truncated: false };
}
