import { describe, expect, it } from 'vitest';
import { booleanTag, incarValue, numberTag, readIncar, textTag } from './incar.ts';

describe('readIncar', () => {
  it('reads tags, comments, several statements per line and typed values', () => {
    const tags = readIncar(`INCAR written by hand for a test. Created on 1 Jan.
SYSTEM = my slab   # a name with spaces
ENCUT = 400       ! cutoff in eV
ISMEAR = 1; SIGMA = 0.1
LWAVE = .FALSE.
LDAU = .TRUE.
EDIFF = 1E-7
ediffg = -1.0D-2
MAGMOM = 2*1.0 3*0 -1
ROPT = 2e-4 2e-4
GGA = 91
LDAUL = 2 -1
ALGO = Fast
`);
    expect(tags).toEqual({
      SYSTEM: 'my slab',
      ENCUT: 400,
      ISMEAR: 1,
      SIGMA: 0.1,
      LWAVE: false,
      LDAU: true,
      EDIFF: 1e-7,
      EDIFFG: -0.01,
      MAGMOM: [1, 1, 0, 0, 0, -1],
      ROPT: [2e-4, 2e-4],
      GGA: 91,
      LDAUL: [2, -1],
      ALGO: 'Fast',
    });
    expect(numberTag(tags, 'ROPT')).toBe(2e-4);
    expect(booleanTag(tags, 'LDAU')).toBe(true);
    expect(textTag(tags, 'ALGO')).toBe('FAST');
    expect(textTag(tags, 'GGA')).toBe('91');
    expect(textTag(tags, 'NOPE')).toBeUndefined();
  });

  it('reads single values', () => {
    expect(incarValue(' T ')).toBe(true);
    expect(incarValue('.F.')).toBe(false);
    expect(incarValue('"quoted text"')).toBe('quoted text');
    expect(incarValue('3*0.5')).toEqual([0.5, 0.5, 0.5]);
    expect(incarValue('')).toBe('');
  });
});
