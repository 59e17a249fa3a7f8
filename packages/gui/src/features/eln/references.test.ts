import { describe, expect, it } from 'vitest';
import { entryReference, mDefOfSection, mDefOfSectionIn, referencedEntry } from './references.ts';

describe('reference values', () => {
  it('name entries by id, in this upload or another', () => {
    expect(entryReference('u1', 'e1')).toBe('../uploads/u1/archive/e1#/data');
    expect(referencedEntry('../uploads/u1/archive/e1#/data', 'own')).toEqual({ entryId: 'e1' });
    expect(referencedEntry('../upload/archive/e2#data', 'own')).toEqual({ entryId: 'e2' });
    expect(referencedEntry('https://oasis.example.org/api/v1/uploads/u3/archive/e3#/data', 'own')).toEqual({
      entryId: 'e3',
    });
    // By mainfile, or no reference at all: no entry id to show.
    // A hand-written reference by mainfile: in the referring upload, or in the one it names.
    expect(referencedEntry('../upload/archive/mainfile/a.archive.json#data', 'own')).toEqual({
      uploadId: 'own',
      mainfile: 'a.archive.json',
    });
    expect(referencedEntry('../uploads/u4/archive/mainfile/b/c.archive.yaml#/data', 'own')).toEqual({
      uploadId: 'u4',
      mainfile: 'b/c.archive.yaml',
    });
    expect(referencedEntry('#/data/x', 'own')).toBeUndefined();
    expect(referencedEntry(3, 'own')).toBeUndefined();
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
