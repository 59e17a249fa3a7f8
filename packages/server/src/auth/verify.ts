import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { appTokenRecorded } from '../store/app-tokens.ts';
import { findUserById, upsertUserFromClaims } from '../store/users.ts';
import { toCurrentUser } from './account.ts';
import type { CurrentUser } from './current-user.ts';
import { SIGNING_ALG, type KeyStore } from './keys.ts';
import { appTokenIssuer, oidcEndpoint, realmIssuer } from './urls.ts';

/** Turns a bearer token into the user it stands for; throws a 401 HttpError with a clear message otherwise. */
export interface TokenVerifier {
  verify(token: string): Promise<CurrentUser>;
}

const invalid = () =>
  unauthorized('Invalid token: its signature or claims could not be verified. Please log in again.');

const revokedAppToken = () =>
  unauthorized('The app token has been revoked. Request a new one on the APIs page or with /auth/app_token.');

const stringClaim = (payload: JWTPayload, name: string): string | undefined =>
  typeof payload[name] === 'string' ? payload[name] : undefined;

export const createTokenVerifier = (ctx: AppContext, keyStore: KeyStore): TokenVerifier => {
  const { config, db } = ctx;
  const external = config.keycloak.serverUrl !== undefined;
  // jose caches the remote key set and refetches it when a token names an unknown kid (key rotation).
  const remoteJwks = external ? createRemoteJWKSet(new URL(oidcEndpoint(config, 'certs'))) : undefined;

  const verifySignature = async (token: string, issuer: string, local: boolean) => {
    try {
      const options = { issuer, algorithms: [SIGNING_ALG], clockTolerance: 10 };
      if (local || !remoteJwks) {
        const verifyWith = async (fresh: boolean) =>
          (await jwtVerify(token, createLocalJWKSet((await keyStore.keys({ fresh })).jwks), options)).payload;
        // A key this node has not read yet: another node has rotated the keys.
        return await verifyWith(false).catch((error: unknown) => {
          if (error instanceof errors.JWKSNoMatchingKey) return verifyWith(true);
          throw error;
        });
      }
      return (await jwtVerify(token, remoteJwks, options)).payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw unauthorized('The token has expired. Please log in again.');
      throw invalid();
    }
  };

  return {
    async verify(token) {
      let issuer: string | undefined;
      try {
        issuer = decodeJwt(token).iss;
      } catch {
        throw unauthorized('Invalid token: not a JSON Web Token.');
      }
      if (issuer === appTokenIssuer(config)) {
        const payload = await verifySignature(token, issuer, true);
        if (payload.typ !== 'AppToken' || !payload.sub) throw invalid();
        if (!payload.jti || !(await appTokenRecorded(db, payload.jti, payload.sub))) throw revokedAppToken();
        const user = await findUserById(db, payload.sub);
        if (!user) throw unauthorized('The user of this token does not exist.');
        return toCurrentUser(user, { appToken: true });
      }
      if (issuer !== realmIssuer(config)) {
        throw unauthorized('Invalid token: it was not issued by the identity provider of this installation.');
      }
      const payload = await verifySignature(token, issuer, !external);
      // ID tokens are signed by the same key; only access tokens open the API.
      if (payload.typ !== 'Bearer' || !payload.sub) throw invalid();
      if (!external) {
        const user = await findUserById(db, payload.sub);
        if (!user) throw unauthorized('The user of this token does not exist.');
        return toCurrentUser(user);
      }
      const user = await upsertUserFromClaims(db, {
        sub: payload.sub,
        preferred_username: stringClaim(payload, 'preferred_username'),
        email: stringClaim(payload, 'email'),
        given_name: stringClaim(payload, 'given_name'),
        family_name: stringClaim(payload, 'family_name'),
      });
      return toCurrentUser(user);
    },
  };
};
