import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../auth/keys.ts';
import { loadConfig } from '../config/config.ts';
import { withDatabase } from './database.ts';
import { runCli } from './run.ts';

describe('oasis keys rotate', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-keys-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = () => loadConfig({ OASIS_DATA_DIR: dataDir, OASIS_CONFIG: '', OASIS_DATABASE_URL: '' });
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    return { code: await runCli(['keys', ...args], { io, config }), output: lines.join('\n') };
  };

  it('makes a new signing key and retires the old one after the days given', async () => {
    const before = await withDatabase(config(), async (db) => (await createKeyStore(db).keys()).signing.kid);
    const { code, output } = await run(['rotate', '--keep-days', '2']);
    expect(code).toBe(0);
    const kid = /New signing key (\S+);/.exec(output)?.[1];
    const rows = await withDatabase(config(), async (db) => {
      const keys = await createKeyStore(db).keys();
      expect(keys.signing.kid).toBe(kid);
      expect(keys.jwks.keys.map((key) => key.kid).sort()).toEqual([before, kid].sort());
      return (
        await db.query<{ kid: string; days: number | null }>(
          `SELECT kid, round(extract(epoch FROM retire_at - now()) / 86400)::int AS days FROM oidc_keys`,
        )
      ).rows;
    });
    expect(rows.find((row) => row.kid === before)?.days).toBe(2);
    expect(rows.find((row) => row.kid === kid)?.days).toBeNull();
  });

  it('refuses unknown actions and bad day counts', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['renew'])).code).toBe(2);
    expect((await run(['rotate', '--keep-days', '-1'])).code).toBe(2);
  });
});
