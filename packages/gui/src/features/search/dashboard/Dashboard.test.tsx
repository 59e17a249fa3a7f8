import type { AppConfig } from '@oasis/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch, testApp } from '../context/testing.tsx';
import { Dashboard } from './Dashboard.tsx';

const PROGRAM = 'results.method.simulation.program_name';
const N_ELEMENTS = 'results.material.n_elements';
const STRUCTURE = 'results.material.structural_type';

type Body = Record<string, unknown>;
type Aggregations = Record<string, Record<string, { quantity?: string; buckets?: number; size?: number }>>;

const layout = { sm: { x: 0, y: 0, w: 6, h: 9, minW: 3, minH: 3 } };

function appWith(widgets: unknown[]): AppConfig {
  return { ...testApp, dashboard: { widgets } } as AppConfig;
}

/** Terms buckets for program names, a 4-bucket histogram and min/max for n_elements. */
function answer(url: string, body: Body): unknown {
  const base = emptyAnswer(url, body) as { aggregations: Record<string, Record<string, object>> };
  for (const [name, aggregation] of Object.entries((body.aggregations ?? {}) as Aggregations)) {
    if (aggregation.terms?.quantity === PROGRAM) {
      base.aggregations[name] = {
        terms: {
          ...aggregation.terms,
          data: [
            { value: 'VASP', count: 12 },
            { value: 'FHI-aims', count: 3 },
          ],
        },
      };
    }
    if (aggregation.histogram?.quantity === N_ELEMENTS) {
      base.aggregations[name] = {
        histogram: {
          ...aggregation.histogram,
          interval: 1,
          data: [1, 2, 3, 4].map((value) => ({ value, count: value === 3 ? 0 : 10 * value })),
        },
      };
    }
    if (aggregation.min_max?.quantity === N_ELEMENTS) {
      base.aggregations[name] = { min_max: { ...aggregation.min_max, data: [1, 4] } };
    }
  }
  return base;
}

const queries = (requests: { body: Body }[]) => requests.map((request) => request.body.query);

/** The aggregations of all requests so far: widgets register theirs once the first results are shown. */
const allAggregations = (requests: { body: Body }[]) =>
  requests.flatMap((request) => Object.values((request.body.aggregations ?? {}) as Aggregations));

