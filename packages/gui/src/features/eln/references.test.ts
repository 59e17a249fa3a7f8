import { describe, expect, it } from 'vitest';
import { entryReference, mDefOfSection, mDefOfSectionIn, referencedEntryId } from './references.ts';

describe('reference values', () => {
  it('name entries by id, in this upload or another', () => {
    expect(entryReference('u1', 'e1')).toBe('../uploads/u1/archive/e1#/data');
    expect(referencedEntryId('../uploads/u1/archive/e1#/data')).toBe('e1');
    expect(referencedEntryId('../upload/archive/e2#data')).toBe('e2');
    expect(referencedEntryId('https://oasis.example.org/api/v1/uploads/u3/archive/e3#/data')).toBe('e3');
    // By mainfile, or no reference at all: no entry id to show.
    expect(referencedEntryId('../upload/archive/mainfile/a.archive.json#data')).toBeUndefined();
    expect(referencedEntryId('#/data/x')).toBeUndefined();
    expect(referencedEntryId(3)).toBeUndefined();
  });

  it('write the m_def of a new entry of a section as its upload sees it', () => {
    expect(mDefOfSection('nomad.datamodel.metainfo.eln.BasicEln')).toBe(
      'nomad.datamodel.metainfo.eln.BasicEln',
    );
    expect(mDefOfSection('../uploads/u1/raw/s.archive.yaml#/definitions/section_definitions/0')).toBe(
      '../uploads/u1/raw/s.archive.yaml#/definitions/section_definitions/0',
    );
    expect(mDefOfSection('lab/s.archive.yaml#/definitions/section_definitions/2')).toBe(
      '../upload/raw/lab/s.archive.yaml#/definitions/section_definitions/2',
    );
  });
});

describe('the m_def of a new entry in another upload', () => {
  it("names the schema through the schema's upload, and built-in or foreign sections as they are", () => {
    const key = 'lab/s.archive.yaml#/definitions/section_definitions/2';
    expect(mDefOfSectionIn(key, 'u1', 'u1')).toBe(
      '../upload/raw/lab/s.archive.yaml#/definitions/section_definitions/2',
    );
    expect(mDefOfSectionIn(key, 'u1', 'u2')).toBe(
      '../uploads/u1/raw/lab/s.archive.yaml#/definitions/section_definitions/2',
    );
    expect(mDefOfSectionIn('nomad.datamodel.metainfo.eln.BasicEln', 'u1', 'u2')).toBe(
      'nomad.datamodel.metainfo.eln.BasicEln',
    );
    const foreign = '../uploads/u0/raw/s.archive.yaml#/definitions/section_definitions/0';
    expect(mDefOfSectionIn(foreign, 'u1', 'u2')).toBe(foreign);
  });
});
