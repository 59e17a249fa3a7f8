import { isoDay, lastAppTokenDay } from '@oasis/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

const APP = 'http://oasis.test/nomad-oasis';
const ownApis = {
  apis: {
    docs: `${APP}/api/v1/docs`,
    openapi: `${APP}/api/v1/openapi.json`,
    optimade: `${APP}/optimade/v1/`,
    dcat: `${APP}/dcat/`,
  },
};
const TOKENS = [
  { token_id: 'tok-2', created: '2025-01-02T10:00:00+00:00', expires_at: '2025-01-30T22:59:59+00:00' },
  { token_id: 'tok-1', created: '2025-01-01T10:00:00+00:00', expires_at: '2025-01-20T22:59:59+00:00' },
];

function server(url: string, method: string): Response {
  const { pathname, searchParams } = new URL(url);
  if (pathname.endsWith('/auth/app_token')) {
    if (Number(searchParams.get('expires_in')) > 2592000) {
      const detail = [
        { loc: ['query', 'expires_in'], msg: 'too long', type: 'x', ctx: { limit_value: 86400 * 5 } },
      ];
      return new Response(JSON.stringify({ detail }), { status: 422 });
    }
    return answerOf('authAppToken', { app_token: 'header.payload.signature' });
  }
  if (pathname.endsWith('/auth/app_tokens') && method === 'GET')
    return answerOf('authAppTokens', { data: TOKENS });
  if (pathname.endsWith('/auth/app_tokens/tok-1')) return answerOf('authAppTokenRevoke', TOKENS[1]!);
  return minimalResponse(method, url);
}

const calls = (fetch: ReturnType<typeof renderApp>['fetch'], method: string, suffix: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input)).pathname.endsWith(suffix),
    )
    .map(([input]) => new URL(String(input)));

describe('ApisPage', () => {
  it("lists the installation's APIs with their docs and asks anonymous visitors to log in for a token", async () => {
    renderApp('/analyze/apis', ownApis);
    const own = await screen.findByRole('region', { name: 'NOMAD API' });
    expect(within(own).getByText(`${APP}/api/v1`)).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'API dashboard' })).toHaveAttribute(
      'href',
      `${APP}/api/v1/docs`,
    );
    expect(within(own).getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
      'href',
      `${APP}/api/v1/openapi.json`,
    );
    expect(within(own).getByText('You have to login to use this functionality.')).toBeInTheDocument();
    expect(within(own).queryByLabelText('App token expires after')).not.toBeInTheDocument();
    const optimade = screen.getByRole('region', { name: 'OPTIMADE' });
    expect(within(optimade).getByRole('link', { name: 'Server information (/info)' })).toHaveAttribute(
      'href',
      `${APP}/optimade/v1/info`,
    );
    const dcat = screen.getByRole('region', { name: 'DCAT' });
    expect(within(dcat).getByRole('link', { name: 'Catalogue in Turtle' })).toHaveAttribute(
      'href',
      `${APP}/dcat/catalog/?format=turtle`,
    );
    expect(screen.queryByRole('region', { name: 'Resources' })).not.toBeInTheDocument();
  });

  it("shows NOMAD's catalogue-vocabulary and resources APIs for a config without API links", async () => {
    renderApp('/analyze/apis');
    expect(await screen.findByRole('region', { name: 'DCAT' })).toHaveTextContent(`${APP}/dcat/`);
    expect(screen.getByRole('region', { name: 'Resources' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API dashboard' })).toHaveAttribute(
      'href',
      `${APP}/api/v1/extensions/docs`,
    );
  });

  it('creates an app token up to the configured day, shows it to copy, lists and revokes tokens', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp('/analyze/apis', { ...ownApis, appTokenMaxExpiresIn: 86400 * 10 }, server, {
      loggedInAs: 'author',
    });
    const day = await screen.findByLabelText('App token expires after');
    const lastDay = isoDay(lastAppTokenDay(86400 * 10, new Date()));
    expect(day).toHaveValue(lastDay);
    expect(day).toHaveAttribute('max', lastDay);
    expect(day).toHaveAttribute('min', isoDay(new Date()));

    const table = await screen.findByRole('table', { name: 'Your app tokens' });
    expect(within(table).getByText('tok-2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create app token' }));
    expect(await screen.findByLabelText('App token')).toHaveValue('header.payload.signature');
    const expiresIn = Number(calls(fetch, 'GET', '/auth/app_token')[0]?.searchParams.get('expires_in'));
    expect(expiresIn).toBeGreaterThan(86400 * 8);
    expect(expiresIn).toBeLessThanOrEqual(86400 * 10);
    await waitFor(() => expect(calls(fetch, 'GET', '/auth/app_tokens')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Copy token to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe('header.payload.signature');

    await user.click(within(table).getByRole('button', { name: 'revoke token tok-1' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', '/auth/app_tokens/tok-1')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Revoke all app tokens' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', '/auth/app_tokens')).toHaveLength(1));
  });

  it("says the server's limit in NOMAD's words when the day is too late", async () => {
    const user = userEvent.setup();
    renderApp('/analyze/apis', ownApis, server, { loggedInAs: 'author' });
    const day = await screen.findByLabelText('App token expires after');
    fireEvent.change(day, { target: { value: '2999-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Create app token' }));
    expect(
      await screen.findByText(/^Choose not later than \d{4}-\d\d-\d\d \(in 4 days\)\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('App token')).not.toBeInTheDocument();

    fireEvent.change(day, { target: { value: '2000-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Create app token' }));
    expect(await screen.findByText(/^Choose a day from \d{4}-\d\d-\d\d on\.$/)).toBeInTheDocument();
  });
});
