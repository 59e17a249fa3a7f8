import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';
import { entriesAppEnv, searchBodies, searchServer } from '../user-search/testServer.ts';

const cited = {
  dataset_id: 'ds_doi',
  dataset_name: 'cited dataset',
  user_id: 'author',
  dataset_create_time: '2024-09-06T19:32:41+00:00',
  doi: '10.5555/ds-doi',
};

const datasets = (url: string) => {
  const { pathname } = new URL(url);
  if (pathname.endsWith('/datasets/ds_doi'))
    return answerOf('datasetById', { dataset_id: 'ds_doi', data: cited });
  if (pathname.includes('/datasets/'))
    return new Response(JSON.stringify({ detail: 'The dataset does not exist' }), { status: 404 });
  return undefined;
};

const open = (path: string, loggedInAs?: string) => {
  const rendered = renderApp(
    path,
    entriesAppEnv,
    searchServer(() => rendered.fetch, datasets),
    loggedInAs ? { loggedInAs } : {},
  );
  return rendered;
};

describe('DatasetPage', () => {
  it('searches the entries of the dataset with visibility all, under its name and DOI', async () => {
    const { fetch } = open('/user/datasets/dataset/id/ds_doi', 'author');
    expect(await screen.findByRole('heading', { level: 1, name: 'cited dataset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10.5555/ds-doi' })).toHaveAttribute(
      'href',
      'https://doi.org/10.5555/ds-doi',
    );
    await waitFor(() => expect(searchBodies(fetch).length).toBeGreaterThan(0));
    const body = searchBodies(fetch).at(-1);
    expect(body?.owner).toBe('all');
    // The dataset is locked into the query; the visibility is the owner, not a query.
    expect(JSON.stringify(body?.query)).toContain('"datasets.dataset_id:any":["ds_doi"]');
    expect(JSON.stringify(body?.query)).not.toContain('visibility');
  });

  it('is reachable at dataset/id/{id} and keeps the locked visibility against the URL', async () => {
    const { fetch } = open('/dataset/id/ds_doi?visibility=public', 'author');
    expect(await screen.findByRole('heading', { level: 1, name: 'cited dataset' })).toBeInTheDocument();
    await waitFor(() => expect(searchBodies(fetch).length).toBeGreaterThan(0));
    expect(searchBodies(fetch).every((body) => body.owner === 'all')).toBe(true);
  });

  it('searches public data for anonymous visitors', async () => {
    const { fetch } = open('/search/entries/dataset/id/ds_doi');
    expect(await screen.findByRole('heading', { level: 1, name: 'cited dataset' })).toBeInTheDocument();
    await waitFor(() => expect(searchBodies(fetch).length).toBeGreaterThan(0));
    expect(searchBodies(fetch).at(-1)?.owner).toBe('public');
  });

  it("says 'Empty or non existing dataset' for an unknown id", async () => {
    const { fetch } = open('/user/datasets/dataset/id/missing', 'author');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Empty or non existing dataset' }),
    ).toBeInTheDocument();
    expect(searchBodies(fetch)).toEqual([]);
  });
});
