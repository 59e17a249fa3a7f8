// GROMACS compressed trajectories (.xtc): per frame the step, time and box, then the positions as
// integers (nm × precision) packed in as few bits as their range needs, each atom either in full or,
// when close to the one before, as a small difference; runs of small differences shrink and grow the
// bit width as they go. Units: nm, ps.
import { readFrames, type TrajectoryLimits, type TrrFrame } from './read-trr.ts';
import type { XdrReader } from './xdr.ts';

const XTC_MAGIC = 1995;

/** Sizes of the small-difference ranges by index: 2^(index/3) rounded, zero below the first usable one. */
const MAGIC_INTS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 10, 12, 16, 20, 25, 32, 40, 50, 64, 80, 101, 128, 161, 203, 256, 322, 406,
  512, 645, 812, 1024, 1290, 1625, 2048, 2580, 3250, 4096, 5060, 6501, 8192, 10321, 13003, 16384, 20642,
  26007, 32768, 41285, 52015, 65536, 82570, 104031, 131072, 165140, 208063, 262144, 330280, 416127, 524287,
  660561, 832255, 1048576, 1321122, 1664510, 2097152, 2642245, 3329021, 4194304, 5284491, 6658042, 8388607,
  10568983, 13316085, 16777216,
];
const FIRST_INDEX = 9;
/** Atoms up to this count are written as plain floats. */
const UNCOMPRESSED_ATOMS = 9;

/** Reads bits most significant first from a byte array. */
class BitReader {
  private byte = 0;
  private bitsLeft = 0;
  private position = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly file: string,
  ) {}

  bits(count: number): number {
    let value = 0;
    let wanted = count;
    while (wanted > 0) {
      if (this.bitsLeft === 0) {
        if (this.position >= this.bytes.length)
          throw new Error(`${this.file}: the compressed positions end before their atoms`);
        this.byte = this.bytes[this.position++]!;
        this.bitsLeft = 8;
      }
      const take = Math.min(wanted, this.bitsLeft);
      const chunk = (this.byte >> (this.bitsLeft - take)) & ((1 << take) - 1);
      value = value * 2 ** take + chunk;
      this.bitsLeft -= take;
      wanted -= take;
    }
    return value;
  }

  /**
   * Three integers packed as one number in mixed radix (`sizes`), `bitCount` bits long, its bytes least
   * significant first: the last integer is the remainder by the last size, and so on.
   */
  packed(bitCount: number, sizes: readonly number[], out: number[]): void {
    const bytes: number[] = [];
    for (let left = bitCount; left > 0; left -= 8) bytes.push(this.bits(Math.min(8, left)));
    for (let i = sizes.length - 1; i > 0; i -= 1) {
      let remainder = 0;
      for (let j = bytes.length - 1; j >= 0; j -= 1) {
        const value = remainder * 256 + bytes[j]!;
        bytes[j] = Math.floor(value / sizes[i]!);
        remainder = value - bytes[j]! * sizes[i]!;
      }
      out[i] = remainder;
    }
    out[0] = bytes.reduceRight((sum, byte) => sum * 256 + byte, 0);
  }
}

/** Bits of an integer range: how many it takes to write 0 … size − 1 (GROMACS counts size itself). */
const bitsOf = (size: number): number => (size <= 0 ? 0 : Math.floor(Math.log2(size)) + 1);

/** Bits of the product of the ranges, as GROMACS sizes the packed triple. */
const bitsOfProduct = (sizes: readonly number[]): number =>
  sizes.reduce((product, size) => product * BigInt(size), 1n).toString(2).length;

