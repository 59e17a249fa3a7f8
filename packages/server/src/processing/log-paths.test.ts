// Processing logs are shown to users (the entry's logs tab): failures there name files by their upload
// path and server sources relative to the repository, never by absolute paths of the server machine.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMainfile } from './pipeline.ts';
import type { MainfileParser } from './types.ts';

let raw = '';
beforeAll(async () => {
  raw = await mkdtemp(path.join(tmpdir(), 'oasis-log-paths-'));
  await writeFile(path.join(raw, 'broken.cif'), 'data_broken\n_cell_length_a 1\n');
  await writeFile(path.join(raw, 'any.txt'), 'x');
});
afterAll(() => rm(raw, { recursive: true, force: true }));

const repository = path.resolve(import.meta.dirname, '../../../..');
const absolute = (text: string) => [raw, repository, tmpdir(), 'file:///'].filter((p) => text.includes(p));

describe('paths in processing logs', () => {
  it("keeps a parser failure's stack trace free of absolute server paths", async () => {
    const result = await parseMainfile({
      absolutePath: path.join(raw, 'broken.cif'),
      relativePath: 'broken.cif',
      uploadId: 'u1',
      parser: 'parsers/cif',
    });
    expect(result.ok).toBe(false);
    const failure = result.logs.find((log) => log.level === 'ERROR');
    expect(failure?.exception).toBeDefined();
    const texts = result.logs.flatMap((log) => [log.event, log.exception ?? '']);
    expect(texts.flatMap(absolute)).toEqual([]);
    // The frames still say where in the server's sources it failed, relative to the repository.
    expect(failure?.exception).toMatch(/packages\/server\/src\/processing\/parsers\/cif[\w-]*\.ts:\d+/);
  });

  it('cuts absolute paths from messages of a parser that quotes them', async () => {
    const quoting: MainfileParser = {
      name: 'parsers/quoting',
      code: { codeLabel: 'Quoting', codeCategory: 'Structure parser' },
      parse: () => {
        throw new Error(`cannot open ${path.join(raw, 'sub', 'INCAR')} nor /etc/oasis/secret.conf`);
      },
    } as unknown as MainfileParser;
    const result = await parseMainfile({
      absolutePath: path.join(raw, 'any.txt'),
      relativePath: 'any.txt',
      uploadId: 'u1',
      parser: quoting,
    });
    const failure = result.logs.find((log) => log.level === 'ERROR');
    expect(failure?.event).toBe('parser failed: cannot open sub/INCAR nor …/secret.conf');
    expect([failure?.event ?? '', failure?.exception ?? ''].flatMap(absolute)).toEqual([]);
    expect(failure?.exception).not.toContain('/etc/oasis');
  });
});
