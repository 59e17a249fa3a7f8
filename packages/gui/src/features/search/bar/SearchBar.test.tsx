import type { Artifacts } from '@oasis/schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchContext } from '../context/index.ts';
import { emptyAnswer, renderWithSearch } from '../context/testing.tsx';
import { testArtifacts } from '../context/testDefinitions.ts';
import { readHistory } from './history.ts';
import { SearchBar } from './SearchBar.tsx';
import { SUGGESTION_MAX_WAIT_MS } from './suggestions.ts';

const ELEMENTS = 'results.material.elements';
const PROGRAM = 'results.method.simulation.program_name';

function Probe() {
  const { filters, pagination } = useSearchContext();
  return (
    <>
      <SearchBar />
      <p data-testid="filters">{JSON.stringify(filters)}</p>
      <p data-testid="order">{`${pagination.order_by} ${pagination.order}`}</p>
    </>
  );
}

const suggestionAnswer = (url: string, body: Record<string, unknown>) =>
  url.endsWith('/suggestions')
    ? {
        [ELEMENTS]: [
          { value: 'Sn', weight: 1 },
          { value: 'Si', weight: 5 },
        ],
        [PROGRAM]: [],
      }
    : emptyAnswer(url, body);

/**
 * No value suggestions. Any two characters without an operator ask the server once the debounce has
 * passed, so whether a test that does not type to get suggestions sends such a request depends on how
 * fast it runs; with this answer the request makes no difference.
 */
const noSuggestions = (url: string, body: Record<string, unknown>) =>
  url.endsWith('/suggestions') ? {} : emptyAnswer(url, body);

const suggestionCalls = (fetch: ReturnType<typeof renderWithSearch>['fetch']) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith('/suggestions'))
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

/** Types a whole query at once (as pasting does) and presses Enter. */
async function enter(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
  await user.keyboard('{Enter}');
}

const filters = () => JSON.parse(screen.getByTestId('filters').textContent ?? '{}') as unknown;

