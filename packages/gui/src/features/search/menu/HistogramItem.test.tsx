import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch } from '../context/testing.tsx';
import { HistogramItem } from './HistogramItem.tsx';

const N = 'results.material.n_elements';
const GAP = 'results.properties.electronic.band_structure_electronic.band_gap.value';

type Aggregations = Record<
  string,
  { histogram?: { data: unknown[]; interval?: number }; min_max?: { data: unknown } }
>;

const answer = (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as { aggregations: Aggregations };
  for (const [name, aggregation] of Object.entries(base.aggregations)) {
    const gap = name.startsWith(GAP);
    if (aggregation.histogram) {
      aggregation.histogram.data = gap
        ? [
            { value: 0, count: 3 },
            { value: EV, count: 4 },
          ]
        : [
            { value: 1, count: 2 },
            { value: 2, count: 5 },
            { value: 3, count: 1 },
          ];
      if (gap) aggregation.histogram.interval = EV;
    }
    if (aggregation.min_max) aggregation.min_max.data = gap ? [0, 2 * EV] : [1, 3];
  }
  return base;
};

const unitSystems = {
  unit_systems: {
    selected: 'Custom',
    options: { Custom: { label: 'Custom', units: { energy: { definition: 'eV' } } } },
  },
};

describe('HistogramItem', () => {
  it('counts integers per value and checks and commits typed bounds', async () => {
    const { requests, router } = renderWithSearch(
      <HistogramItem config={{ type: 'histogram', x: { search_quantity: N } }} />,
      { answer },
    );
    const min = await screen.findByRole('textbox', { name: 'Minimum' });
    const max = screen.getByRole('textbox', { name: 'Maximum' });
    expect(requests[0]!.body.aggregations).toMatchObject({
      [`${N}:menu_histogram`]: { histogram: { quantity: N, interval: 1, exclude_from_search: true } },
      [`${N}:menu_min_max`]: { min_max: { quantity: N } },
    });
    expect(screen.getAllByRole('button', { name: /: 5$/ })).toHaveLength(1);

    await userEvent.type(min, 'abc');
    expect(screen.getByText('Invalid minimum value.')).toBeInTheDocument();
    await userEvent.clear(min);
    await userEvent.type(min, '2{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatch(new RegExp(`^\\?${N}\\[gte\\]=2&`)));
    const committed = router.state.location.search;

    await userEvent.clear(max);
    await userEvent.type(max, '1');
    expect(screen.getByText('Cannot be larger than maximum value.')).toBeInTheDocument();
    expect(screen.getByText('Cannot be smaller than minimum value.')).toBeInTheDocument();
    await userEvent.type(max, '{Enter}');
    expect(router.state.location.search).toBe(committed);

    await userEvent.clear(max);
    await userEvent.type(max, '3');
    await userEvent.tab();
    expect(router.state.location.search).toBe(`?${N}[gte]=2&${N}[lte]=3`);

    // Bounds can be made exclusive.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include maximum' }));
    expect(router.state.location.search).toBe(`?${N}[gte]=2&${N}[lt]=3`);
  });

  it('shows and reads values in the selected unit system, filters in SI', async () => {
    const { router, requests } = renderWithSearch(
      <HistogramItem config={{ type: 'histogram', x: { search_quantity: GAP } }} />,
      { answer, ui: unitSystems },
    );
    const min = await screen.findByRole('textbox', { name: 'Minimum (eV)' });
    expect(screen.getByText('Value (eV)')).toBeInTheDocument();
    expect(requests[0]!.body.aggregations).toMatchObject({
      [`${GAP}:menu_histogram`]: { histogram: { quantity: GAP, buckets: 30 } },
    });
    await userEvent.type(min, '1{Enter}');
    const range = new URLSearchParams(router.state.location.search);
    expect(Number(range.get(`${GAP}[gte]`))).toBeCloseTo(EV, 30);
    // Clicking a bar chooses it, its upper end excluded (the next bar starts there).
    await userEvent.click(screen.getByRole('button', { name: /^0 - 1: 3$/ }));
    const bar = new URLSearchParams(router.state.location.search);
    expect(Number(bar.get(`${GAP}[gte]`))).toBe(0);
    expect(Number(bar.get(`${GAP}[lt]`))).toBeCloseTo(EV, 30);
  });

  it('checks dates', async () => {
    renderWithSearch(
      <HistogramItem config={{ type: 'histogram', x: { search_quantity: 'upload_create_time' } }} />,
      {
        answer: (url, body) => {
          const base = emptyAnswer(url, body) as { aggregations: Aggregations };
          for (const aggregation of Object.values(base.aggregations)) {
            if (aggregation.histogram)
              aggregation.histogram.data = [{ value: '2024-01-01T00:00:00Z', count: 1 }];
            if (aggregation.min_max)
              aggregation.min_max.data = [Date.parse('2024-01-01'), Date.parse('2024-06-01')];
          }
          return base;
        },
      },
    );
    const start = await screen.findByRole('textbox', { name: 'Minimum' });
    await userEvent.type(start, 'yesterday');
    expect(screen.getByText('Invalid start date.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum' }), 'soon');
    expect(screen.getByText('Invalid end date.')).toBeInTheDocument();
  });
});
