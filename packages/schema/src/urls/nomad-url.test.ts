import { describe, expect, it } from 'vitest';
import { parseNomadUrl } from './nomad-url.ts';

const HASH = 'a'.repeat(40);

describe('parseNomadUrl', () => {
  it('reads raw files and archives of the referring upload and of others', () => {
    expect(parseNomadUrl('../upload/raw/schemas/s.archive.yaml#/definitions/section_definitions/0')).toEqual({
      kind: 'raw',
      path: 'schemas/s.archive.yaml',
      dataPath: '/definitions/section_definitions/0',
    });
    expect(parseNomadUrl('../upload/archive/e1#data')).toEqual({
      kind: 'archive',
      entryId: 'e1',
      dataPath: '/data',
    });
    expect(parseNomadUrl('../uploads/u1/archive/mainfile/a/b.json#/data/x')).toEqual({
      kind: 'archive',
      uploadId: 'u1',
      mainfile: 'a/b.json',
      dataPath: '/data/x',
    });
    expect(parseNomadUrl('https://oasis.example.org/nomad-oasis/api/v1/uploads/u2/raw/x.csv')).toEqual({
      kind: 'raw',
      uploadId: 'u2',
      path: 'x.csv',
    });
    expect(parseNomadUrl('/entries/e3/archive#/run/0')).toEqual({
      kind: 'archive',
      entryId: 'e3',
      dataPath: '/run/0',
    });
  });

  it('reads paths in the current archive, metainfo, versions and search names', () => {
    expect(parseNomadUrl('#/data/sample')).toEqual({ kind: 'data', dataPath: '/data/sample' });
    expect(parseNomadUrl('/run/0/system/0')).toEqual({ kind: 'data', dataPath: '/run/0/system/0' });
    expect(parseNomadUrl('nomad.datamodel.results.Material')).toEqual({
      kind: 'metainfo',
      name: 'nomad.datamodel.results.Material',
    });
    expect(parseNomadUrl(`/metainfo/nomad.datamodel.data.EntryData@${HASH}`)).toEqual({
      kind: 'metainfo',
      name: 'nomad.datamodel.data.EntryData',
      versionHash: HASH,
    });
    expect(
      parseNomadUrl(`../uploads/u1/archive/e1#/definitions/section_definitions/0@${HASH}`),
    ).toMatchObject({
      kind: 'archive',
      dataPath: '/definitions/section_definitions/0',
      versionHash: HASH,
    });
    expect(parseNomadUrl(`https://x.org/api/v1/metainfo/${HASH}`)).toEqual({ kind: 'metainfo', name: HASH });
    expect(parseNomadUrl('entry_id:abc.Sample')).toEqual({ kind: 'entry', entryId: 'abc', name: 'Sample' });
  });

  it('names each problem as spec 1 §5.2 lists them', () => {
    const problem = (url: unknown, options?: { relativeTo?: boolean }) => {
      try {
        parseNomadUrl(url, options);
      } catch (error) {
        return (error as Error).message;
      }
      return 'parsed';
    };
    expect(problem('')).toBe("Bad URL '': empty value");
    expect(problem(42)).toBe('Bad URL: not a string (number)');
    expect(problem('https://x.org/uploads/u1/raw/a')).toMatch(/an absolute URL must contain '\/api'$/);
    expect(problem('https://x.org/api/v1/entries/e1')).toMatch(/expected '\/uploads\/<uploadId>'$/);
    expect(problem('../uploads/u1/files/a')).toMatch(/expected 'raw' or 'archive'$/);
    expect(problem('../uploads/u1/archive')).toMatch(
      /'archive' must be followed by an entry id or 'mainfile'$/,
    );
    expect(problem('../upload/archive/mainfile')).toMatch(/'archive' must be followed by/);
    expect(problem(`../upload/archive/e1#/data@${HASH}`)).toMatch(
      /a versionHash is allowed only in metainfo URLs$/,
    );
    expect(problem('../uploads/u1#/data')).toMatch(/a data path needs an entry reference$/);
    expect(problem('../upload/raw/a', { relativeTo: false })).toMatch(/a base URL is required/);
    expect(problem('some words')).toMatch(/a base URL is required to resolve it/);
  });
});
