import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readUploadMetadata } from './upload-metadata.ts';

describe('readUploadMetadata', () => {
  let raw = '';
  beforeEach(async () => {
    raw = await mkdtemp(join(tmpdir(), 'oasis-nomad-json-'));
  });
  afterEach(async () => rm(raw, { recursive: true, force: true }));

  it('gives every entry the top-level metadata and single entries their own', async () => {
    await writeFile(
      join(raw, 'nomad.json'),
      JSON.stringify({
        comment: 'from a cool project',
        external_db: 'Materials Project',
        unknown_key: 'ignored',
        entries: { 'a/vasp.xml': { external_id: 'mp-1', references: ['https://example.org/1'] } },
      }),
    );
    const file = await readUploadMetadata(raw);
    expect(file.problems).toEqual([]);
    expect(file.forEntry('a/vasp.xml')).toEqual({
      comment: 'from a cool project',
      external_db: 'Materials Project',
      external_id: 'mp-1',
      references: ['https://example.org/1'],
    });
    expect(file.forEntry('b/x.cif')).toEqual({
      comment: 'from a cool project',
      external_db: 'Materials Project',
    });
  });

  it('reads YAML and reports values of the wrong type instead of storing them', async () => {
    await writeFile(join(raw, 'nomad.yaml'), 'comment: 3\nreferences: [https://a.org]\n');
    const file = await readUploadMetadata(raw);
    expect(file.problems).toEqual(['nomad.yaml: comment must be a string']);
    expect(file.forEntry('x')).toEqual({ references: ['https://a.org'] });
  });

  it('reports unreadable files and is empty without one', async () => {
    expect((await readUploadMetadata(raw)).forEntry('x')).toEqual({});
    await writeFile(join(raw, 'nomad.json'), '{ broken');
    const file = await readUploadMetadata(raw);
    expect(file.problems[0]).toMatch(/^nomad\.json could not be read: /);
    expect(file.forEntry('x')).toEqual({});
  });
});
