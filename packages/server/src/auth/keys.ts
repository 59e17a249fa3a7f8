import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Database, Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

export const SIGNING_ALG = 'RS256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

interface KeySet {
  signing: SigningKey;
  /** The public keys as the certs endpoint serves them (JWKS). */
  jwks: { keys: JWK[] };
}

/**
 * The server's own signing keys (embedded provider tokens, app tokens), loaded or created on first use.
 * Several nodes share them through the database; each reads them again after `KEYS_TTL_MS`, or at once
 * (`{ fresh: true }`) when a token names a key it does not know: another node rotated them.
 */
export interface KeyStore {
  keys(options?: { fresh?: boolean }): Promise<KeySet>;
}

const KEYS_TTL_MS = 30_000;
/** A token with an unknown key id makes a store read the keys again, at most this often. */
const FRESH_MIN_MS = 1000;

type KeyRow = Columns<'oidc_keys', 'kid' | 'private_jwk' | 'public_jwk'>;

/** Keys not yet retired, newest first: the newest signs, all of them verify. */
const selectKeys = async (db: Queryable) =>
  (
    await db.query<KeyRow & { signs: boolean }>(
      `SELECT kid, private_jwk, public_jwk, retire_at IS NULL AS signs FROM oidc_keys
       WHERE retire_at IS NULL OR retire_at > now() ORDER BY retire_at IS NULL DESC, created DESC, kid`,
    )
  ).rows;

/** A new key pair in the database, signing from now on; returns its kid. */
const insertKey = async (db: Queryable): Promise<string> => {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, {
    extractable: true,
    modulusLength: 2048,
  });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db.query('INSERT INTO oidc_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [
    kid,
    JSON.stringify(await exportJWK(privateKey)),
    JSON.stringify(publicJwk),
  ]);
  return kid;
};

/** Serialises key creation among nodes starting at once (transaction-scoped advisory lock). */
const lockKeys = (tx: Queryable) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('oidc_keys'))`);

/**
 * Rotation: a new key signs from now on; the old ones stop signing and stay in the key set for
 * `keepSeconds` (the longest lifetime of a token they signed), then retire. Returns the new kid.
 */
export const rotateKeys = (db: Database, keepSeconds: number): Promise<string> =>
  db.transaction(async (tx) => {
    await lockKeys(tx);
    await tx.query(
      `UPDATE oidc_keys SET retire_at = now() + make_interval(secs => $1) WHERE retire_at IS NULL`,
      [keepSeconds],
    );
    return insertKey(tx);
  });

/**
 * The key pair is generated at first start and kept in the database, so tokens stay valid across restarts
 * and every node signs with the same key.
 */
const loadKeys = async (db: Database): Promise<KeySet> => {
  let rows = await selectKeys(db);
  if (!rows.some((row) => row.signs)) {
    rows = await db.transaction(async (tx) => {
      await lockKeys(tx);
      if (!(await selectKeys(tx)).some((row) => row.signs)) await insertKey(tx);
      return selectKeys(tx);
    });
  }
  const first = rows[0];
  if (!first) throw new Error('No signing key could be stored.');
  const privateKey = await importJWK(first.private_jwk, SIGNING_ALG);
  if (privateKey instanceof Uint8Array) throw new Error('The stored signing key is not an RSA key.');
  return {
    signing: { kid: first.kid, privateKey },
    jwks: {
      keys: rows.map(({ kid, public_jwk: { kty, n, e } }) => ({
        kty,
        n,
        e,
        kid,
        alg: SIGNING_ALG,
        use: 'sig',
      })),
    },
  };
};

export const createKeyStore = (db: Database): KeyStore => {
  // Cached per store (one per app), not per module: tests run several servers in one process.
  let loading: Promise<KeySet> | undefined;
  let loadedAt = 0;
  return {
    keys(options = {}) {
      const age = Date.now() - loadedAt;
      if (loading && (age > KEYS_TTL_MS || (options.fresh && age > FRESH_MIN_MS))) loading = undefined;
      if (!loading) {
        loadedAt = Date.now();
        loading = loadKeys(db).catch((error: unknown) => {
          loading = undefined;
          throw error;
        });
      }
      return loading;
    },
  };
};
