import { act, render, screen, waitFor } from '@testing-library/react';
import { ErrorResponse, User, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { EnvProvider } from '../core/EnvProvider.tsx';
import { readEnv } from '../core/env.ts';
import { AuthProvider, useAuth } from './AuthProvider.tsx';
import { hasSessionHint, rememberSession, SESSION_HINT_KEY } from './session.ts';
import { createUserManager } from './userManager.ts';

const ORIGIN = 'http://oasis.test';
const env = readEnv({ appBase: `${ORIGIN}/nomad-oasis` }, ORIGIN);

/** A manager holding a login (in memory) whose access token expires in `expiresIn` seconds. */
const loggedIn = async (expiresIn: number): Promise<UserManager> => {
  const manager = createUserManager(env, ORIGIN);
  const now = Math.floor(Date.now() / 1000);
  await manager.storeUser(
    new User({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      expires_at: now + expiresIn,
      profile: { sub: 'u-1', name: 'Jane Doe', iss: 'i', aud: 'c', exp: now + expiresIn, iat: now },
    }),
  );
  rememberSession(true);
  return manager;
};

function Status() {
  const { user, ready } = useAuth();
  if (!ready) return <p>checking</p>;
  return <p>{user ? `in as ${user.name}` : 'anonymous'}</p>;
}

const renderAuth = (manager: UserManager) =>
  render(
    <EnvProvider env={env}>
      <AuthProvider userManager={manager}>
        <Status />
      </AuthProvider>
    </EnvProvider>,
  );

/** What the browser raises in this tab when another tab changes local storage. */
const otherTab = (newValue: string | null) =>
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue, storageArea: window.localStorage }),
    );
  });

describe('AuthProvider', () => {
  it('logs this tab out when another tab logs out', async () => {
    const manager = await loggedIn(3600);
    renderAuth(manager);
    expect(await screen.findByText('in as Jane Doe')).toBeInTheDocument();
    window.localStorage.removeItem(SESSION_HINT_KEY);
    otherTab(null);
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(await manager.getUser()).toBeNull();
  });

  it('refreshes the token before it expires', async () => {
    // oidc-client-ts announces the expiry 60 s ahead: a token valid for 61 s is due for renewal at once.
    const manager = await loggedIn(61);
    const renewed = vi.spyOn(manager, 'signinSilent').mockResolvedValue(null);
    renderAuth(manager);
    expect(await screen.findByText('in as Jane Doe')).toBeInTheDocument();
    await waitFor(() => expect(renewed).toHaveBeenCalled());
    expect(screen.getByText('in as Jane Doe')).toBeInTheDocument();
  });

  it('logs out cleanly, every tab, when the provider refuses the refresh', async () => {
    const manager = await loggedIn(3600);
    renderAuth(manager);
    expect(await screen.findByText('in as Jane Doe')).toBeInTheDocument();
    await act(() => manager.events._raiseSilentRenewError(new ErrorResponse({ error: 'invalid_grant' })));
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(hasSessionHint()).toBe(false);
  });

  it('keeps the login when the provider merely did not answer a refresh', async () => {
    const manager = await loggedIn(3600);
    renderAuth(manager);
    expect(await screen.findByText('in as Jane Doe')).toBeInTheDocument();
    await act(() => manager.events._raiseSilentRenewError(new Error('network error')));
    expect(screen.getByText('in as Jane Doe')).toBeInTheDocument();
    expect(hasSessionHint()).toBe(true);
  });

  it('clears a token cookie left over when the browser is not logged in', async () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    render(
      <EnvProvider env={env}>
        <AuthProvider>
          <Status />
        </AuthProvider>
      </EnvProvider>,
    );
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(written).toHaveBeenCalledWith(
      expect.stringMatching(/^Authorization=; expires=Thu, 01 Jan 1970.*path=\/nomad-oasis\/api/),
    );
    written.mockRestore();
  });
});
