import { ErrorResponse, User, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { restoreUser } from './restoreUser.ts';

const now = () => Math.floor(Date.now() / 1000);
const user = (expiresIn: number) =>
  new User({
    access_token: 'a',
    token_type: 'Bearer',
    expires_at: now() + expiresIn,
    profile: { sub: 's', iss: 'i', aud: 'c', exp: now() + expiresIn, iat: now() },
  });

/** The two calls restoreUser makes, answered as given. */
const manager = (current: User | null, silent: () => Promise<User | null>) => {
  const signinSilent = vi.fn(silent);
  const fake = { getUser: () => Promise.resolve(current), signinSilent };
  return { manager: fake as unknown as UserManager, signinSilent };
};

describe('restoreUser', () => {
  it('keeps the user of this page load', async () => {
    const current = user(300);
    const { manager: m, signinSilent } = manager(current, () => Promise.resolve(null));
    expect(await restoreUser(m, true)).toBe(current);
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it("after a reload signs in silently against the provider's session when the tab was logged in", async () => {
    const restored = user(300);
    const { manager: m, signinSilent } = manager(null, () => Promise.resolve(restored));
    expect(await restoreUser(m, true)).toBe(restored);
    expect(signinSilent).toHaveBeenCalledOnce();
  });

  it('is anonymous when the provider session has ended, or the tab was never logged in', async () => {
    const ended = manager(null, () => Promise.reject(new ErrorResponse({ error: 'login_required' })));
    expect(await restoreUser(ended.manager, true)).toBeNull();
    const never = manager(null, () => Promise.resolve(user(300)));
    expect(await restoreUser(never.manager, false)).toBeNull();
    expect(never.signinSilent).not.toHaveBeenCalled();
  });

  it('rejects when the provider did not answer, so that a login that may be alive is not ended', async () => {
    const unreachable = manager(null, () => Promise.reject(new Error('Frame window timed out')));
    await expect(restoreUser(unreachable.manager, true)).rejects.toThrow('timed out');
  });

  it('renews an expired user of this page load', async () => {
    const renewed = user(300);
    const { manager: m } = manager(user(-10), () => Promise.resolve(renewed));
    expect(await restoreUser(m, false)).toBe(renewed);
  });
});
