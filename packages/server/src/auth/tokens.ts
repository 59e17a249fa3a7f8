import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { OasisConfig } from '../config/config.ts';
import { fullName, type UserRecord } from '../store/users.ts';
import { SIGNING_ALG, type SigningKey } from './keys.ts';
import { appTokenIssuer, realmIssuer } from './urls.ts';

/** Access tokens live 5 minutes, as Keycloak's default; clients renew them with the refresh token. */
export const ACCESS_TOKEN_LIFETIME = 300;

type TokenUser = Pick<UserRecord, 'user_id' | 'username' | 'first_name' | 'last_name' | 'email'>;

/** The profile claims Keycloak puts into its tokens, so consumers of either read the same names. */
const profileClaims = (user: TokenUser) => ({
  preferred_username: user.username,
  name: fullName(user),
  given_name: user.first_name,
  family_name: user.last_name,
  ...(user.email ? { email: user.email } : {}),
});

const sign = (claims: Record<string, unknown>, key: SigningKey) =>
  new SignJWT(claims).setProtectedHeader({ alg: SIGNING_ALG, typ: 'JWT', kid: key.kid });

export interface AccessTokenOptions {
  clientId: string;
  scope: string;
  /** The SSO session the token belongs to (Keycloak's `sid`). */
  sid?: string;
}

export const signAccessToken = (
  config: OasisConfig,
  key: SigningKey,
  user: TokenUser,
  options: AccessTokenOptions,
) =>
  sign(
    {
      typ: 'Bearer',
      azp: options.clientId,
      scope: options.scope,
      ...(options.sid ? { sid: options.sid } : {}),
      ...profileClaims(user),
    },
    key,
  )
    .setIssuer(realmIssuer(config))
    .setSubject(user.user_id)
    .setAudience('account')
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_LIFETIME}s`)
    .sign(key.privateKey);

export interface IdTokenOptions {
  clientId: string;
  sid?: string;
  nonce?: string;
}

export const signIdToken = (config: OasisConfig, key: SigningKey, user: TokenUser, options: IdTokenOptions) =>
  sign(
    {
      typ: 'ID',
      azp: options.clientId,
      ...(options.sid ? { sid: options.sid } : {}),
      ...(options.nonce ? { nonce: options.nonce } : {}),
      ...profileClaims(user),
    },
    key,
  )
    .setIssuer(realmIssuer(config))
    .setSubject(user.user_id)
    .setAudience(options.clientId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_LIFETIME}s`)
    .sign(key.privateKey);

export interface RefreshTokenOptions {
  clientId: string;
  scope: string;
  sid?: string;
  /** Random; its hash keys the token's row, which rotation and logout revoke. */
  jti: string;
  expiresIn: number;
}

/**
 * Refresh tokens are JWTs as Keycloak's (keycloak-js decodes them and reads `exp`), typed `Refresh` and with
 * the realm as audience, so neither the API nor userinfo (both want typ `Bearer`) take one as access token.
 */
export const signRefreshToken = (
  config: OasisConfig,
  key: SigningKey,
  user: Pick<UserRecord, 'user_id'>,
  options: RefreshTokenOptions,
) =>
  sign(
    {
      typ: 'Refresh',
      azp: options.clientId,
      scope: options.scope,
      ...(options.sid ? { sid: options.sid } : {}),
    },
    key,
  )
    .setIssuer(realmIssuer(config))
    .setSubject(user.user_id)
    .setAudience(realmIssuer(config))
    .setJti(options.jti)
    .setIssuedAt()
    .setExpirationTime(`${options.expiresIn}s`)
    .sign(key.privateKey);

/**
 * Long-lived tokens for scripts (NOMAD's app tokens). Signed by this server's key with their own issuer, so
 * they work also when users log in through an external Keycloak. `tokenId` (the jti) names the token's row,
 * without which the verifier refuses it (revocation).
 */
export const signAppToken = (
  config: OasisConfig,
  key: SigningKey,
  user: TokenUser,
  options: { tokenId: string; expiresIn: number },
) =>
  sign({ typ: 'AppToken', preferred_username: user.username }, key)
    .setIssuer(appTokenIssuer(config))
    .setSubject(user.user_id)
    .setJti(options.tokenId)
    .setIssuedAt()
    .setExpirationTime(`${options.expiresIn}s`)
    .sign(key.privateKey);
