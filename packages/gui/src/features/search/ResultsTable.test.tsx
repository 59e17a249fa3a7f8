import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResultsTable, resultsTitle } from './ResultsTable.tsx';
import type { SearchResponse } from './types.ts';

const response: SearchResponse = {
  pagination: {
    page_size: 20,
    order_by: 'upload_create_time',
    order: 'desc',
    total: 14,
    next_page_after_value: 'x',
  },
  data: [
    {
      entry_id: 'zWnKx9PuRq-j8hp7O1pl1Q',
      entry_name: 'archive.json',
      entry_type: 'VASP',
      upload_create_time: '2024-03-25T18:48:53.576774+00:00',
      authors: [{ user_id: 'u1', name: 'Markus Scheidgen' }],
      results: { material: { chemical_formula_hill: 'COFe', elements: ['Fe', 'C', 'O'] } },
    },
    {
      entry_id: 'second',
      authors: ['Ada', 'Bob', 'Cyd', 'Dan'].map((name) => ({ name })),
      process_running: true,
    },
  ],
};

const renderTable = (overrides: Partial<Parameters<typeof ResultsTable>[0]> = {}) => {
  const props = {
    entries: response.data,
    total: response.pagination.total,
    hasMore: true,
    loadingMore: false,
    onLoadMore: vi.fn(),
    onOpen: vi.fn(),
    ...overrides,
  };
  render(<ResultsTable {...props} />);
  return props;
};

describe('ResultsTable', () => {
  it('renders one row per entry with the default columns', () => {
    renderTable();
    expect(screen.getByRole('heading', { name: '2/14 results' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'search results' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Formula', 'Entry type', 'Upload time', 'Authors', '']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('archive.json')).toBeInTheDocument();
    expect(within(first!).getByText('COFe')).toBeInTheDocument();
    expect(within(first!).getByText('VASP')).toBeInTheDocument();
    expect(within(first!).getByText('Markus Scheidgen')).toBeInTheDocument();
    expect(within(first!).getByText(/^\d\d\/\d\d\/2024 \d\d:\d\d$/)).toBeInTheDocument();
    // Empty values, and more than 3 authors as first and last plus et al.
    expect(within(second!).getAllByText('unavailable')).toHaveLength(4);
    expect(within(second!).getByText('Ada, Dan et al')).toBeInTheDocument();
  });

  it('opens an entry by row click or row action, which is hidden while processing', async () => {
    const props = renderTable();
    const actions = screen.getAllByRole('button', { name: 'Go to the entry page' });
    expect(actions).toHaveLength(1);
    await userEvent.click(actions[0]!);
    expect(props.onOpen).toHaveBeenCalledWith(response.data[0]);
    await userEvent.click(screen.getByText('Ada, Dan et al'));
    expect(props.onOpen).toHaveBeenLastCalledWith(response.data[1]);
  });

  it('loads more while there are more pages', async () => {
    const props = renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'load more' }));
    expect(props.onLoadMore).toHaveBeenCalled();
  });

  it('titles unknown, empty and shown over total', () => {
    expect(resultsTitle(0, undefined)).toBe('searching ...');
    expect(resultsTitle(0, 0)).toBe('no results');
    expect(resultsTitle(1, 1)).toBe('1/1 result');
    expect(resultsTitle(20, 42)).toBe('20/42 results');
  });
});
