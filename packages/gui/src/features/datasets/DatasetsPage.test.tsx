import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';
import { DOI_NOT_CONFIGURED } from './DatasetActions.tsx';

const dataset = (id: string, name: string, doi?: string) => ({
  dataset_id: id,
  dataset_name: name,
  user_id: 'author',
  dataset_create_time: '2024-09-06T19:32:41.688000+00:00',
  ...(doi ? { doi, dataset_modified_time: '2024-09-07T08:15:00+00:00' } : {}),
});

const DATASETS = [dataset('ds_plain', 'plain dataset'), dataset('ds_doi', 'cited dataset', '10.5555/ds-doi')];

function server(url: string, method: string): Response {
  const { pathname } = new URL(url);
  if (method === 'GET' && pathname.endsWith('/datasets')) {
    return answerOf('datasetsList', { pagination: { page_size: 10, page: 1, total: 12 }, data: DATASETS });
  }
  if (pathname.endsWith('/datasets/ds_plain') && method === 'DELETE') {
    return answerOf('datasetDelete', { dataset_id: 'ds_plain', data: DATASETS[0] });
  }
  if (pathname.endsWith('/datasets/ds_plain/action/doi')) {
    return answerOf('datasetDoi', { dataset_id: 'ds_plain', data: { ...DATASETS[0]!, doi: '10.5555/new' } });
  }
  return minimalResponse(method, url);
}

const calls = (fetch: ReturnType<typeof renderApp>['fetch'], method: string, suffix: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input)).pathname.endsWith(suffix),
    )
    .map(([input]) => new URL(String(input)));

const renderDatasets = (env: Record<string, unknown> = {}) =>
  renderApp('/user/datasets', env, server, { loggedInAs: 'author' });

describe('DatasetsPage', () => {
  it('asks anonymous visitors to login', async () => {
    renderApp('/user/datasets');
    expect(await screen.findByText('You have to login to use this functionality.')).toBeInTheDocument();
  });

  it("lists the user's datasets as NOMAD asks for them, and sorts", async () => {
    const { fetch } = renderDatasets();
    const table = await screen.findByRole('table', { name: 'Your datasets' });
    expect(await within(table).findByText('plain dataset')).toBeInTheDocument();
    expect(calls(fetch, 'GET', '/datasets')[0]?.search).toBe(
      '?page_size=10&page=1&order_by=dataset_create_time&order=desc&user_id=author',
    );
    const doi = within(table).getByRole('link', { name: '10.5555/ds-doi' });
    expect(doi).toHaveAttribute('href', 'https://doi.org/10.5555/ds-doi');
    expect(within(table).getByText('ds_plain')).toBeInTheDocument();
    expect(within(table).getAllByText(/^06\/09\/2024 \d\d:32$/)).toHaveLength(2);
    expect(within(table).getByText(/^07\/09\/2024 \d\d:15$/)).toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await userEvent.click(within(table).getByText('Modify time'));
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/datasets').at(-1)?.searchParams.get('order_by')).toBe(
        'dataset_modified_time',
      ),
    );
    await userEvent.click(within(table).getByText('Name'));
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/datasets').at(-1)?.searchParams.get('order_by')).toBe('dataset_name'),
    );
  });

  it('deletes after confirmation; a dataset with DOI cannot be deleted', async () => {
    const { fetch } = renderDatasets();
    await screen.findByText('plain dataset');
    expect(screen.getByRole('button', { name: 'delete cited dataset' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'delete plain dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dataset' });
    expect(dialog).toHaveTextContent('Are you sure you want to permanently delete the dataset?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, 'DELETE', '/datasets/ds_plain')).toHaveLength(0);

    const listed = calls(fetch, 'GET', '/datasets').length;
    await userEvent.click(screen.getByRole('button', { name: 'delete plain dataset' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete dataset' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls(fetch, 'DELETE', '/datasets/ds_plain')).toHaveLength(1));
    // The list is asked for again.
    await waitFor(() => expect(calls(fetch, 'GET', '/datasets').length).toBeGreaterThan(listed));
  });

  it('shows the DOI action disabled without DataCite, naming the operator’s setting', async () => {
    renderDatasets();
    await screen.findByText('plain dataset');
    const action = screen.getByRole('button', { name: 'assign a DOI to plain dataset' });
    expect(action).toBeDisabled();
    await userEvent.hover(action.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(DOI_NOT_CONFIGURED);
    expect(DOI_NOT_CONFIGURED).toContain("'datacite' in nomad.yaml");
  });

  it('assigns a DOI where DataCite is configured', async () => {
    const { fetch } = renderDatasets({ dataciteEnabled: true });
    await screen.findByText('plain dataset');
    expect(screen.getByRole('button', { name: 'assign a DOI to cited dataset' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'assign a DOI to plain dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm that you want to assign a DOI' });
    expect(dialog).toHaveTextContent('Assigning a DOI is permanent.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign DOI' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/datasets/ds_plain/action/doi')).toHaveLength(1));
  });

  it('opens a dataset', async () => {
    const { router } = renderDatasets();
    await userEvent.click(await screen.findByRole('link', { name: 'open plain dataset' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/datasets/dataset/id/ds_plain'));
  });
});
