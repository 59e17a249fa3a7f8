import { screen } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/testing.tsx';

const AUTHORITY = 'http://oasis.test/nomad-oasis/auth/realms/oasis';

/** Puts a logged-in session where oidc-client-ts keeps it, as after a completed sign-in. */
function storeSession() {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    scope: 'openid profile email',
    expires_at: now + 3600,
    profile: { sub: 'u-1', name: 'Jane Doe', iss: AUTHORITY, aud: 'nomad_public', exp: now + 3600, iat: now },
  });
  window.sessionStorage.setItem(`oidc.user:${AUTHORITY}:nomad_public`, user.toStorageString());
}

describe('login menu', () => {
  it("shows 'Welcome' with the user's name linking to the account page, and Logout", async () => {
    storeSession();
    const { fetch } = renderApp('/about/information');
    const name = await screen.findByRole('link', { name: 'Jane Doe' });
    expect(name).toHaveAttribute('href', `${AUTHORITY}/account`);
    expect(name.parentElement).toHaveTextContent('Welcome Jane Doe');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login / Register' })).not.toBeInTheDocument();
    // API requests carry the stored token.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('denies access in global-login mode when users/me fails', async () => {
    storeSession();
    renderApp('/about/information', { globalLoginRequired: true }, (url) =>
      url.endsWith('/users/me') ? new Response('{"detail": "no"}', { status: 401 }) : new Response('{}'),
    );
    expect(
      await screen.findByText(
        'You are not allowed to access this NOMAD installation. Please logout and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('lets an accepted user in, in global-login mode', async () => {
    storeSession();
    renderApp('/about/information', { globalLoginRequired: true }, (url) =>
      url.endsWith('/users/me') ? new Response('{"user_id": "u-1", "name": "Jane Doe"}') : new Response('{}'),
    );
    expect(await screen.findByRole('heading', { name: 'NOMAD Oasis' })).toBeInTheDocument();
  });
});
