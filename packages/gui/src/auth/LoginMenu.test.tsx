import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/testing.tsx';
import { answerOf, minimalResponse } from '../api/contractCheckedFetch.ts';

const AUTHORITY = 'http://oasis.test/nomad-oasis/auth/realms/oasis';

describe('login menu', () => {
  it("shows 'Welcome' with the user's name linking to the account page, and Logout", async () => {
    const { fetch } = renderApp('/about/information', {}, undefined, { loggedInAs: 'u-1' });
    const name = await screen.findByRole('link', { name: 'Jane Doe' });
    expect(name).toHaveAttribute('href', `${AUTHORITY}/account`);
    expect(name.parentElement).toHaveTextContent('Welcome Jane Doe');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login / Register' })).not.toBeInTheDocument();
    // API requests carry the token.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('keeps the token out of web storage', async () => {
    renderApp('/about/information', {}, undefined, { loggedInAs: 'u-1' });
    await screen.findByRole('link', { name: 'Jane Doe' });
    const stored = [window.sessionStorage, window.localStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => storage.getItem(key) ?? ''),
    );
    expect(stored.filter((value) => value.includes('access-1'))).toEqual([]);
  });

  it('denies access in global-login mode when users/me fails', async () => {
    renderApp(
      '/about/information',
      { globalLoginRequired: true },
      (url, method) =>
        url.endsWith('/users/me')
          ? new Response('{"detail": "no"}', { status: 401 })
          : minimalResponse(method, url),
      { loggedInAs: 'u-1' },
    );
    expect(
      await screen.findByText(
        'You are not allowed to access this NOMAD installation. Please logout and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('lets an accepted user in, in global-login mode', async () => {
    renderApp(
      '/about/information',
      { globalLoginRequired: true },
      (url, method) =>
        url.endsWith('/users/me')
          ? answerOf('usersMe', { user_id: 'u-1', name: 'Jane Doe' })
          : minimalResponse(method, url),
      { loggedInAs: 'u-1' },
    );
    expect(await screen.findByRole('heading', { name: 'NOMAD Oasis' })).toBeInTheDocument();
  });
});
