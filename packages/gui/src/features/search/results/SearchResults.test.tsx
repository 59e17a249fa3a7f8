import { ELECTRON_VOLT as EV } from '@oasis/chem';
import type { AppConfig } from '@oasis/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderResults, type QueryBody } from './testHarness.tsx';
import { declared } from '../../../core/declaredStyle.ts';

const BAND_GAP = 'results.properties.electronic.band_structure_electronic.band_gap.value';

const app = (extra: Record<string, unknown> = {}): AppConfig => ({
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
  columns: [
    { search_quantity: 'entry_name', selected: true, title: 'Name' },
    { search_quantity: 'results.material.chemical_formula_hill', selected: true, title: 'Formula' },
    {
      search_quantity: BAND_GAP,
      selected: true,
      title: 'Band gap',
      format: { mode: 'standard', decimals: 2 },
    },
    { search_quantity: 'authors', selected: true },
    { search_quantity: 'upload_create_time', selected: true, title: 'Upload time' },
    { search_quantity: 'mainfile', selected: false },
  ],
  ...extra,
});

const quartz = {
  entry_id: 'e-quartz',
  upload_id: 'u1',
  entry_name: 'quartz',
  mainfile: 'quartz/vasprun.xml',
  comment: 'A test calculation',
  references: ['https://doi.org/10.1/quartz'],
  raw_id: 'raw-1',
  authors: [{ name: 'Ada Lovelace' }, { name: 'Bob Builder' }, { name: 'Carl Clerk' }, { name: 'Dora Dane' }],
  datasets: [{ dataset_id: 'd1', dataset_name: 'Silica set' }],
  results: {
    material: { chemical_formula_hill: 'O2Si' },
    method: { method_name: 'DFT', simulation: { program_name: 'VASP', dft: { xc_functional_type: 'GGA' } } },
    properties: { electronic: { band_structure_electronic: [{ band_gap: [{ value: 1.5 * EV }] }] } },
  },
};
const running = { entry_id: 'e-running', entry_name: 'busy', process_running: true };

const page = (body: QueryBody, data: unknown[], total: number, next?: string) => ({
  owner: body.owner,
  pagination: { ...body.pagination, total, ...(next ? { next_page_after_value: next } : {}) },
  data,
});

const answerWith =
  (data: unknown[], total = data.length) =>
  (body: QueryBody) =>
    page(body, data, total);

