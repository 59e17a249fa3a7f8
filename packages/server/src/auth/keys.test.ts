import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../testing/database.ts';
import { createKeyStore } from './keys.ts';

describe('signing keys', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMigratedDatabase();
  });
  afterAll(async () => db?.close());

  it('creates one key at first use and keeps it for later stores (restarts)', async () => {
    const [a, b] = await Promise.all([createKeyStore(db).keys(), createKeyStore(db).keys()]);
    expect(a.signing.kid).toBe(b.signing.kid);
    const later = await createKeyStore(db).keys();
    expect(later.signing.kid).toBe(a.signing.kid);
    expect(later.jwks.keys.map((k) => k.kid)).toContain(a.signing.kid);
    expect(later.jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });
});
