import { describe, expect, it } from 'vitest';
import { readLammpsDump } from './read-dump.ts';

const frame = (step: number, columns: string, rows: string[]) => `ITEM: TIMESTEP
${step}
ITEM: NUMBER OF ATOMS
${rows.length}
ITEM: BOX BOUNDS pp pp pp
-5.0 5.0
0.0 4.0
0.0 2.0
ITEM: ATOMS ${columns}
${rows.join('\n')}
`;

describe('LAMMPS dumps', () => {
  it('reads frames with positions from the box origin, scaled coordinates scaled back', () => {
    const { frames, truncated } = readLammpsDump(
      frame(0, 'id type x y z', ['1 1 0.0 1.0 1.0']) + frame(5, 'id type xs ys zs', ['1 2 0.5 0.25 0.5']),
      { maxFrames: 10, maxAtoms: 100 },
    );
    expect(truncated).toBe(false);
    expect(frames.map((f) => f.step)).toEqual([0, 5]);
    expect(frames[0]!.atoms[0]!.position).toEqual([5, 1, 1]);
    expect(frames[1]!.atoms[0]).toEqual({ type: 2, position: [5, 1, 1] });
    expect(frames[0]!.box![0][0]).toBe(10);
  });

  it('stops at its limits and names what is malformed', () => {
    const text = frame(0, 'id type x y z', ['1 1 0 0 0']).repeat(3);
    expect(readLammpsDump(text, { maxFrames: 2, maxAtoms: 100 }).frames).toHaveLength(2);
    expect(readLammpsDump(text, { maxFrames: 10, maxAtoms: 1 }).truncated).toBe(true);
    expect(() => readLammpsDump('ITEM: TIMESTEP\n0\nITEM: BOX\n', { maxFrames: 1, maxAtoms: 1 })).toThrow(
      "'ITEM: NUMBER OF ATOMS' expected",
    );
  });
});
