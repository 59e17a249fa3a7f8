import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAggregation, useSearchContext } from './hooks.ts';
import { emptyAnswer, renderWithSearch } from './testing.tsx';

const PROGRAM = 'results.method.simulation.program_name';
const ELEMENTS = 'results.material.elements';

function Probe() {
  const { filters, setFilter, results, apiQuery } = useSearchContext();
  const programs = useAggregation('program:menu', { terms: { quantity: PROGRAM, size: 5 } });
  const [elementsShown, setElementsShown] = useState(false);
  return (
    <div>
      <p data-testid="filters">{JSON.stringify(filters)}</p>
      <p data-testid="query">{JSON.stringify(apiQuery)}</p>
      <p data-testid="rows">{results.data.map((row) => String(row.entry_id)).join(' ')}</p>
      <p data-testid="programs">{programs?.terms?.data.map((bucket) => bucket.value).join(' ')}</p>
      <button onClick={() => setFilter(PROGRAM, ['VASP'])}>vasp</button>
      <button onClick={() => setFilter(ELEMENTS, ['Si'])}>si</button>
      <button onClick={() => setElementsShown(true)}>elements</button>
      <button onClick={results.loadMore} disabled={!results.hasMore}>
        more
      </button>
      {elementsShown ? <Elements /> : null}
    </div>
  );
}

function Elements() {
  const elements = useAggregation('elements:table', { terms: { quantity: ELEMENTS, size: 119 } });
  return <p data-testid="elements">{elements?.terms?.data.length ?? 'none'}</p>;
}

const answer = (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as Record<string, unknown>;
  const pagination = body.pagination as { page_size: number; page_after_value?: string };
  if (pagination.page_size === 0) return base;
  const second = pagination.page_after_value === 'p2';
  const aggregations = base.aggregations as Record<string, { terms?: object }>;
  if (aggregations['program:menu']) {
    aggregations['program:menu'] = {
      terms: { ...aggregations['program:menu'].terms, data: [{ value: 'VASP', count: 2 }] },
    };
  }
  return {
    ...base,
    pagination: { ...pagination, total: 2, ...(second ? {} : { next_page_after_value: 'p2' }) },
    // A materials search answers materials, an entries search entries.
    data: [url.includes('/materials/') ? { material_id: 'm1' } : { entry_id: second ? 'e2' : 'e1' }],
  };
};

/** The abort signals the search requests were sent with, in order. */
const querySignals = (fetch: ReturnType<typeof renderWithSearch>['fetch']) =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith('/query'))
    .map(([, init]) => init?.signal ?? new AbortController().signal);