describe('SearchBar', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('asks for suggestions from two characters on and applies the chosen one as filter', async () => {
    // The suggestions are debounced: fake timers end the debounce when the test says so. They still
    // advance with real time, so the waits for the page and the answers work as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetch, router } = renderWithSearch(<Probe />, { answer: suggestionAnswer });
    const input = await screen.findByRole('combobox', { name: 'Search' });
    const endDebounce = () =>
      act(() => {
        vi.advanceTimersByTime(SUGGESTION_MAX_WAIT_MS);
      });

    // One character: the debounce has passed 'S' on, yet it asks for nothing.
    await user.type(input, 'S');
    endDebounce();
    expect(suggestionCalls(fetch)).toEqual([]);

    // Two characters ask; had 'S' asked too, that earlier request would be the first one recorded.
    await user.type(input, 'i');
    endDebounce();
    await waitFor(() => expect(suggestionCalls(fetch)).toHaveLength(1));
    expect(suggestionCalls(fetch)[0]).toEqual({
      url: 'http://oasis.test/nomad-oasis/api/v1/suggestions',
      body: { input: 'Si', quantities: [ELEMENTS, PROGRAM] },
    });

    // The heavier value first; the row says what kind of query it is.
    const listbox = await screen.findByRole('listbox');
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `${ELEMENTS} = Siequality`,
      `${ELEMENTS} = Snequality`,
      // 'si' also starts a segment of the program name's path.
      `${PROGRAM}name`,
    ]);
    await user.click(options[0]!);

    expect(filters()).toEqual({ [ELEMENTS]: ['Si'] });
    expect(router.state.location.search).toBe(`?${ELEMENTS}=Si`);
    expect(input).toHaveValue('');
    expect(readHistory(window.localStorage, 'entries')).toEqual([
      { input: `${ELEMENTS} = Si`, type: 'equality', history: true },
    ]);

    // A second value of a quantity that takes several is added; the history offers the first query.
    await enter(user, input, `${ELEMENTS} = O`);
    expect(filters()).toEqual({ [ELEMENTS]: ['Si', 'O'] });
    await user.click(input);
    const remembered = await screen.findAllByRole('option');
    expect(remembered.map((option) => option.textContent)).toEqual([
      `${ELEMENTS} = OFrom the search historyequality`,
      `${ELEMENTS} = SiFrom the search historyequality`,
    ]);

    // A history entry can be removed from the list.
    await user.click(within(remembered[1]!).getByRole('button', { name: 'Remove from the search history' }));
    expect(readHistory(window.localStorage, 'entries').map((item) => item.input)).toEqual([
      `${ELEMENTS} = O`,
    ]);
    expect(filters()).toEqual({ [ELEMENTS]: ['Si', 'O'] });
  });

  it('applies typed ranges with units and shows errors as helper text', async () => {
    const user = userEvent.setup();
    renderWithSearch(<Probe />, { answer: noSuggestions });
    const input = await screen.findByRole('combobox', { name: 'Search' });
    const gap = 'results.properties.electronic.band_structure_electronic.band_gap.value';
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('upload_create_time'));

    await enter(user, input, `1 eV <= ${gap} < 2 eV`);
    await waitFor(() => expect(filters()).toHaveProperty(gap));
    const range = (filters() as Record<string, { gte: number; lt: number }>)[gap]!;
    expect(range.gte).toBeCloseTo(1.602176634e-19, 30);
    expect(range.lt).toBeCloseTo(2 * 1.602176634e-19, 30);

    await enter(user, input, 'foo.bar = 1');
    expect(await screen.findByText("The quantity 'foo.bar' is not supported")).toBeInTheDocument();
    expect(input).toHaveValue('foo.bar = 1');
    // Typing clears the error.
    await user.type(input, '0');
    expect(screen.queryByText("The quantity 'foo.bar' is not supported")).not.toBeInTheDocument();

    await user.clear(input);
    await enter(user, input, 'results.material.n_elements > many');
    expect(
      await screen.findByText(
        'Invalid value for the metainfo results.material.n_elements. Please check your syntax.',
      ),
    ).toBeInTheDocument();

    // Without a free-text quantity in this app, plain words are no query it can run.
    await user.clear(input);
    await enter(user, input, 'silicon oxide');
    expect(await screen.findByText('Unsupported query')).toBeInTheDocument();
  });

  it('searches free text ordered by relevance and fills the input with a chosen name', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const artifacts: Artifacts = {
      ...testArtifacts,
      searchQuantities: {
        ...testArtifacts.searchQuantities,
        text_search_contents: {
          name: 'text_search_contents',
          type: { type_kind: 'python', type_data: 'str' },
          aggregatable: false,
          dynamic: false,
          repeats: false,
        },
      },
    };
    renderWithSearch(<Probe />, { artifacts, answer: noSuggestions });
    const input = await screen.findByRole('combobox', { name: 'Search' });

    await user.type(input, 'n_elem');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'n_elemfree text',
        'results.material.n_elementsname',
      ]),
    );
    // Keyboard only: the typed text itself is highlighted first, the arrow moves on to the name. The
    // value suggestions asked for in between (unless a slow run asked before) leave the highlight where
    // the arrow put it.
    await user.keyboard('{ArrowDown}');
    act(() => {
      vi.advanceTimersByTime(SUGGESTION_MAX_WAIT_MS);
    });
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('results.material.n_elements');
    expect(filters()).toEqual({});

    await user.clear(input);
    await enter(user, input, 'silicon oxide');
    await waitFor(() => expect(filters()).toEqual({ text_search_contents: ['silicon oxide'] }));
    expect(screen.getByTestId('order')).toHaveTextContent('_score desc');
  });

  it('explains the allowed syntaxes in the help dialog', async () => {
    const user = userEvent.setup();
    const app = {
      label: 'Entries',
      path: 'entries',
      resource: 'entries' as const,
      category: 'All',
      search_syntaxes: { exclude: ['free_text'] },
    };
    renderWithSearch(<Probe />, { app });
    await user.click(await screen.findByRole('button', { name: 'Search bar syntax help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search-bar help' });
    expect(within(dialog).getByText('Between two limits')).toBeInTheDocument();
    expect(within(dialog).queryByText('Keywords')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
