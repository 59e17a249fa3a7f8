import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Queryable } from '../db/database.ts';

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

/** The server's own signing keys (embedded provider tokens, app tokens), loaded or created on first use. */
export interface KeyStore {
  keys(): Promise<KeySet>;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

const selectKeys = async (db: Queryable) =>
  (await db.query<KeyRow>('SELECT kid, private_jwk, public_jwk FROM oidc_keys ORDER BY created, kid')).rows;

/**
 * The key pair is generated at first start and kept in the database, so tokens stay valid across restarts.
 * When two loaders race at first start, both insert and both then sign with the oldest key.
 */
const loadKeys = async (db: Queryable): Promise<KeySet> => {
  let rows = await selectKeys(db);
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, {
      extractable: true,
      modulusLength: 2048,
    });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.query(
      'INSERT INTO oidc_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING',
      [kid, JSON.stringify(await exportJWK(privateKey)), JSON.stringify(publicJwk)],
    );
    rows = await selectKeys(db);
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

export const createKeyStore = (db: Queryable): KeyStore => {
  // Cached per store (one per app), not per module: tests run several servers in one process.
  let loading: Promise<KeySet> | undefined;
  return {
    keys() {
      loading ??= loadKeys(db).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
};
