import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

const entryHit = answerOf('entriesQuery', {
  pagination: { page_size: 1, total: 1 },
  data: [{ entry_id: 'entry_1', upload_id: 'upload_1' }],
});

const postBodies = (fetch: ReturnType<typeof renderApp>['fetch'], suffix: string) =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(suffix))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('entry/pid lookup', () => {
  it('finds the entry by its pid, with the handle, and opens it', async () => {
    const { router, fetch } = renderApp('/entry/pid/1234/5678', {}, (url, method) =>
      url.endsWith('/entries/query') ? entryHit.clone() : minimalResponse(method, url),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/entry_1'));
    expect(postBodies(fetch, '/entries/query')[0]).toMatchObject({
      owner: 'all',
      query: { pid: '1234/5678' },
    });
  });

  it('says when no entry has the pid', async () => {
    const { fetch } = renderApp('/entry/pid/1234');
    expect(
      await screen.findByText(
        'This URL points to an entry that either does not exist, or that is not publically visibile. Please login; you might be authorized to view it.',
      ),
    ).toBeInTheDocument();
    expect(postBodies(fetch, '/entries/query')[0]).toMatchObject({ query: { pid: '1234' } });
  });

  it('says so differently to a logged-in user', async () => {
    renderApp('/entry/pid/1234', {}, undefined, { loggedInAs: 'author' });
    expect(
      await screen.findByText(
        'This URL points to an entry that either does not exist, or that you are not authorized to see.',
      ),
    ).toBeInTheDocument();
  });
});

describe('entry/query lookup', () => {
  it('opens the first entry that matches the query string', async () => {
    const { router, fetch } = renderApp('/entry/query?external_id=ext-1', {}, (url, method) =>
      url.endsWith('/entries/query') ? entryHit.clone() : minimalResponse(method, url),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/entry_1'));
    expect(postBodies(fetch, '/entries/query')[0]).toMatchObject({ query: { external_id: 'ext-1' } });
  });

  it('points to the external database for a missing Materials Project id', async () => {
    renderApp('/entry/query?external_id=mp-149');
    expect(await screen.findByRole('link', { name: 'mp-149' })).toBeInTheDocument();
  });
});

describe('dataset/doi lookup', () => {
  it('resolves a DOI (with slashes) to its dataset', async () => {
    const { router, fetch } = renderApp('/dataset/doi/10.5555/ds-doi', {}, (url, method) =>
      new URL(url).pathname.endsWith('/datasets')
        ? answerOf('datasetsList', {
            pagination: { page_size: 1, total: 1 },
            data: [
              {
                dataset_id: 'ds_doi',
                dataset_name: 'cited dataset',
                user_id: 'author',
                dataset_create_time: '2024-09-06T19:32:41+00:00',
                doi: '10.5555/ds-doi',
              },
            ],
          })
        : minimalResponse(method, url),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dataset/id/ds_doi'));
    const lookup = fetch.mock.calls
      .map(([input]) => new URL(String(input)))
      .find((url) => url.pathname.endsWith('/datasets'));
    expect(lookup?.searchParams.get('doi')).toBe('10.5555/ds-doi');
  });

  it('says when no dataset has the DOI', async () => {
    renderApp('/user/datasets/dataset/doi/10.5555/unknown');
    expect(await screen.findByText('This URL points to a dataset that does not exist.')).toBeInTheDocument();
  });
});