describe('Dashboard', () => {
  afterEach(() => window.localStorage.clear());

  it('sets the filter of a terms widget value that is clicked', async () => {
    const app = appWith([
      { type: 'terms', search_quantity: PROGRAM, scale: 'log', show_input: false, layout },
    ]);
    const { requests, router } = renderWithSearch(<Dashboard />, { app, answer });

    const widget = await screen.findByRole('region', { name: 'Program name' });
    const vasp = await within(widget).findByRole('checkbox', { name: 'VASP' });
    expect(vasp).toHaveAttribute('aria-checked', 'false');
    // A 9-row widget is 9 × 710/12 + 8 × 8 = 596.5 px high; its 556.5 px below the header fit 16 values.
    await waitFor(() =>
      expect(allAggregations(requests)).toContainEqual({
        terms: expect.objectContaining({ quantity: PROGRAM, size: 16 }) as object,
      }),
    );

    await userEvent.click(vasp);
    expect(router.state.location.search).toBe(`?${PROGRAM}=VASP`);
    await waitFor(() => expect(queries(requests)).toContainEqual({ [`${PROGRAM}:any`]: ['VASP'] }));
    expect(within(widget).getByRole('checkbox', { name: 'VASP' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(within(widget).getByRole('checkbox', { name: 'VASP' }));
    expect(router.state.location.search).toBe('');
  });

  it("combines a terms widget's values as all when its query mode is 'and'", async () => {
    const app = appWith([
      {
        type: 'terms',
        search_quantity: PROGRAM,
        scale: 'linear',
        show_input: false,
        query_mode: 'and',
        layout,
      },
    ]);
    const { requests } = renderWithSearch(<Dashboard />, { app, answer });
    const widget = await screen.findByRole('region', { name: 'Program name' });
    await userEvent.click(await within(widget).findByRole('checkbox', { name: 'VASP' }));
    await waitFor(() => expect(queries(requests)).toContainEqual({ [`${PROGRAM}:all`]: ['VASP'] }));
  });

  it('asks for nbins histogram buckets and filters to a clicked bar', async () => {
    const app = appWith([
      { type: 'histogram', x: { search_quantity: N_ELEMENTS }, y: { scale: 'linear' }, nbins: 20, layout },
    ]);
    const { requests, router } = renderWithSearch(<Dashboard />, { app, answer });

    const widget = await screen.findByRole('region', { name: 'N elements' });
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await waitFor(() => expect(allAggregations(requests)).toContainEqual(expect.anything()));
    const aggregations = allAggregations(requests);
    expect(aggregations).toContainEqual({
      histogram: expect.objectContaining({ quantity: N_ELEMENTS, buckets: 20 }) as object,
    });
    expect(aggregations).toContainEqual({
      min_max: expect.objectContaining({ quantity: N_ELEMENTS }) as object,
    });

    const bar = await within(widget).findByRole('button', { name: '2 - 3: 20' });
    await userEvent.click(bar);
    expect(router.state.location.search).toBe(`?${N_ELEMENTS}[gte]=2&${N_ELEMENTS}[lte]=3`);
    await waitFor(() => expect(queries(requests)).toContainEqual({ [N_ELEMENTS]: { gte: 2, lte: 3 } }));

    // Typed bounds are checked before they are applied.
    const minimum = within(widget).getByRole('textbox', { name: 'Minimum' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, 'many{Enter}');
    expect(within(widget).getByText('Invalid minimum value.')).toBeInTheDocument();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '5{Enter}');
    expect(within(widget).getByText('Cannot be larger than maximum value.')).toBeInTheDocument();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '1{Enter}');
    expect(router.state.location.search).toBe(`?${N_ELEMENTS}[gte]=1&${N_ELEMENTS}[lte]=3`);
  });

  it('adds a widget through its edit dialog, validating the form', async () => {
    renderWithSearch(<Dashboard />, { app: appWith([]), answer });
    expect(await screen.findByText('No widgets on the dashboard.')).toBeInTheDocument();

    // Cancelling a new widget leaves nothing behind.
    await userEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Terms' }));
    expect(screen.getByRole('dialog', { name: 'Edit terms widget' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No widgets on the dashboard.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit terms widget' });
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    await userEvent.click(accept);
    expect(within(dialog).getByText('Search quantity required')).toBeInTheDocument();
    expect(accept).toBeDisabled();

    const quantity = within(dialog).getByRole('combobox', { name: 'Search quantity' });
    await userEvent.type(quantity, N_ELEMENTS);
    expect(within(dialog).getByText(`The quantity "${N_ELEMENTS}" is not available.`)).toBeInTheDocument();
    expect(accept).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, STRUCTURE);
    expect(accept).toBeEnabled();
    await userEvent.click(accept);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Structural type' })).toBeInTheDocument();
  });

  it('says what is missing when a scatter plot without y is accepted', async () => {
    renderWithSearch(<Dashboard />, { app: appWith([]), answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Add widget' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Scatter plot' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit scatter plot widget' });
    const [x] = within(dialog).getAllByRole('combobox', { name: 'Search quantity' });
    await userEvent.type(x!, N_ELEMENTS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Please specify a value')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('edits, removes, imports YAML and resets to the app widgets', async () => {
    const app = appWith([{ type: 'terms', search_quantity: PROGRAM, scale: 'linear', layout }]);
    renderWithSearch(<Dashboard />, { app, answer });
    const widget = await screen.findByRole('region', { name: 'Program name' });

    await userEvent.click(within(widget).getByRole('button', { name: 'Edit widget' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit terms widget' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Codes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('region', { name: 'Codes' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'YAML' }));
    const yaml = screen.getByRole('dialog', { name: 'Dashboard widgets' });
    const editor = within(yaml).getByRole('textbox', { name: 'YAML' });
    expect((editor as HTMLTextAreaElement).value).toContain('title: Codes');
    expect(editor).toHaveAttribute('rows', '30');
    const save = within(yaml).getByRole('button', { name: 'Save' });
    await userEvent.clear(editor);
    await userEvent.paste('widgets: [{type: pie}]');
    expect(within(yaml).getByText('Widget 1: type: Unknown widget type "pie"')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(editor);
    await userEvent.paste('widgets: [');
    expect(within(yaml).getByText(/^This is not YAML: /)).toBeInTheDocument();
    await userEvent.clear(editor);
    await userEvent.paste(
      "- {type: periodictable, search_quantity: results.material.elements, scale: '1/2'}",
    );
    await userEvent.click(save);
    expect(await screen.findByRole('region', { name: 'Elements' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Codes' })).not.toBeInTheDocument();

    await userEvent.click(
      within(screen.getByRole('region', { name: 'Elements' })).getByRole('button', { name: 'Remove widget' }),
    );
    expect(screen.getByText('No widgets on the dashboard.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('region', { name: 'Program name' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide widgets' }));
    expect(screen.queryByRole('region', { name: 'Program name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show widgets (1)' })).toBeInTheDocument();
  });
});
