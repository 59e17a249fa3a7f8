import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { GUI_BASE, type Env } from '../app/env.ts';
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
    // The session survives reloads but not closing the tab; the sign-in state only needs the redirect.
    // The prefix is fixed because session.ts looks for the stored session without this library.
    userStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: 'oidc.' }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal with the refresh token keeps the API cookie valid for plain download links.
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
}
