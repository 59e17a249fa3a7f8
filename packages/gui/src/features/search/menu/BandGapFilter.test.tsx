import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BAND_GAP_SECTION, BAND_GAP_VALUE, type AppConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch, testApp } from '../context/testing.tsx';
import { FilterMenu } from './FilterMenu.tsx';

// The 'Electronic' sub-menu as the server's default app and NOMAD's apps have it.
const app = {
  ...testApp,
  menu: {
    type: 'menu',
    title: 'Filters',
    items: [
      {
        type: 'menu',
        title: 'Electronic',
        items: [
          {
            type: 'nested_object',
            path: BAND_GAP_SECTION,
            items: [{ type: 'histogram', x: { search_quantity: BAND_GAP_VALUE }, show_input: true }],
          },
        ],
      },
    ],
  },
} as unknown as AppConfig;

const inElectronVolt = {
  unit_systems: {
    selected: 'Custom',
    options: { Custom: { label: 'Custom', units: { energy: { definition: 'eV' } } } },
  },
};

type Aggregations = Record<string, { histogram?: { data: unknown[] }; min_max?: { data: unknown } }>;

/** Band gaps between 0 and 2 eV. */
const answer = (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as { aggregations: Aggregations };
  for (const aggregation of Object.values(base.aggregations)) {
    if (aggregation.histogram) aggregation.histogram.data = [{ value: 0, count: 3 }];
    if (aggregation.min_max) aggregation.min_max.data = [0, 2 * EV];
  }
  return base;
};

describe('the band gap filter', () => {
  it('searches the band gaps processing fills, within their section and in joule', async () => {
    const { requests } = renderWithSearch(<FilterMenu />, { app, answer, ui: inElectronVolt });
    const menu = await screen.findByRole('navigation', { name: 'Filters' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Electronic' }));
    const electronic = screen.getByRole('navigation', { name: 'Electronic' });
    const gap = within(electronic).getByRole('group', { name: 'Band gap' });
    await userEvent.type(await within(gap).findByRole('textbox', { name: 'Minimum (eV)' }), '0.5{Enter}');

    await waitFor(() =>
      expect(requests.some(({ body }) => BAND_GAP_SECTION in (body.query as object))).toBe(true),
    );
    const sent = requests.findLast(({ body }) => BAND_GAP_SECTION in (body.query as object))?.body
      .query as Record<string, { value: { gte: number } }>;
    expect(Object.keys(sent)).toEqual([BAND_GAP_SECTION]);
    expect(sent[BAND_GAP_SECTION]!.value.gte).toBeCloseTo(0.5 * EV, 30);
  });
});
