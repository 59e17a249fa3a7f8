import { ELECTRON_VOLT } from '@oasis/chem';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.ts';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import { startServer, type RunningServer } from '../server.ts';

const gap = 'results.properties.electronic.band_structure_electronic.band_gap.value';

const configFor = (dataDir: string): OasisConfig =>
  loadConfig({ OASIS_DATA_DIR: dataDir, OASIS_CONFIG: '' }, { port: 0, host: '127.0.0.1' });

interface Doc {
  results?: {
    properties?: {
      electronic?: { band_structure_electronic?: Array<{ band_gap?: Array<{ value: number }> }> };
    };
  };
}

describe('search values with units', () => {
  let dataDir: string;
  let server: RunningServer;
  let docs: Doc[];

  const search = async (query: unknown) => {
    const api = `${server.origin}${server.ctx.config.basePath}/api/v1`;
    const response = await fetch(`${api}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: 'public', query, pagination: { page_size: 100 } }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const total = (body: Record<string, unknown>) => (body.pagination as { total: number }).total;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-units-'));
    const io = { out: () => undefined, err: () => undefined };
    const code = await runCli(['seed', '--entries', '60', '--seed', '7'], {
      io,
      config: () => configFor(dataDir),
    });
    expect(code).toBe(0);
    server = await startServer(configFor(dataDir), { checkResponses: true });
    docs = (await search(null)).body.data as Doc[];
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a band-gap bound in eV and finds what the same bound in joule finds', async () => {
    // Expected from the served documents, whose values are in joule: some channel at or above 1.5 eV.
    const expected = docs.filter((doc) =>
      (doc.results?.properties?.electronic?.band_structure_electronic ?? [])
        .flatMap((bands) => bands.band_gap ?? [])
        .some((g) => g.value >= 1.5 * ELECTRON_VOLT),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(docs.length);

    const inEv = await search({ [gap]: { gte: '1.5 eV' } });
    expect(inEv.status).toBe(200);
    expect(total(inEv.body)).toBe(expected);
    expect(total((await search({ [`${gap}:gte`]: '1500 meV' })).body)).toBe(expected);
    expect(total((await search({ [gap]: { gte: 1.5 * ELECTRON_VOLT } })).body)).toBe(expected);
  });

  it('answers a unit of the wrong dimension with 422 and the reason', async () => {
    const { status, body } = await search({ [gap]: { lt: '3 Å' } });
    expect(status).toBe(422);
    expect(JSON.stringify(body.detail)).toContain(
      'Unit \\"Å\\" is incompatible with dimension \\"energy\\".',
    );
    expect((await search({ [gap]: { lt: '3 parsecs' } })).status).toBe(422);
  });
});
