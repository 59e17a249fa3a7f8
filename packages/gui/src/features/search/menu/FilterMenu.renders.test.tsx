import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '@oasis/schema';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { useSearchResults } from '../context/index.ts';
import { emptyAnswer, renderWithSearch, testApp } from '../context/testing.tsx';
import { FilterMenu } from './FilterMenu.tsx';

const PROGRAM = 'results.method.simulation.program_name';

const app = {
  ...testApp,
  menu: {
    type: 'menu',
    title: 'Filters',
    items: [
      { type: 'terms', search_quantity: PROGRAM },
      { type: 'periodic_table', search_quantity: 'results.material.elements' },
      { type: 'visibility' },
      { type: 'definitions' },
      { type: 'menu', title: 'More', items: [{ type: 'custom_quantities' }] },
    ],
  },
} as unknown as AppConfig;

/** Shows the rows and the loading flag, and asks for the next page. */
function ResultsProbe() {
  const results = useSearchResults();
  return (
    <div>
      <p data-testid="rows">{results.data.map((row) => String(row.entry_id)).join(' ')}</p>
      <p data-testid="loading">{results.loading ? 'loading' : 'idle'}</p>
      <button onClick={results.loadMore} disabled={!results.hasMore}>
        more
      </button>
    </div>
  );
}

describe('the filter menu and the results', () => {
  it('does not re-render the menu when only the results and their loading flag change', async () => {
    let releaseSecond = () => {};
    const second = new Promise<void>((resolve) => (releaseSecond = resolve));
    const answer = async (url: string, body: Record<string, unknown>) => {
      const base = emptyAnswer(url, body) as {
        aggregations: Record<string, { terms?: { data: unknown[] } }>;
      };
      const programs = base.aggregations[`${PROGRAM}:menu`]?.terms;
      if (programs) programs.data = [{ value: 'VASP', count: 2 }];
      const pagination = body.pagination as { page_after_value?: string };
      if (pagination.page_after_value !== 'p2')
        return {
          ...base,
          pagination: { page_size: 10, total: 2, next_page_after_value: 'p2' },
          data: [{ entry_id: 'e1' }],
        };
      await second;
      return { ...base, pagination: { page_size: 10, total: 2 }, data: [{ entry_id: 'e2' }] };
    };
    let menuRenders = 0;
    renderWithSearch(
      <>
        <Profiler id="menu" onRender={() => menuRenders++}>
          <FilterMenu />
        </Profiler>
        <ResultsProbe />
      </>,
      { app, answer },
    );
    const menu = await screen.findByRole('navigation', { name: 'Filters' });
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent(/^e1$/));
    await waitFor(() => expect(within(menu).getByText('VASP')).toBeInTheDocument());
    expect(screen.getByTestId('loading')).toHaveTextContent('idle');
    const settled = menuRenders;

    // 'load more': loading goes true, then false with the appended page; nothing the menu shows changes.
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('loading'));
    act(() => releaseSecond());
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent(/^e1 e2$/));
    expect(screen.getByTestId('loading')).toHaveTextContent('idle');
    expect(menuRenders).toBe(settled);
  });
});
