import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { withDatabase } from './database.ts';
import { runCli } from './run.ts';

interface Doc {
  entry_id: string;
  upload_id: string;
  published: boolean;
  authors: { name: string }[];
  results: {
    material: { elements: string[]; n_elements: number; chemical_formula_reduced: string };
    method: { simulation: { program_name: string } };
  };
}

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

  beforeAll(async () => {
    dataDir = tempDir();
    seeded = await seed(dataDir, ['--entries', '200', '--seed', '42']);
    stored = await storedMetadata(dataDir);
    server = await startServer(configFor(dataDir), { checkResponses: true });
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
    const api = `${server.origin}${server.ctx.config.basePath}/api/v1`;
    const response = await fetch(`${api}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        owner: 'public',
        pagination: { page_size: 200 },
        aggregations: {
          elements: { terms: { quantity: 'results.material.elements', size: 118 } },
          programs: { terms: { quantity: 'results.method.simulation.program_name', size: 20 } },
        },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      pagination: { total: number };
      data: Doc[];
      aggregations: Record<string, { terms: { data: { value: string; count: number }[] } }>;
    };
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
    const buckets = body.aggregations.elements?.terms.data ?? [];
    expect(new Map(buckets.map((b) => [b.value, b.count]))).toEqual(expected);
    // Plausible frequencies: oxygen leads (weight 45 of ~330, in roughly a third of the materials).
    expect(buckets[0]?.value).toBe('O');
    expect(buckets[0]?.count).toBeGreaterThan(40);
    expect(buckets[0]?.count).toBeLessThan(130);
    const nobleGases = buckets.filter((b) => ['He', 'Ne', 'Ar', 'Kr', 'Xe'].includes(b.value));
    expect(nobleGases.reduce((n, b) => n + b.count, 0)).toBeLessThanOrEqual(3);
    // VASP dominates the programs (weight 55 of 100).
    const programs = body.aggregations.programs?.terms.data ?? [];
    expect(programs[0]?.value).toBe('VASP');
    expect(programs[0]?.count).toBeGreaterThan(80);
  });

  it('writes a mainfile and an archive for every seeded entry, so its pages open', async () => {
    const api = `${server.origin}${server.ctx.config.basePath}/api/v1`;
    const [doc] = (
      (await (
        await fetch(`${api}/entries/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ owner: 'public', pagination: { page_size: 1 } }),
        })
      ).json()) as { data: (Doc & { mainfile: string })[] }
    ).data;
    const archive = await fetch(`${api}/entries/${doc!.entry_id}/archive/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ required: '*' }),
    });
    expect(archive.status).toBe(200);
    const { data } = (await archive.json()) as {
      data: {
        archive: {
          metadata: Doc & { mainfile: string; files: string[] };
          run: unknown[];
          results: Doc['results'];
        };
      };
    };
    expect(data.archive.metadata).toMatchObject({
      entry_id: doc!.entry_id,
      mainfile: doc!.mainfile,
      files: [doc!.mainfile],
    });
    expect(data.archive.run).toEqual([
      { program: expect.objectContaining({ name: doc!.results.method.simulation.program_name }) },
    ]);
    expect(data.archive.results.material.elements).toEqual(doc!.results.material.elements);
    const raw = await fetch(`${api}/uploads/${doc!.upload_id}/raw/${doc!.mainfile}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toContain(doc!.results.method.simulation.program_name);
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
