import { ELECTRON_VOLT as EV } from '@oasis/chem';
import type { AppConfig } from '@oasis/schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Data } from 'plotly.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// Imported afresh below, after the fake Plotly is in place: test files share their modules, and another
// may have loaded the real Plotly loader already.
let testing: typeof import('../context/testing.tsx');
let Dashboard: typeof import('./Dashboard.tsx').Dashboard;
beforeAll(async () => {
  vi.resetModules();
  testing = await import('../context/testing.tsx');
  ({ Dashboard } = await import('./Dashboard.tsx'));
});

/** What the fake Plotly was asked to draw, and the event handlers the widget registered. */
const drawn = vi.hoisted(() => ({
  data: [] as unknown[],
  layout: undefined as unknown,
  handlers: new Map<string, (event: unknown) => void>(),
}));

vi.mock('../../../components/plot/loadPlotly.ts', () => ({
  loadPlotly: () =>
    Promise.resolve({
      react: (root: HTMLElement & { on?: unknown }, data: unknown[], layout: unknown) => {
        drawn.data = data;
        drawn.layout = layout;
        root.on = (event: string, handler: (event: unknown) => void) => drawn.handlers.set(event, handler);
        return Promise.resolve();
      },
      purge: () => undefined,
      Plots: { resize: () => undefined },
    }),
}));

const N_ELEMENTS = 'results.material.n_elements';
const GAP = 'results.properties.electronic.band_structure_electronic.band_gap.value';

const app = () =>
  ({
    ...testing.testApp,
    dashboard: {
      widgets: [
        {
          type: 'scatter_plot',
          x: { search_quantity: N_ELEMENTS },
          y: { search_quantity: GAP, unit: 'eV' },
          size: 100,
          layout: { sm: { x: 0, y: 0, w: 9, h: 6, minW: 3, minH: 3 } },
        },
      ],
    },
  }) as AppConfig;

function answer(url: string, body: Record<string, unknown>): unknown {
  const pagination = body.pagination as { page_size?: number };
  if (pagination.page_size !== 100) return testing.emptyAnswer(url, body);
  return {
    owner: body.owner,
    pagination: { ...pagination, total: 2 },
    data: [
      {
        entry_id: 'e1',
        results: {
          material: { n_elements: 2 },
          properties: { electronic: { band_structure_electronic: [{ band_gap: [{ value: 1.5 * EV }] }] } },
        },
      },
      { entry_id: 'e2', results: { material: { n_elements: 3 } } },
    ],
  };
}

describe('ScatterPlotWidget', () => {
  afterEach(() => window.localStorage.clear());

  it('plots the entries of the search, opens a clicked entry and filters to a selected box', async () => {
    const { requests, router } = testing.renderWithSearch(<Dashboard />, { app: app(), answer });
    await waitFor(() => expect(drawn.handlers.size).toBe(2));

    const scatter = requests.find(
      (request) => (request.body.pagination as { page_size: number }).page_size === 100,
    );
    expect(scatter!.body).toEqual({
      owner: 'public',
      query: {},
      aggregations: {},
      pagination: { page_size: 100, order: 'asc', order_by: 'entry_id' },
      required: { include: ['entry_id', N_ELEMENTS, GAP] },
    });
    await waitFor(() => expect((drawn.data[0] as Data & { x: number[] }).x).toEqual([2]));
    const [trace] = drawn.data as (Data & { y: number[]; customdata: string[]; marker: { size: number } })[];
    expect(trace!.y[0]).toBeCloseTo(1.5, 12);
    expect(trace!.customdata).toEqual(['e1']);
    expect(trace!.marker.size).toBe(8);
    expect(drawn.layout).toMatchObject({ dragmode: 'zoom', yaxis: { title: { text: 'Value (eV)' } } });

    // The test router has no entry page: its 404 report is expected.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => drawn.handlers.get('plotly_click')!({ points: [{ customdata: 'e1' }] }));
    quiet.mockRestore();
    expect(router.state.location.pathname).toBe('/search/entries/entry/id/e1');
    act(() => void router.navigate('/search/entries'));

    const widget = await screen.findByRole('region', { name: 'Value (eV) vs. N elements' });
    await userEvent.click(within(widget).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(drawn.layout).toMatchObject({ dragmode: 'select' }));
    act(() => drawn.handlers.get('plotly_selected')!({ range: { x: [3, 1], y: [1, 2] } }));
    await waitFor(() =>
      expect(requests.at(-1)!.body.query).toMatchObject({ [N_ELEMENTS]: { gte: 1, lte: 3 } }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(Number(search.get(`${GAP}[gte]`))).toBeCloseTo(EV, 30);
    expect(Number(search.get(`${GAP}[lte]`))).toBeCloseTo(2 * EV, 30);
  });
});
