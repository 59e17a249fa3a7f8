import { SignJWT, createLocalJWKSet, errors, jwtVerify } from 'jose';
import type { OasisConfig } from '../config/config.ts';
import { unauthorized } from '../errors.ts';
import { SIGNING_ALG, type KeyStore } from './keys.ts';
import { appTokenIssuer } from './urls.ts';

/**
 * Upload tokens: what NOMAD prints into its shell upload commands (`POST /uploads?token=...`). Signed by
 * this server's key for one user, they open nothing but creating uploads (POST /uploads): the bearer
 * verifier refuses their type, so a leaked command cannot read or change data. They expire after 30 days.
 */
const UPLOAD_TOKEN_LIFETIME = 30 * 24 * 3600;

const UPLOAD_TOKEN_TYPE = 'UploadToken';

export const signUploadToken = async (config: OasisConfig, keyStore: KeyStore, userId: string) => {
  const { signing } = await keyStore.keys();
  return new SignJWT({ typ: UPLOAD_TOKEN_TYPE })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: signing.kid })
    .setIssuer(appTokenIssuer(config))
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${UPLOAD_TOKEN_LIFETIME}s`)
    .sign(signing.privateKey);
};

/** The user id an upload token stands for; a 401 with a clear text for any other token. */
export const verifyUploadToken = async (
  config: OasisConfig,
  keyStore: KeyStore,
  token: string,
): Promise<string> => {
  const { jwks } = await keyStore.keys();
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: appTokenIssuer(config),
      algorithms: [SIGNING_ALG],
      clockTolerance: 10,
    });
    if (payload.typ === UPLOAD_TOKEN_TYPE && payload.sub) return payload.sub;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw unauthorized('The upload token has expired. Copy a new upload command from the uploads page.');
    }
  }
  throw unauthorized('Invalid upload token: copy the upload command from the uploads page again.');
};
