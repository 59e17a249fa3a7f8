import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch, testApp } from '../context/testing.tsx';
import { FilterMenu } from './FilterMenu.tsx';
import { MENU_WIDTHS } from './sizes.ts';

const GAP = 'results.properties.electronic.band_structure_electronic.band_gap';

const app = {
  ...testApp,
  menu: {
    type: 'menu',
    title: 'Filters',
    size: 'sm',
    items: [
      { type: 'menu', title: 'Material' },
      {
        type: 'menu',
        title: 'Elements',
        size: 'xxl',
        indentation: 1,
        items: [
          { type: 'periodic_table', search_quantity: 'results.material.elements' },
          { type: 'menu', title: 'More', size: 'xs', items: [{ type: 'definitions' }] },
        ],
      },
      {
        type: 'menu',
        title: 'Electronic',
        items: [
          {
            type: 'nested_object',
            path: GAP,
            items: [{ type: 'histogram', x: { search_quantity: `${GAP}.value` } }],
          },
        ],
      },
      { type: 'visibility' },
      { type: 'pie_chart' },
    ],
  },
} as unknown as AppConfig;

const answer = (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as { aggregations: Record<string, { terms?: { data: unknown[] } }> };
  const elements = base.aggregations['results.material.elements:menu']?.terms;
  if (elements) elements.data = [{ value: 'Si', count: 4 }];
  return base;
};

describe('FilterMenu', () => {
  it('opens sub-menus beside the menu, each as wide as its size', async () => {
    const { requests, router } = renderWithSearch(<FilterMenu />, { app, answer });
    const menu = await screen.findByRole('navigation', { name: 'Filters' });
    expect(menu).toHaveStyle({ width: MENU_WIDTHS.sm });
    expect(within(menu).getByText('Material')).toBeInTheDocument();
    expect(within(menu).getByText('Unknown filter menu item type "pie_chart".')).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('button', { name: 'Elements' }));
    const elements = await screen.findByRole('navigation', { name: 'Elements' });
    expect(elements).toHaveStyle({ width: MENU_WIDTHS.xxl });
    const table = await within(elements).findByRole('group', { name: 'periodic table' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Fe' })).toBeDisabled());
    await userEvent.click(within(table).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(router.state.location.search).toBe('?results.material.elements=Si'));
    // Its counts ask for all elements, and its own filter stays in its query ('all' mode).
    const withElements = requests.find(
      ({ body }) => (body.aggregations as Record<string, unknown>)['results.material.elements:menu'],
    );
    expect(withElements?.body.aggregations).toMatchObject({
      'results.material.elements:menu': { terms: { size: 119, exclude_from_search: false } },
    });

    // Nested sub-menus open further to the right; the definitions item filters by entry type.
    await userEvent.click(within(elements).getByRole('button', { name: 'More' }));
    const more = await screen.findByRole('navigation', { name: 'More' });
    expect(more).toHaveStyle({ width: MENU_WIDTHS.xs });
    expect(await within(more).findByRole('group', { name: 'Entry type' })).toBeInTheDocument();

    // Opening another sub-menu of the menu replaces them.
    await userEvent.click(within(menu).getByRole('button', { name: 'Electronic' }));
    const electronic = await screen.findByRole('navigation', { name: 'Electronic' });
    expect(screen.queryByRole('navigation', { name: 'Elements' })).not.toBeInTheDocument();
    expect(electronic).toHaveStyle({ width: MENU_WIDTHS.md });
    expect(await within(electronic).findByRole('group', { name: 'Band gap' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close Electronic' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Electronic' })).not.toBeInTheDocument(),
    );
  });

  it('offers only public data to anonymous visitors', async () => {
    renderWithSearch(<FilterMenu />, { app, answer });
    const visibility = await screen.findByRole('radiogroup', { name: 'Visibility' });
    const options = within(visibility).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'All',
      'Public',
      'Visible',
      'Shared',
      'User',
      'Unpublished',
    ]);
    expect(within(visibility).getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(options.filter((radio) => !(radio as HTMLInputElement).disabled)).toHaveLength(1);
  });

  it('collapses to a strip that shows Filters', async () => {
    renderWithSearch(<FilterMenu />, { app, answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the filter menu' }));
    const strip = screen.getByRole('navigation', { name: 'Filters' });
    expect(strip).toHaveStyle({ width: '3rem' });
    expect(within(strip).getByText('Filters')).toBeInTheDocument();
  });
});

describe('FilterMenu sub-menus', () => {
  it('do not pass one filter’s state to the filter at the same place in the next sub-menu', async () => {
    const switching = {
      ...testApp,
      menu: {
        type: 'menu',
        items: [
          { type: 'menu', title: 'A', items: [{ type: 'terms', search_quantity: 'entry_type', options: 0 }] },
          { type: 'menu', title: 'B', items: [{ type: 'terms', search_quantity: 'published' }] },
        ],
      },
    } as unknown as AppConfig;
    const { requests } = renderWithSearch(<FilterMenu />, { app: switching });
    const menu = await screen.findByRole('navigation', { name: 'Filters' });
    await userEvent.click(within(menu).getByRole('button', { name: 'A' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'B' }));
    await waitFor(() =>
      expect(requests.some((request) => 'published:menu' in (request.body.aggregations as object))).toBe(
        true,
      ),
    );
  });
});
