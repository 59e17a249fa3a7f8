import type { AppContext } from '../context.ts';
import { authenticateUser } from '../store/users.ts';
import type { KeyStore } from './keys.ts';
import { signAccessToken } from './tokens.ts';
import { oidcEndpoint } from './urls.ts';

/**
 * An access token for a username and password (NOMAD's `/auth/token`), or undefined for wrong credentials.
 * With an external Keycloak this is its password grant; the embedded provider signs the token itself.
 */
export const accessTokenForPassword = async (
  ctx: AppContext,
  keyStore: KeyStore,
  username: string,
  password: string,
): Promise<string | undefined> => {
  const { config } = ctx;
  if (config.keycloak.serverUrl) {
    const response = await fetch(oidcEndpoint(config, 'token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: config.keycloak.clientId,
        username,
        password,
      }),
    });
    if (response.status === 400 || response.status === 401) return undefined;
    if (!response.ok)
      throw new Error(`The identity provider answered the password grant with ${response.status}.`);
    const body = (await response.json()) as { access_token?: unknown };
    return typeof body.access_token === 'string' ? body.access_token : undefined;
  }
  const user = await authenticateUser(ctx.db, username, password);
  if (!user) return undefined;
  const { signing } = await keyStore.keys();
  return signAccessToken(config, signing, user, {
    clientId: config.keycloak.clientId,
    scope: 'openid profile email',
  });
};
