import { User } from 'oidc-client-ts';

const AUTHORITY = 'http://oasis.test/nomad-oasis/auth/realms/oasis';

/** For tests: stores a logged-in session where oidc-client-ts looks for it. */
export function storeTestSession(sub = 'author') {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    scope: 'openid profile email',
    expires_at: now + 3600,
    profile: { sub, name: 'Jane Doe', iss: AUTHORITY, aud: 'nomad_public', exp: now + 3600, iat: now },
  });
  window.sessionStorage.setItem(`oidc.user:${AUTHORITY}:nomad_public`, user.toStorageString());
}
