// Every search request NOMAD's GUI sent in the recordings, sent to this server over seeded entries: each
// must be accepted where NOMAD accepted it and answered in the contract's shape.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { findOperation, operations } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { as } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

const recordings = path.resolve(import.meta.dirname, '../../../../../shared/nomad-reference/recordings');
const available = existsSync(recordings);
if (!available) console.warn(`Skipping the recorded search requests: ${recordings} not found.`);

interface Recorded {
  request: { url: string; method: string; body?: unknown };
  response: { status: number };
}

const SEARCH_PATHS = ['entries/query', 'materials/query', 'suggestions'];

const recordedSearches = () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : name.endsWith('.json') ? [full] : [];
    });
  return files(recordings).flatMap((file) =>
    Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Recorded[]>)
      .flat()
      .map((call) => ({
        ...call,
        file: path.basename(file),
        path: new URL(call.request.url).pathname.replace(/^.*\/api\/v1\//, ''),
      }))
      .filter((call) => call.request.method === 'POST' && SEARCH_PATHS.includes(call.path)),
  );
};

describe.skipIf(!available)('recorded NOMAD search requests', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    await seedUploads(server.ctx.db, {
      seed: 11,
      uploads: 2,
      entriesPerUpload: 50,
      from: '2021-01-01T00:00:00Z',
    });
    token = await createUserWithToken(server, 'recorder');
  }, 120_000);
  afterAll(async () => server?.close());

  it('accepts each one NOMAD accepted and answers in the contract shape', async () => {
    const calls = recordedSearches();
    expect(calls.length).toBeGreaterThan(800);
    const failures: string[] = [];
    for (const call of calls) {
      const response = await fetch(
        `${server.api}/${call.path}`,
        as(token, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call.request.body),
        }),
      );
      const body: unknown = await response.json();
      const where = `${call.file} ${call.path}`;
      if (response.status < 300 !== call.response.status < 300) {
        failures.push(
          `${where}: ${response.status} (NOMAD ${call.response.status}) ${JSON.stringify(body).slice(0, 200)}`,
        );
        continue;
      }
      const found = findOperation('POST', call.path);
      const schema = found && operations[found.name].response;
      if (response.status < 300 && schema && !Value.Check(schema, body))
        failures.push(`${where}: ${Value.Errors(schema, body).First()?.message}`);
    }
    expect([...new Set(failures)]).toEqual([]);
  }, 300_000);
});
