// The overview's cards as the GUI config selects them (ui.entry.cards, spec 3 §2), and a failing card.
import type { EntryResults } from '@oasis/schema';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultCards } from './EntryOverview.tsx';
import { NO_CARDS_WARNING } from './overviewCards.ts';
import { renderWithUnits } from './testUnits.tsx';

const results: EntryResults = {
  material: { material_id: 'm1', chemical_formula_hill: 'Si2', elements: ['Si'], n_elements: 1 },
  method: { method_name: 'DFT' },
  properties: {
    available_properties: ['geometry_optimization'],
    geometry_optimization: { final_energy_difference: 1e-22 },
    optoelectronic: { solar_cell: { efficiency: 18.5 } },
  },
};

/** NOMAD's card options in its order (the server's default `ui.entry.cards`), errors left out. */
const options = Object.fromEntries(
  ['material', 'solarcell', 'geometry_optimization', 'history'].map((key) => [key, {}]),
);
const cardsConfig = (cards: Record<string, unknown>) => ({ entry: { cards } });
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('overview cards from the GUI config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves out the excluded cards and keeps the configured order', () => {
    renderWithUnits(
      <ResultCards results={results} archive={{ status: 'none' }} />,
      cardsConfig({ options, exclude: ['material'] }),
    );
    expect(headings()).toEqual(['Method', 'Solar cell properties', 'Geometry optimization']);
  });

  it('shows the cards of `include` in its order', () => {
    renderWithUnits(
      <ResultCards results={results} archive={{ status: 'none' }} />,
      cardsConfig({ options, include: ['geometry_optimization', 'material'] }),
    );
    expect(headings()).toEqual(['Geometry optimization', 'Material', 'Method']);
  });

  it('warns when the configuration defines no cards', () => {
    renderWithUnits(
      <ResultCards results={results} archive={{ status: 'none' }} />,
      cardsConfig({ options: {} }),
    );
    expect(screen.getByText(NO_CARDS_WARNING)).toBeInTheDocument();
    expect(NO_CARDS_WARNING).toBe(
      'No overview cards defined in the entry context. Ensure that all GUI artifacts are created.',
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it("replaces a card that throws with 'Could not render card.' and keeps the others", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {};
    Object.defineProperty(broken, 'efficiency', {
      get() {
        throw new Error('broken solar cell');
      },
    });
    const withBroken: EntryResults = {
      ...results,
      properties: { ...results.properties, optoelectronic: { solar_cell: broken } },
    };
    renderWithUnits(<ResultCards results={withBroken} archive={{ status: 'none' }} />);
    expect(screen.getByText('Could not render card.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Solar cell properties' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Material' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Geometry optimization' })).toBeInTheDocument();
  });
});
