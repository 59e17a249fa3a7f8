import { compactVerify, decodeJwt } from 'jose';
import type { OasisConfig } from '../../config/config.ts';
import { SIGNING_ALG, type KeyStore } from '../keys.ts';
import { realmIssuer } from '../urls.ts';
import { withCurrentKeys } from './token-check.ts';

/** Whom an `id_token_hint` of a logout request names: the user, and the session it was issued in. */
interface IdTokenHint {
  sub: string;
  sid?: string;
}

/**
 * Verifies an ID token this provider issued to its client, as the hint of an RP-initiated logout. Only the
 * signature and claims are checked, not the expiry: OpenID Connect RP-Initiated Logout asks providers to
 * accept expired ID tokens as hints, and a client's ID token is usually older than 5 minutes at logout.
 */
export const verifyIdTokenHint = async (
  config: OasisConfig,
  keyStore: KeyStore,
  token: string,
): Promise<IdTokenHint | undefined> => {
  try {
    await withCurrentKeys(keyStore, (jwks) => compactVerify(token, jwks, { algorithms: [SIGNING_ALG] }));
    const claims = decodeJwt(token);
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (
      claims.iss !== realmIssuer(config) ||
      claims.typ !== 'ID' ||
      !audience.includes(config.keycloak.clientId) ||
      typeof claims.sub !== 'string'
    )
      return undefined;
    return { sub: claims.sub, ...(typeof claims.sid === 'string' ? { sid: claims.sid } : {}) };
  } catch {
    return undefined;
  }
};
