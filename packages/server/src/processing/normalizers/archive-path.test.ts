import { describe, expect, it } from 'vitest';
import {
  energyValue,
  fillMissing,
  indexedSections,
  numberTensor3,
  referencedSection,
  referenceIndex,
  resolveArchivePath,
  vectors3,
} from './archive-path.ts';

const archive = {
  run: [{ calculation: [{ energy: { total: { value: -1 } } }, { dos_electronic: [{ energies: [0, 1] }] }] }],
  workflow2: { results: { energies: [1, 2] } },
};

describe('resolveArchivePath', () => {
  it('follows sections and list indices, with or without the leading #', () => {
    expect(resolveArchivePath(archive, '/run/0/calculation/1/dos_electronic/0/energies')).toEqual([0, 1]);
    expect(resolveArchivePath(archive, '#/run/0/calculation/0/energy/total/value')).toBe(-1);
    expect(resolveArchivePath(archive, '/workflow2/results/energies')).toEqual([1, 2]);
    expect(resolveArchivePath(archive, '/')).toBe(archive);
  });

  it('is undefined for paths that lead nowhere', () => {
    expect(resolveArchivePath(archive, '/run/1')).toBeUndefined();
    expect(resolveArchivePath(archive, '/run/x')).toBeUndefined();
    expect(resolveArchivePath(archive, '/run/0/calculation/0/energy/total/value/deeper')).toBeUndefined();
    expect(resolveArchivePath(archive, '/results')).toBeUndefined();
    expect(resolveArchivePath(archive, '/__proto__')).toBeUndefined();
    expect(resolveArchivePath(archive, '/run/0/constructor')).toBeUndefined();
  });

  it('rejects strings that are not archive paths', () => {
    expect(() => resolveArchivePath(archive, 'run/0')).toThrow(/must start with/);
  });
});

describe('referencedSection', () => {
  it('gives the section a reference points at', () => {
    expect(referencedSection(archive, '#/run/0/calculation/0/energy')).toEqual({ total: { value: -1 } });
  });

  it('is undefined for non-strings, malformed paths, missing targets and non-sections', () => {
    expect(referencedSection(archive, 3)).toBeUndefined();
    expect(referencedSection(archive, 'run/0')).toBeUndefined();
    expect(referencedSection(archive, '/run/2')).toBeUndefined();
    expect(referencedSection(archive, '/workflow2/results/energies')).toBeUndefined();
  });
});

describe('archive readers', () => {
  it('reads energies given as numbers or entry sections', () => {
    expect(energyValue({ value: 2 })).toBe(2);
    expect(energyValue(3)).toBe(3);
    expect(energyValue({ value: 'x' })).toBeUndefined();
    expect(energyValue(Number.NaN)).toBeUndefined();
  });

  it('checks shapes of numeric arrays', () => {
    expect(vectors3([[1, 2, 3]])).toEqual([[1, 2, 3]]);
    expect(vectors3([[1, 2]])).toBeUndefined();
    expect(numberTensor3([[[1], [2]]])).toEqual([[[1], [2]]]);
    expect(numberTensor3([[[1], ['2']]])).toBeUndefined();
  });

  it('keeps archive indices when skipping non-sections', () => {
    expect(indexedSections([{ a: 1 }, null, { b: 2 }]).map(([i]) => i)).toEqual([0, 2]);
    expect(referenceIndex('/run/0/system/4')).toBe(4);
    expect(referenceIndex('/run/0/system')).toBeUndefined();
  });

  it('fills only what is missing', () => {
    const target = { a: 1, nested: { keep: true }, list: [1] };
    fillMissing(target, { a: 2, b: 3, nested: { keep: false, added: 1 }, list: [2, 3] });
    expect(target).toEqual({ a: 1, b: 3, nested: { keep: true, added: 1 }, list: [1] });
  });
});
