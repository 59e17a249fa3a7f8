import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { GUI_BASE, type Env } from '../core/env.ts';
import { realmUrl } from './session.ts';

/** Authorization code flow with PKCE against the configured provider. */
export function createUserManager(env: Env, origin: string = window.location.origin): UserManager {
  return new UserManager({
    authority: realmUrl(env),
    client_id: env.keycloakClientId,
    redirect_uri: `${origin}${GUI_BASE}/auth/callback`,
    post_logout_redirect_uri: `${origin}${GUI_BASE}/about/information`,
    response_type: 'code',
    scope: 'openid profile email',
    // Tokens live in memory only: a script that gets onto this origin finds none in web storage. After a
    // reload the login is restored by a silent sign-in against the provider's session (an HttpOnly
    // cookie), see restoreUser.ts.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // Only the transient sign-in state (state, PKCE verifier), which must survive the redirect.
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal with the refresh token keeps the API cookie valid for plain download links.
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
}
