import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch } from '../context/testing.tsx';
import { TermsItem } from './TermsItem.tsx';

const PROGRAM = 'results.method.simulation.program_name';
const programs = ['VASP', 'exciting', 'FHI-aims', 'Quantum Espresso', 'CP2K', 'GPAW', 'ABINIT', 'Octopus'];

/** Answers the terms aggregation with as many programs as it asks for. */
const answer = (available: number) => (url: string, body: Record<string, unknown>) => {
  const base = emptyAnswer(url, body) as {
    aggregations: Record<string, { terms?: { size?: number; data: unknown[] } }>;
  };
  const terms = base.aggregations[`${PROGRAM}:menu`]?.terms;
  if (terms) {
    terms.data = programs
      .slice(0, Math.min(terms.size ?? 5, available))
      .map((value, i) => ({ value, count: 10 - i }));
  }
  return base;
};

const aggregationSizes = (requests: { body: Record<string, unknown> }[]) =>
  requests.flatMap(({ body }) => {
    const aggregation = (body.aggregations as Record<string, { terms: { size: number } }>)[`${PROGRAM}:menu`];
    return aggregation ? [aggregation.terms.size] : [];
  });

describe('TermsItem', () => {
  it('lists 5 options by default, more and less, and checks values into the filter', async () => {
    // The answer waits until the test has seen the loading state.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const { requests, router } = renderWithSearch(
      <TermsItem config={{ type: 'terms', search_quantity: PROGRAM }} />,
      { answer: async (url, body) => (await released, answer(8)(url, body)) },
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    const group = await screen.findByRole('group', { name: 'Program name' });
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(5));
    expect(aggregationSizes(requests)).toEqual([5]);
    expect(within(group).getByText('VASP').closest('label')).toHaveTextContent('VASP10');

    await userEvent.click(within(group).getByRole('checkbox', { name: /exciting/ }));
    expect(router.state.location.search).toBe(`?${PROGRAM}=exciting`);
    await userEvent.click(within(group).getByRole('checkbox', { name: /VASP/ }));
    expect(router.state.location.search).toBe(`?${PROGRAM}=exciting,VASP`);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(8));
    expect(aggregationSizes(requests).at(-1)).toBe(10);
    // Fewer values than asked for: there are no more.
    expect(screen.getByRole('button', { name: 'Show more' })).toBeDisabled();
    expect(screen.getByLabelText('No more values available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('says when no value occurs', async () => {
    renderWithSearch(<TermsItem config={{ type: 'terms', search_quantity: PROGRAM }} />, {
      answer: answer(0),
    });
    expect(await screen.findByText('No options available with current query.')).toBeInTheDocument();
  });

  it('shows fixed options with their labels', async () => {
    const { router } = renderWithSearch(
      <TermsItem
        config={{
          type: 'terms',
          search_quantity: 'results.method.method_name',
          options: { DFT: { label: 'Search DFT entries' } },
        }}
      />,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Search DFT entries' }));
    expect(router.state.location.search).toBe('?results.method.method_name=DFT');
  });

  it('adds typed values with show_input, suggesting enumeration values', async () => {
    const { router } = renderWithSearch(
      <TermsItem
        config={{
          type: 'terms',
          search_quantity: 'results.material.structural_type',
          show_input: true,
          options: 0,
        }}
      />,
    );
    const input = await screen.findByRole('combobox', { name: 'Search Structural type' });
    await userEvent.type(input, 'bu');
    await userEvent.click(await screen.findByRole('option', { name: 'bulk' }));
    expect(router.state.location.search).toBe('?results.material.structural_type=bulk');
    // With options 0 no options are listed.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('reports a quantity the app does not offer', () => {
    renderWithSearch(<TermsItem config={{ type: 'terms', search_quantity: 'nope' }} />);
    return screen.findByText('The quantity "nope" is not available.');
  });
});

describe('TermsItem with an enumeration', () => {
  it('asks for the enumeration values and lists all that occur', async () => {
    const values = ['bulk', '2D'];
    const { requests } = renderWithSearch(
      <TermsItem config={{ type: 'terms', search_quantity: 'results.material.structural_type' }} />,
      {
        answer: (url, body) => {
          const base = emptyAnswer(url, body) as {
            aggregations: Record<string, { terms?: { data: unknown[] } }>;
          };
          const terms = base.aggregations['results.material.structural_type:menu']?.terms;
          if (terms) terms.data = values.map((value, i) => ({ value, count: 5 - i }));
          return base;
        },
      },
    );
    const group = await screen.findByRole('group', { name: 'Structural type' });
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(2));
    // 'not processed' is not offered (spec 1 §5.3).
    expect(requests[0]!.body.aggregations).toMatchObject({
      'results.material.structural_type:menu': { terms: { include: ['bulk', '2D'], size: 2 } },
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
