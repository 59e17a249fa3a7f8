import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntryResults } from '@oasis/schema';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../app/testing.tsx';
import { RelatedResourcesCard, resourcesQuery, UPDATING_RESOURCES } from './RelatedResourcesCard.tsx';

const results = {
  material: { chemical_formula_reduced: 'ClNa', symmetry: { space_group_number: 225 } },
  properties: {
    structures: {
      structure_conventional: {
        n_sites: 8,
        wyckoff_sets: [{ wyckoff_letter: 'b' }, { wyckoff_letter: 'a' }, { wyckoff_letter: 'a' }],
      },
    },
  },
} as unknown as EntryResults;

const resource = (id: string) => ({
  id,
  url: `https://db.example.org/${id}`,
  database_name: 'Example DB',
  comment: 'Found through OPTIMADE.',
  available_data: ['id'],
  download_time: '2025-01-02T10:00:00.000Z',
});

/** The resources API answering each call with the next of `answers` (the last one again after that). */
const resourcesApi = (...answers: unknown[]) => {
  let call = 0;
  return vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(answers[Math.min(call++, answers.length - 1)]))),
  );
};

describe('related resources card', () => {
  it('asks the resources API about the material and its conventional cell', () => {
    expect(resourcesQuery(results)).toEqual({
      chemical_formula_reduced: 'ClNa',
      space_group_number: 225,
      n_sites: 8,
      wyckoff_letters: ['a', 'b'],
    });
    expect(resourcesQuery({} as EntryResults)).toBeUndefined();
  });

  it('says it is updating, asks again, and then lists the records by id, ten a page', async () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      resource(`rec-${String(i).padStart(2, '0')}`),
    ).reverse();
    const fetch = resourcesApi(
      { data: [], is_retrieving_more: true },
      { data: records, is_retrieving_more: false },
    );
    renderWithProviders(<RelatedResourcesCard results={results} />, fetch, {
      rawEnv: { apis: { docs: 'http://x/docs', openapi: 'http://x/o', resources: 'http://x/r' } },
    });
    expect(await screen.findByText(UPDATING_RESOURCES)).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.pathname).toMatch(/\/resources\/$/);
    expect(url.searchParams.getAll('wyckoff_letters')).toEqual(['a', 'b']);
    expect(url.searchParams.get('chemical_formula_reduced')).toBe('ClNa');

    const table = await screen.findByRole('table', { name: 'related resources' });
    const ids = () =>
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(ids()).toEqual(Array.from({ length: 10 }, (_, i) => `rec-0${i}`));
    expect(within(table).getByRole('link', { name: 'rec-00' })).toHaveAttribute(
      'href',
      'https://db.example.org/rec-00',
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(ids()).toEqual(['rec-10', 'rec-11']);
  });

  it('shows nothing when no database has the material', async () => {
    const fetch = resourcesApi({ data: [], is_retrieving_more: false });
    renderWithProviders(<RelatedResourcesCard results={results} />, fetch);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('Related resources')).not.toBeInTheDocument();
  });

  it('says so when the answer is not one of the resources API', async () => {
    renderWithProviders(<RelatedResourcesCard results={results} />, resourcesApi({ items: [] }));
    expect(await screen.findByText(/Could not load the related resources/)).toBeInTheDocument();
  });
});
