import { describe, expect, it } from 'vitest';
import { readLammpsDcd } from './read-dcd.ts';

/** Fortran records (length, payload, length) in little-endian order. */
function records(payloads: Uint8Array[]): Uint8Array {
  const size = payloads.reduce((sum, p) => sum + p.length + 8, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const payload of payloads) {
    view.setInt32(offset, payload.length, true);
    out.set(payload, offset + 4);
    view.setInt32(offset + 4 + payload.length, payload.length, true);
    offset += payload.length + 8;
  }
  return out;
}

const ints = (values: number[]) => new Uint8Array(new Int32Array(values).buffer);
const floats = (values: number[]) => new Uint8Array(new Float32Array(values).buffer);
const doubles = (values: number[]) => new Uint8Array(new Float64Array(values).buffer);

/** A header as LAMMPS writes it: 'CORD', 2 frames from step 100 every 50, a cell before each frame. */
function header(frames: number): Uint8Array {
  const payload = new Uint8Array(84);
  payload.set([67, 79, 82, 68]); // CORD
  const control = [frames, 100, 50, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 24];
  payload.set(ints(control), 4);
  return payload;
}

describe('readLammpsDcd', () => {
  it('reads the cell and positions of each frame, with steps from the header', () => {
    const frame = (shift: number) => [
      doubles([10, 0, 12, 0, 0, 14]),
      floats([1 + shift, 2]),
      floats([3, 4]),
      floats([5, 6]),
    ];
    const bytes = records([header(2), ints([1, 0]), ints([2]), ...frame(0), ...frame(0.5)]);
    const { frames, truncated } = readLammpsDcd(bytes, { maxFrames: 10, maxAtoms: 100 });
    expect(truncated).toBe(false);
    expect(frames.map((f) => f.step)).toEqual([100, 150]);
    expect(frames[1]!.atoms.map((a) => a.position)).toEqual([
      [1.5, 3, 5],
      [2, 4, 6],
    ]);
    // Cosines of 0: a right-angled cell of 10 x 12 x 14 Å.
    expect(frames[0]!.box![1][1]).toBeCloseTo(12);
    expect(frames[0]!.box![2][2]).toBeCloseTo(14);
    expect(frames[0]!.box![1][0]).toBeCloseTo(0);
  });

  it('stops at the frame limit, and refuses a file that is not dcd', () => {
    const frame = [doubles([10, 0, 10, 0, 0, 10]), floats([1]), floats([2]), floats([3])];
    const bytes = records([header(3), ints([0]), ints([1]), ...frame, ...frame, ...frame]);
    const read = readLammpsDcd(bytes, { maxFrames: 2, maxAtoms: 100 });
    expect(read.frames).toHaveLength(2);
    expect(read.truncated).toBe(true);
    expect(() => readLammpsDcd(new Uint8Array(200), { maxFrames: 2, maxAtoms: 100 })).toThrow(
      /not a dcd file/,
    );
  });
});
