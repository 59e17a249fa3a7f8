import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { readEnv } from '../core/env.ts';
import { hasSessionHint, onOtherTabSession, rememberSession, SESSION_HINT_KEY } from './session.ts';
import { createUserManager } from './userManager.ts';

describe('session', () => {
  it('remembers for all tabs that the browser is logged in, without a token', () => {
    expect(hasSessionHint()).toBe(false);
    rememberSession(true);
    expect(hasSessionHint()).toBe(true);
    expect(Object.values(window.localStorage).join()).toBe('1');
    rememberSession(false);
    expect(hasSessionHint()).toBe(false);
  });

  it("tells of other tabs' logins and logouts", () => {
    const listener = vi.fn();
    const unsubscribe = onOtherTabSession(listener);
    const event = (key: string | null, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
    event(SESSION_HINT_KEY, '1');
    event(SESSION_HINT_KEY, null);
    event('unrelated', null);
    event(null, null);
    expect(listener.mock.calls).toEqual([[true], [false], [false]]);
    unsubscribe();
    event(SESSION_HINT_KEY, null);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the user of oidc-client-ts in memory, not in web storage', async () => {
    const env = readEnv({ appBase: 'http://oasis.test/nomad-oasis' }, 'http://oasis.test');
    const manager = createUserManager(env);
    const now = Math.floor(Date.now() / 1000);
    await manager.storeUser(
      new User({
        access_token: 'secret-token',
        token_type: 'Bearer',
        profile: { sub: 's', iss: 'i', aud: 'c', exp: now + 60, iat: now },
      }),
    );
    expect((await manager.getUser())?.access_token).toBe('secret-token');
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
    // A new page (a reload) has no user until it is restored.
    expect(await createUserManager(env).getUser()).toBeNull();
  });
});