describe('SearchResults', () => {
  it("shows 'searching ...' until the total is known, then 'no results'", async () => {
    renderResults(app(), answerWith([]));
    expect(screen.getByRole('heading', { name: 'searching ...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'no results' })).toBeInTheDocument();
  });

  it('warns when the app defines no columns', () => {
    renderResults(app({ columns: [] }), answerWith([]));
    expect(
      screen.getByText(
        'No search columns defined within this search context. Ensure that all GUI artifacts are created.',
      ),
    ).toBeInTheDocument();
  });

  it('lists rows with formatted values, changes columns and the unit system', async () => {
    const user = userEvent.setup();
    renderResults(app(), answerWith([quartz, running], 2));
    expect(await screen.findByRole('heading', { name: '2/2 results' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /quartz/ });
    expect(within(row).getByText('O2Si')).toBeInTheDocument();
    expect(within(row).getByText('1.5 eV')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace, Dora Dane et al')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Mainfile' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change the shown columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Mainfile' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Authors' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('columnheader', { name: 'Mainfile' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Authors' })).not.toBeInTheDocument();
    expect(within(row).getByText('quartz/vasprun.xml')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Units' }));
    await user.click(screen.getByRole('radio', { name: 'International System of Units (SI)' }));
    expect(within(row).getByText('2.4e-19 J')).toBeInTheDocument();
  });

  it('keeps the chosen columns of each app across a reload', async () => {
    const user = userEvent.setup();
    renderResults(app(), answerWith([quartz], 1));
    await screen.findByRole('heading', { name: '1/1 result' });
    await user.click(screen.getByRole('button', { name: 'Change the shown columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Mainfile' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Authors' }));
    await user.keyboard('{Escape}');
    cleanup();

    renderResults(app(), answerWith([quartz], 1));
    await screen.findByRole('heading', { name: '1/1 result' });
    expect(screen.getByRole('columnheader', { name: 'Mainfile' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Authors' })).not.toBeInTheDocument();
    cleanup();

    // Another app has its own choice.
    renderResults(app({ path: 'calculations' }), answerWith([quartz], 1));
    await screen.findByRole('heading', { name: '1/1 result' });
    expect(screen.queryByRole('columnheader', { name: 'Mainfile' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Authors' })).toBeInTheDocument();
  });

  it('sorts by a column header through the search context', async () => {
    const user = userEvent.setup();
    const { bodies } = renderResults(app(), answerWith([quartz]));
    await screen.findByRole('heading', { name: '1/1 result' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(bodies.at(-1)?.pagination).toMatchObject({ order_by: 'entry_name', order: 'asc' }),
    );
    // Authors are a list and cannot be sorted.
    expect(within(screen.getByRole('columnheader', { name: 'Authors' })).queryByRole('button')).toBeNull();
  });

  it('offers the entry page as row action, except while processing, and shows row details', async () => {
    const user = userEvent.setup();
    const { router } = renderResults(app(), answerWith([quartz, running], 2));
    const row = await screen.findByRole('row', { name: /quartz/ });
    expect(within(row).getByRole('link', { name: 'Go to the entry page' })).toHaveAttribute(
      'href',
      '/search/entries/entry/id/e-quartz',
    );
    expect(
      within(screen.getByRole('row', { name: /busy/ })).queryByRole('link', { name: 'Go to the entry page' }),
    ).toBeNull();
    // Many columns scroll the table sideways; the actions stay at its right edge.
    const actions = within(row).getByRole('cell', { name: 'row actions' });
    expect(declared(actions, 'position')).toContain('sticky');
    expect(declared(actions, 'right')).toContain('0px');

    await user.click(within(row).getByText('O2Si'));
    const details = await screen.findByRole('region', { name: 'entry details' });
    for (const text of [
      'A test calculation',
      'https://doi.org/10.1/quartz',
      'Silica set',
      'Ada Lovelace, Bob Builder, Carl Clerk, Dora Dane',
      'e-quartz',
      'quartz/vasprun.xml',
      'u1',
      'raw-1',
      'DFT',
      'VASP',
      'GGA',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(within(details).getByText('external_id').nextSibling).toHaveTextContent('unavailable');
    await user.click(within(details).getByRole('link', { name: 'Go to the entry page' }));
    expect(router.state.location.pathname).toBe('/search/entries/entry/id/e-quartz');
  });

  it('downloads the selected entries, or the whole query, through real links', async () => {
    const user = userEvent.setup();
    renderResults(app(), answerWith([quartz, running], 2));
    const row = await screen.findByRole('row', { name: /quartz/ });

    await user.click(screen.getByRole('button', { name: 'Download' }));
    let dialog = screen.getByRole('dialog', { name: 'Download' });
    expect(within(dialog).getByRole('link', { name: 'Raw files' })).toHaveAttribute(
      'href',
      'http://oasis.test/nomad-oasis/api/v1/entries/raw?owner=public&json_query=%7B%7D',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    dialog = screen.getByRole('dialog', { name: 'Download' });
    const selected = encodeURIComponent(JSON.stringify({ entry_id: { any: ['e-quartz'] } }));
    expect(within(dialog).getByRole('link', { name: 'Raw files' })).toHaveAttribute(
      'href',
      `http://oasis.test/nomad-oasis/api/v1/entries/raw?owner=public&json_query=${selected}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Processed data' })).toHaveAttribute(
      'href',
      `http://oasis.test/nomad-oasis/api/v1/entries/archive/download?owner=public&json_query=${selected}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('All selected')).toBeInTheDocument();
  });

  it('shows the API request with curl and Python examples and links to the API docs', async () => {
    const user = userEvent.setup();
    renderResults(app(), answerWith([quartz]));
    await screen.findByRole('heading', { name: '1/1 result' });
    await user.click(screen.getByRole('button', { name: 'API' }));
    const dialog = screen.getByRole('dialog', { name: 'API' });
    expect(dialog).toHaveTextContent('POST http://oasis.test/nomad-oasis/api/v1/entries/query');
    const request = JSON.parse(within(dialog).getByLabelText('Request').textContent ?? '') as QueryBody;
    expect(request.owner).toBe('public');
    expect(request.pagination).toMatchObject({ order_by: 'upload_create_time', order: 'desc' });
    expect(within(dialog).getByLabelText('curl')).toHaveTextContent(
      'curl -X POST "http://oasis.test/nomad-oasis/api/v1/entries/query"',
    );
    expect(within(dialog).getByLabelText('Python')).toHaveTextContent('import requests');
    expect(within(dialog).getByLabelText('Response')).toHaveTextContent('"entry_id": "e-quartz"');
    expect(within(dialog).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      'http://oasis.test/nomad-oasis/api/v1/docs',
    );
    expect(within(dialog).getByRole('link', { name: 'API dashboard' })).toHaveAttribute(
      'href',
      '/analyze/apis',
    );
  });

  it("loads more with 'load more'", async () => {
    const user = userEvent.setup();
    const { bodies } = renderResults(app(), (body) =>
      body.pagination.page_after_value ? page(body, [running], 2) : page(body, [quartz], 2, 'next-1'),
    );
    await screen.findByRole('heading', { name: '1/2 results' });
    await user.click(screen.getByRole('button', { name: 'load more' }));
    expect(await screen.findByRole('heading', { name: '2/2 results' })).toBeInTheDocument();
    expect(bodies.at(-1)?.pagination.page_after_value).toBe('next-1');
    expect(screen.queryByRole('button', { name: 'load more' })).not.toBeInTheDocument();
  });
});
