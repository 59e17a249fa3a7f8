import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing.tsx';
import { entriesAppEnv, searchBodies, searchServer } from './testServer.ts';

describe('UserSearchPage', () => {
  it('asks anonymous visitors to login', async () => {
    const rendered = renderApp(
      '/user/search',
      entriesAppEnv,
      searchServer(() => rendered.fetch),
    );
    expect(await screen.findByText('Please login to search your data.')).toBeInTheDocument();
    expect(searchBodies(rendered.fetch)).toEqual([]);
  });

  it("searches the user's own data, whatever visibility the URL names", async () => {
    const rendered = renderApp(
      '/user/search?visibility=public',
      entriesAppEnv,
      searchServer(() => rendered.fetch),
      {
        loggedInAs: 'author',
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    await waitFor(() => expect(searchBodies(rendered.fetch).length).toBeGreaterThan(0));
    expect(searchBodies(rendered.fetch).every((body) => body.owner === 'user')).toBe(true);
    // The visibility menu item shows the locked scope.
    expect(screen.getByRole('radio', { name: 'User' })).toBeChecked();
  });
});
