import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '@oasis/client';
import type { EntryMetadata } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { withDatabase } from './database.ts';
import { runCli } from './run.ts';

/** A seeded entry as found, with the parts of its results checked here, which the contract leaves open. */
type Doc = EntryMetadata & {
  entry_id: string;
  upload_id: string;
  mainfile: string;
  results: {
    material: { elements: string[]; n_elements: number; chemical_formula_reduced: string };
    method: { simulation: { program_name: string } };
  };
};

const configFor = (dataDir: string): OasisConfig =>
  loadConfig({ OASIS_DATA_DIR: dataDir, OASIS_CONFIG: '' }, { port: 0, host: '127.0.0.1' });

const seed = async (dataDir: string, args: string[]) => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await runCli(['seed', ...args], { io, config: () => configFor(dataDir) });
  return { code, output: lines.join('\n') };
};

const storedMetadata = (dataDir: string) =>
  withDatabase(configFor(dataDir), async (db) =>
    (await db.query<{ metadata: unknown }>('SELECT metadata FROM entries ORDER BY entry_id')).rows.map(
      (r) => r.metadata,
    ),
  );

describe('oasis seed', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-seed-'));
    dirs.push(dir);
    return dir;
  };
  let dataDir: string;
  let server: RunningServer;
  let seeded: { code: number; output: string };
  let stored: unknown[];
  let anonymous: ApiClient;
  const docsOf = async (
    page_size: number,
    aggregations?: Record<string, { terms: { quantity: string; size: number } }>,
  ) => {
    const answer = await anonymous.call('entriesQuery', {
      body: { owner: 'public', pagination: { page_size }, aggregations },
    });
    return { ...answer, data: answer.data as Doc[] };
  };

  beforeAll(async () => {
    dataDir = tempDir();
    seeded = await seed(dataDir, ['--entries', '200', '--seed', '42']);
    stored = await storedMetadata(dataDir);
    server = await startServer(configFor(dataDir), { checkResponses: true });
    anonymous = new ApiClient({ apiBase: `${server.origin}${server.ctx.config.basePath}/api/v1` });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reports the seeded count', () => {
    expect(seeded.code).toBe(0);
    expect(seeded.output).toContain('Seeded 200 entries');
    expect(seeded.output).toContain('the seed user now owns 200 entries');
  });

  it('serves the seeded entries as public search results with consistent aggregations', async () => {
    const body = await docsOf(200, {
      elements: { terms: { quantity: 'results.material.elements', size: 118 } },
      programs: { terms: { quantity: 'results.method.simulation.program_name', size: 20 } },
    });
    expect(body.pagination.total).toBe(200);
    expect(body.data).toHaveLength(200);
    expect(body.data.every((d) => d.published)).toBe(true);
    expect(new Set(body.data.map((d) => d.upload_id)).size).toBeGreaterThan(0);

    // Each bucket count must equal the number of returned documents with that element.
    const expected = new Map<string, number>();
    for (const doc of body.data) {
      const { elements, n_elements } = doc.results.material;
      expect(elements.length).toBe(n_elements);
      expect(n_elements).toBeGreaterThanOrEqual(1);
      expect(n_elements).toBeLessThanOrEqual(5);
      for (const e of elements)
        expect(doc.results.material.chemical_formula_reduced).toMatch(new RegExp(`${e}(?![a-z])`));
      for (const e of elements) expected.set(e, (expected.get(e) ?? 0) + 1);
    }
    const buckets = body.aggregations?.elements?.terms?.data ?? [];
    expect(new Map(buckets.map((b) => [b.value, b.count]))).toEqual(expected);
    // Plausible frequencies: oxygen leads (weight 45 of ~330, in roughly a third of the materials).
    expect(buckets[0]?.value).toBe('O');
    expect(buckets[0]?.count).toBeGreaterThan(40);
    expect(buckets[0]?.count).toBeLessThan(130);
    const nobleGases = buckets.filter((b) => ['He', 'Ne', 'Ar', 'Kr', 'Xe'].includes(String(b.value)));
    expect(nobleGases.reduce((n, b) => n + b.count, 0)).toBeLessThanOrEqual(3);
    // VASP dominates the programs (weight 55 of 100).
    const programs = body.aggregations?.programs?.terms?.data ?? [];
    expect(programs[0]?.value).toBe('VASP');
    expect(programs[0]?.count).toBeGreaterThan(80);
  });

  it('writes a mainfile and an archive for every seeded entry, so its pages open', async () => {
    const [doc] = (await docsOf(1)).data;
    const { data } = await anonymous.call('entryArchiveQuery', {
      params: { entry_id: doc!.entry_id },
      body: { required: '*' },
    });
    // The archive's sections are untyped in the contract: checked by their paths.
    expect(data.archive).toMatchObject({
      metadata: { entry_id: doc!.entry_id, mainfile: doc!.mainfile, files: [doc!.mainfile] },
    });
    expect(data.archive).toHaveProperty('run', [
      { program: expect.objectContaining({ name: doc!.results.method.simulation.program_name }) },
    ]);
    expect(data.archive).toHaveProperty('results.material.elements', doc!.results.material.elements);
    const raw = await anonymous.file('uploadRawFile', {
      params: { upload_id: doc!.upload_id, path: doc!.mainfile },
    });
    expect(await raw.blob.text()).toContain(doc!.results.method.simulation.program_name);
    // Every entry has both files, where processing puts them.
    const files = await withDatabase(
      configFor(dataDir),
      async (db) =>
        (
          await db.query<{ upload_id: string; entry_id: string; mainfile: string }>(
            'SELECT upload_id, entry_id, mainfile FROM entries',
          )
        ).rows,
    );
    const missing = files.filter(
      ({ upload_id, entry_id, mainfile }) =>
        !existsSync(path.join(dataDir, 'uploads', upload_id, 'raw', mainfile)) ||
        !existsSync(path.join(dataDir, 'uploads', upload_id, 'archive', `${entry_id}.json`)),
    );
    expect([files.length, missing]).toEqual([200, []]);
  });

  it('gives identical documents for the same --seed and different ones for another', async () => {
    const again = tempDir();
    expect((await seed(again, ['--entries', '200', '--seed', '42'])).code).toBe(0);
    expect(await storedMetadata(again)).toEqual(stored);
    const repeated = await seed(again, ['--entries', '10', '--seed', '42']);
    expect(repeated.code).toBe(1);
    expect(repeated.output).toContain('already holds entries seeded with --seed 42');
    const other = tempDir();
    expect((await seed(other, ['--entries', '200', '--seed', '43'])).code).toBe(0);
    expect(await storedMetadata(other)).not.toEqual(stored);
    // Benchmarks of the index leave the files out: the same documents, no uploads folder.
    const bare = tempDir();
    expect((await seed(bare, ['--entries', '200', '--seed', '42', '--without-files'])).code).toBe(0);
    expect(await storedMetadata(bare)).toEqual(stored);
    expect(existsSync(path.join(bare, 'uploads'))).toBe(false);
  }, 120_000);

  it('requires --entries', async () => {
    expect((await seed(tempDir(), [])).code).toBe(2);
    expect((await seed(tempDir(), ['--entries', 'many'])).code).toBe(2);
  });
});