function readPositions(reader: XdrReader, atoms: number, file: string): Float64Array {
  const count = reader.int('the number of positions');
  if (count !== atoms) throw new Error(`${file}: a frame of ${atoms} atoms has ${count} positions`);
  if (count <= UNCOMPRESSED_ATOMS) return reader.reals(count * 3, false, 'the positions');
  const precision = reader.float('the precision');
  if (!(precision > 0)) throw new Error(`${file}: the precision ${precision} is not positive`);
  const minimum = [reader.int(), reader.int(), reader.int()];
  const maximum = [reader.int(), reader.int(), reader.int()];
  const sizes = minimum.map((low, k) => maximum[k]! - low + 1);
  if (sizes.some((size) => size <= 0)) throw new Error(`${file}: the position range is empty`);
  const large = sizes.some((size) => size > 0xffffff);
  const tripleBits = large ? 0 : bitsOfProduct(sizes);
  let smallIndex = reader.int('the small-difference index');
  if (smallIndex < FIRST_INDEX || smallIndex >= MAGIC_INTS.length)
    throw new Error(`${file}: small-difference index ${smallIndex} out of range`);
  const byteCount = reader.int('the compressed size');
  if (byteCount < 0) throw new Error(`${file}: a negative compressed size`);
  const start = reader.offset;
  reader.skip(Math.ceil(byteCount / 4) * 4, 'the compressed positions');
  const bits = new BitReader(reader.bytesAt(start, byteCount), file);

  const inverse = 1 / precision;
  const positions = new Float64Array(count * 3);
  let written = 0;
  const write = (xyz: readonly number[]) => {
    if (written >= positions.length) throw new Error(`${file}: more positions than atoms`);
    positions[written++] = xyz[0]! * inverse;
    positions[written++] = xyz[1]! * inverse;
    positions[written++] = xyz[2]! * inverse;
  };
  let smaller = Math.floor(MAGIC_INTS[Math.max(FIRST_INDEX, smallIndex - 1)]! / 2);
  let smallHalf = Math.floor(MAGIC_INTS[smallIndex]! / 2);
  // The run length carries over from atom to atom until a flag bit sets a new one.
  let run = 0;
  const current = [0, 0, 0];
  const previous = [0, 0, 0];
  const small = [0, 0, 0];
  for (let atom = 0; atom < count;) {
    if (large) for (let k = 0; k < 3; k += 1) current[k] = bits.bits(bitsOf(sizes[k]!));
    else bits.packed(tripleBits, sizes, current);
    atom += 1;
    for (let k = 0; k < 3; k += 1) previous[k] = current[k]! += minimum[k]!;
    let change = 0;
    if (bits.bits(1) === 1) {
      run = bits.bits(5);
      change = (run % 3) - 1;
      run -= run % 3;
    }
    if (run > 0) {
      const smallSize = MAGIC_INTS[smallIndex]!;
      for (let k = 0; k < run; k += 3) {
        bits.packed(smallIndex, [smallSize, smallSize, smallSize], small);
        atom += 1;
        for (let d = 0; d < 3; d += 1) small[d] = small[d]! + previous[d]! - smallHalf;
        write(small);
        for (let d = 0; d < 3; d += 1) previous[d] = small[d]!;
        // The writer swaps an atom with the first of its small run (water: a hydrogen before the oxygen).
        if (k === 0) write(current);
      }
    } else write(current);
    smallIndex += change;
    if (change < 0) {
      smallHalf = smaller;
      smaller = smallIndex > FIRST_INDEX ? Math.floor(MAGIC_INTS[smallIndex - 1]! / 2) : 0;
    } else if (change > 0) {
      smaller = smallHalf;
      smallHalf = Math.floor(MAGIC_INTS[smallIndex]! / 2);
    }
    if (smallIndex < FIRST_INDEX || smallIndex >= MAGIC_INTS.length)
      throw new Error(`${file}: small-difference index ${smallIndex} out of range`);
  }
  if (written !== positions.length) throw new Error(`${file}: fewer positions than atoms`);
  return positions;
}

function readFrame(reader: XdrReader, file: string): TrrFrame & { atoms: number } {
  const start = reader.offset;
  if (reader.int('a frame header') !== XTC_MAGIC)
    throw new Error(`${file}: no compressed frame at byte ${start} (magic number ${XTC_MAGIC} expected)`);
  const atoms = reader.int('the number of atoms');
  if (atoms < 0) throw new Error(`${file}: a negative number of atoms at byte ${start}`);
  const step = reader.int('the step');
  const time = reader.float('the time');
  const box = reader.reals(9, false, 'the box');
  return {
    step,
    time,
    atoms,
    box: [0, 3, 6].map((row) => Array.from(box.subarray(row, row + 3))),
    positions: readPositions(reader, atoms, file),
  };
}

/** The frames of a compressed trajectory; `partial` as for readFrames. */
export const readXtc = (buffer: Buffer, file: string, limits: TrajectoryLimits, partial = false) =>
  readFrames(buffer, file, limits, partial, readFrame);