describe('SearchProvider', () => {
  it('sends results and aggregations in one request, then only what changed', async () => {
    const { requests, router } = renderWithSearch(<Probe />, { answer, search: '?visibility=public' });
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('e1'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('http://oasis.test/nomad-oasis/api/v1/entries/query');
    expect(requests[0]!.body).toEqual({
      owner: 'public',
      query: {},
      aggregations: { 'program:menu': { terms: { quantity: PROGRAM, size: 5, exclude_from_search: true } } },
      pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 20 },
      required: { exclude: ['quantities', 'sections', 'files'] },
    });
    expect(screen.getByTestId('programs')).toHaveTextContent('VASP');

    // 'load more' appends the next page.
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('e1 e2'));
    expect(requests[1]!.body).toMatchObject({ pagination: { page_after_value: 'p2' }, aggregations: {} });
    expect(screen.getByRole('button', { name: 'more' })).toBeDisabled();

    // Its own filter does not change an exclusive aggregation: the new page comes without it.
    await userEvent.click(screen.getByRole('button', { name: 'vasp' }));
    expect(router.state.location.search).toBe(`?${PROGRAM}=VASP&visibility=public`);
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]!.body).toMatchObject({ query: { [`${PROGRAM}:any`]: ['VASP'] }, aggregations: {} });
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent(/^e1$/));

    // A newly shown aggregation is fetched alone, without rows.
    await userEvent.click(screen.getByRole('button', { name: 'elements' }));
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests[3]!.body).toMatchObject({
      pagination: { page_size: 0 },
      aggregations: { 'elements:table': { terms: { quantity: ELEMENTS, exclude_from_search: false } } },
    });
    await waitFor(() => expect(screen.getByTestId('elements')).toHaveTextContent('0'));

    // Another filter changes both aggregations' queries.
    await userEvent.click(screen.getByRole('button', { name: 'si' }));
    await waitFor(() => expect(requests).toHaveLength(5));
    expect(Object.keys(requests[4]!.body.aggregations as object).sort()).toEqual([
      'elements:table',
      'program:menu',
    ]);
  });

  it('takes the first results page its route started before the schemas came, and asks for the aggregations alone', async () => {
    let firstQuery: () => void = () => undefined;
    const queried = new Promise<void>((resolve) => (firstQuery = resolve));
    const { requests } = renderWithSearch(<Probe />, {
      answer: (url, body) => {
        firstQuery();
        return answer(url, body);
      },
      prefetchFirstPage: true,
      // The page's engine cannot ask before the schemas are there: only the route's request can.
      artifactsServed: queried,
    });
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('e1'));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.body).toEqual({
      owner: 'public',
      query: {},
      aggregations: {},
      pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 20 },
      required: { exclude: ['quantities', 'sections', 'files'] },
    });
    expect(requests[1]!.body).toMatchObject({
      pagination: { page_size: 0 },
      aggregations: { 'program:menu': { terms: { quantity: PROGRAM } } },
    });
    // Further pages are the page's own.
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('e1 e2'));
    expect(requests).toHaveLength(3);
  });

  it('debounces quick changes into one request', async () => {
    // Fake timers that still advance: waitFor works, and the debounce can be run out at will.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { requests } = renderWithSearch(<Probe />, { answer });
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {
      screen.getByRole('button', { name: 'vasp' }).click();
      screen.getByRole('button', { name: 'si' }).click();
    });
    await waitFor(() => expect(requests).toHaveLength(2));
    // Whatever was still scheduled has run now: a second debounced request would have been sent.
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(requests).toHaveLength(2);
    // Anonymous visitors search public data.
    expect(requests[1]!.body.owner).toBe('public');
  });

  it('applies answers in request order, holding back one that overtakes', async () => {
    let releaseFirst: () => void = () => undefined;
    const slow = (url: string, body: Record<string, unknown>) => {
      const query = JSON.stringify(body.query);
      const page = { ...(answer(url, body) as object), data: [{ entry_id: query === '{}' ? 'old' : 'new' }] };
      if (query !== '{}') return page;
      return new Promise((resolve) => {
        releaseFirst = () => resolve(page);
      });
    };
    const { requests, fetch } = renderWithSearch(<Probe />, { answer: slow });
    await waitFor(() => expect(requests).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'vasp' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    // The second answer is there (its body read, as the client reads it), but waits for the first.
    const second = fetch.mock.results.findLast((result) => result.type === 'return')!;
    const response = (await second.value) as Response;
    await waitFor(() => expect(response.bodyUsed).toBe(true));
    // Let the client hand the read body on, as it would apply it.
    await act(async () => {});
    expect(screen.getByTestId('rows')).toHaveTextContent(/^$/);
    act(() => releaseFirst());
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent(/^new$/));
  });

  it('aborts a search that a newer one replaces, shows the newer answer and no error', async () => {
    // The first search is never answered: only its abort lets the newer answer through (in order).
    const slow = (url: string, body: Record<string, unknown>) =>
      JSON.stringify(body.query) === '{}'
        ? new Promise<never>(() => undefined)
        : { ...(answer(url, body) as object), data: [{ entry_id: 'new' }] };
    const { requests, fetch } = renderWithSearch(<Probe />, { answer: slow });
    await waitFor(() => expect(requests).toHaveLength(1));
    // The elements filter changes the results and the programs' counts: all the first search was for.
    await userEvent.click(screen.getByRole('button', { name: 'si' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(Object.keys(requests[1]!.body.aggregations as object)).toEqual(['program:menu']);
    const [first, second] = querySignals(fetch);
    expect(first!.aborted).toBe(true);
    expect(second!.aborted).toBe(false);
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent(/^new$/));
    expect(screen.getByTestId('programs')).toHaveTextContent('VASP');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('aborts an aggregation request that a newer request for the same aggregation replaces', async () => {
    const { requests, fetch } = renderWithSearch(<Probe />, {
      answer: (url, body) =>
        (body.pagination as { page_size: number }).page_size === 0
          ? new Promise<never>(() => undefined)
          : answer(url, body),
    });
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('e1'));
    await userEvent.click(screen.getByRole('button', { name: 'elements' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.body.pagination).toEqual({ page_size: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'si' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(Object.keys(requests[2]!.body.aggregations as object).sort()).toEqual([
      'elements:table',
      'program:menu',
    ]);
    expect(querySignals(fetch).map((signal) => signal.aborted)).toEqual([false, true, false]);
    await waitFor(() => expect(screen.getByTestId('elements')).toHaveTextContent('0'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('aborts the searches in flight when the page goes away', async () => {
    const { requests, fetch, unmount } = renderWithSearch(<Probe />, {
      answer: () => new Promise<never>(() => undefined),
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(querySignals(fetch)[0]!.aborted).toBe(false);
    unmount();
    expect(querySignals(fetch)[0]!.aborted).toBe(true);
  });

  it('locks the app filters_locked and ignores them in the URL', async () => {
    const app = {
      label: 'EELS',
      path: 'eels',
      resource: 'entries' as const,
      category: 'Experiment',
      filters_locked: { 'results.method.method_name': 'EELS' },
    };
    const { requests } = renderWithSearch(<Probe />, {
      app,
      answer,
      search: '?results.method.method_name=DFT',
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body.query).toEqual({ and: [{}, { 'results.method.method_name:any': ['EELS'] }] });
    expect(screen.getByTestId('filters')).toHaveTextContent('{}');
  });

  it('searches materials at materials/query', async () => {
    const app = { label: 'Materials', path: 'materials', resource: 'materials' as const, category: 'Theory' };
    const { requests } = renderWithSearch(<Probe />, { app, answer });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toMatch(/\/api\/v1\/materials\/query$/);
  });
});
