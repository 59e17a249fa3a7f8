import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch, type RecordedRequest } from '../context/testing.tsx';
import { CustomQuantitiesItem } from './CustomQuantitiesItem.tsx';
import { NO_CUSTOM_QUANTITIES } from './customQuantities.ts';

const LENGTH = 'data.length#upload/raw/schema.yaml#/definitions/section_definitions/0';
const NAME = 'data.sample_name#upload/raw/schema.yaml#/definitions/section_definitions/0';

const listing = (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as { aggregations: Record<string, { terms?: { data: unknown[] } }> };
  const paths = base.aggregations.paths?.terms;
  if (paths) {
    paths.data = [
      {
        value: LENGTH,
        count: 3,
        entries: [
          {
            search_quantities: [
              { id: NAME, str_value: 'A' },
              { id: LENGTH, float_value: 2.5 },
            ],
          },
        ],
      },
      { value: NAME, count: 2, entries: [{ search_quantities: [{ id: NAME, str_value: 'B' }] }] },
    ];
  }
  return base;
};

const listings = (requests: RecordedRequest[]) =>
  requests.filter((request) => 'paths' in ((request.body.aggregations as object | undefined) ?? {}));

describe('CustomQuantitiesItem', () => {
  it('loads the quantities once and applies complete rows with Update search', async () => {
    const { requests, router } = renderWithSearch(<CustomQuantitiesItem />, { answer: listing });
    const update = await screen.findByRole('button', { name: 'Update search' });
    expect(listings(requests)).toHaveLength(1);
    expect(listings(requests)[0]!.body).toMatchObject({
      owner: 'visible',
      query: { 'quantities:any': ['data', 'nexus'] },
      pagination: { page_size: 0 },
      aggregations: {
        paths: { terms: { quantity: 'search_quantities.id', size: 1000, entries: { size: 1 } } },
      },
    });
    expect(update).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Quantity' }));
    await userEvent.click(await screen.findByRole('option', { name: LENGTH }));
    expect(update).toBeDisabled();
    // Numbers can be compared.
    await userEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['=', '<', '<=', '>=', '>']);
    await userEvent.click(within(listbox).getByRole('option', { name: '>=' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 1' }), '2');
    expect(update).toBeEnabled();

    // A second row must be complete too; strings can only be matched.
    await userEvent.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(update).toBeDisabled();
    await userEvent.click(screen.getAllByRole('combobox', { name: 'Quantity' })[1]!);
    await userEvent.click(await screen.findByRole('option', { name: NAME }));
    await userEvent.click(screen.getAllByRole('combobox', { name: 'Operator' })[1]!);
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['=']);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 2' }), 'A');
    await userEvent.click(update);
    // Each row is one comma-separated value of the parameter (commas inside it are escaped).
    const raw = /custom_quantities=([^&]*)/.exec(router.state.location.search)?.[1] ?? '';
    expect(raw.split(',').map((row) => JSON.parse(decodeURIComponent(row)) as unknown)).toEqual([
      { id: LENGTH, operator: 'gte', value: 2, field: 'float_value' },
      { id: NAME, operator: 'search', value: 'A', field: 'str_value' },
    ]);
    await waitFor(() =>
      expect(requests.at(-1)!.body.query).toEqual({
        and: [
          { search_quantities: { id: LENGTH, float_value: { gte: 2 } } },
          { search_quantities: { id: NAME, str_value: 'A' } },
        ],
      }),
    );
    expect(listings(requests)).toHaveLength(1);
  });

  it('says when there is nothing to search for', async () => {
    renderWithSearch(<CustomQuantitiesItem />);
    expect(await screen.findByText(NO_CUSTOM_QUANTITIES)).toBeInTheDocument();
  });
});
