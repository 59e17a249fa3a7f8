import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../testing/database.ts';
import { SignJWT, createLocalJWKSet, jwtVerify } from 'jose';
import { createKeyStore, rotateKeys } from './keys.ts';

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

  it('creates a single key when several nodes start at once on an empty database', async () => {
    const fresh = await openMigratedDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => createKeyStore(fresh).keys()));
    expect(new Set(stores.map((set) => set.signing.kid)).size).toBe(1);
    expect((await fresh.query('SELECT kid FROM oidc_keys')).rows).toHaveLength(1);
    await fresh.close();
  });

  it('rotates: the new key signs, the old one verifies until it retires, other nodes learn of it', async () => {
    const node = createKeyStore(db);
    const before = await node.keys();
    const sign = (key: typeof before.signing) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setExpirationTime('1h')
        .sign(key.privateKey);
    const oldToken = await sign(before.signing);
    const newKid = await rotateKeys(db, 3600);
    const other = createKeyStore(db);
    const after = await other.keys();
    expect(after.signing.kid).toBe(newKid);
    expect(after.jwks.keys.map((k) => k.kid).sort()).toEqual([before.signing.kid, newKid].sort());
    // The node that read the keys before the rotation still has the old set; a token of the new key makes
    // it read them again.
    expect((await node.keys()).signing.kid).toBe(before.signing.kid);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await node.keys({ fresh: true })).jwks.keys.map((k) => k.kid)).toContain(newKid);
    await jwtVerify(oldToken, createLocalJWKSet(after.jwks));
    // Retired: gone from the key set.
    await db.query(`UPDATE oidc_keys SET retire_at = now() - interval '1 second' WHERE kid = $1`, [
      before.signing.kid,
    ]);
    const retired = await createKeyStore(db).keys();
    expect(retired.jwks.keys.map((k) => k.kid)).toEqual([newKid]);
    await expect(jwtVerify(oldToken, createLocalJWKSet(retired.jwks))).rejects.toThrow();
  });
});
