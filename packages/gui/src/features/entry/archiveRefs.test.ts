import { describe, expect, it } from 'vitest';
import { numberArray, resolveRef, resolveValue } from './archiveRefs.ts';

const archive = {
  run: [
    { calculation: [{ dos_electronic: [{ energies: [0, 1e-19], total: [{ spin: 0, value: [1, 2] }] }] }] },
  ],
  workflow2: { results: { energies: [-3e-19, -4e-19] } },
};

describe('resolveRef', () => {
  it('follows paths with and without a leading #', () => {
    expect(resolveRef(archive, '/run/0/calculation/0/dos_electronic/0/energies')).toEqual([0, 1e-19]);
    expect(resolveRef(archive, '#/run/0/calculation/0/dos_electronic/0/total/0')).toEqual({
      spin: 0,
      value: [1, 2],
    });
    expect(resolveRef(archive, '/workflow2/results/energies')).toEqual([-3e-19, -4e-19]);
    expect(resolveRef(archive, '/')).toBe(archive);
  });

  it('says which part of a reference does not exist', () => {
    expect(() => resolveRef(archive, '/run/1/calculation')).toThrow(
      "Cannot resolve reference '/run/1/calculation': no item 1",
    );
    expect(() => resolveRef(archive, '/run/0/system/0')).toThrow("'system' does not exist");
    expect(() => resolveRef(archive, '/run/x')).toThrow('no item x');
    expect(() => resolveRef(archive, '../upload/archive/abc#/run/0')).toThrow(
      'only paths inside this archive are supported',
    );
  });

  it('passes resolved values through and checks number arrays', () => {
    expect(resolveValue(archive, [1, 2])).toEqual([1, 2]);
    expect(resolveValue(archive, '/workflow2/results/energies')).toEqual([-3e-19, -4e-19]);
    expect(numberArray([1, 2], 'x')).toEqual([1, 2]);
    expect(() => numberArray([1, '2'], 'The energies')).toThrow('The energies is not an array of numbers');
    expect(() => numberArray({}, 'The energies')).toThrow('The energies is not an array of numbers');
  });
});
