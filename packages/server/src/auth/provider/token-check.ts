import { createLocalJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { OasisConfig } from '../../config/config.ts';
import { SIGNING_ALG, type KeyStore } from '../keys.ts';
import { realmIssuer } from '../urls.ts';

/** The token of an `Authorization: Bearer` header (keycloak-js writes the scheme in lower case). */
export const bearerToken = (authorization: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/**
 * Runs a verification with the provider's public keys, once more with keys read afresh when the token names
 * a key this node does not know yet (another node has rotated them).
 */
export const withCurrentKeys = async <T>(
  keyStore: KeyStore,
  verify: (jwks: ReturnType<typeof createLocalJWKSet>) => Promise<T>,
): Promise<T> => {
  const run = async (fresh: boolean) => {
    const { jwks } = await keyStore.keys({ fresh });
    return verify(createLocalJWKSet(jwks));
  };
  return run(false).catch((error: unknown) => {
    if (error instanceof errors.JWKSNoMatchingKey) return run(true);
    throw error;
  });
};

/**
 * A live token this provider signed, of the given type: access tokens (`Bearer`) for userinfo and the account
 * profile, refresh tokens (`Refresh`) for the token endpoint. All are signed by the same keys, so the type is
 * what keeps one kind from being used as the other.
 */
export const verifyProviderToken = async (
  config: OasisConfig,
  keyStore: KeyStore,
  token: string,
  typ: 'Bearer' | 'Refresh',
): Promise<(JWTPayload & { sub: string }) | undefined> => {
  const payload = await withCurrentKeys(keyStore, (jwks) =>
    jwtVerify(token, jwks, { issuer: realmIssuer(config), algorithms: [SIGNING_ALG] }),
  ).then(
    (result) => result.payload,
    () => undefined,
  );
  if (!payload || payload.typ !== typ || typeof payload.sub !== 'string' || !payload.sub) return undefined;
  return { ...payload, sub: payload.sub };
};
