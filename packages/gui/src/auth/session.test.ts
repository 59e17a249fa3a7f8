import { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../app/env.ts';
import { hasStoredSession } from './session.ts';
import { createUserManager } from './userManager.ts';

describe('hasStoredSession', () => {
  it('finds the session exactly where oidc-client-ts stores it', async () => {
    const env = readEnv({ appBase: 'http://oasis.test/nomad-oasis' }, 'http://oasis.test');
    expect(hasStoredSession(env)).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    await createUserManager(env).storeUser(
      new User({
        access_token: 'a',
        token_type: 'Bearer',
        profile: { sub: 's', iss: 'i', aud: 'c', exp: now, iat: now },
      }),
    );
    expect(hasStoredSession(env)).toBe(true);
  });
});
