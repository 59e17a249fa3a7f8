import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaterialCard, MaterialLayout } from './MaterialCard.tsx';
import { declared } from '../../core/declaredStyle.ts';
import { renderWithUnits } from './testUnits.tsx';

describe('MaterialCard', () => {
  it('keeps the lattice block reachable: the details scroll within the card instead of being clipped', async () => {
    // The viewer itself needs WebGL and the archive: its place in the layout is all that matters here.
    renderWithUnits(
      <MaterialLayout
        viewer={<div style={{ height: 440 }}>structure viewer</div>}
        details={
          <MaterialCard
            material={{ chemical_formula_hill: 'Si2', elements: ['Si'], structural_type: 'bulk' }}
            structures={{
              structure_original: {
                n_sites: 2,
                cell_volume: 4.0047e-29,
                lattice_parameters: { a: 3.8403e-10, b: 3.8403e-10, c: 3.8403e-10, alpha: Math.PI / 3 },
              },
            }}
          />
        }
      />,
    );
    const details = await screen.findByRole('region', { name: 'material details' });
    const lattice = within(details).getByRole('table', { name: 'lattice parameters' });
    expect(within(lattice).getByRole('rowheader', { name: 'number of sites' })).toBeInTheDocument();
    expect(details).toHaveAttribute('tabindex', '0');
    expect(declared(details, 'overflow-y')).toContain('auto');
    // The grid's row is bound to the card's height; an auto row would grow past it and the card clip it.
    const grid = details.parentElement!;
    expect(declared(grid, 'height')).toContain('700px');
    expect(declared(grid, 'grid-template-rows')).toContain('minmax(0, 1fr)');
  });
});
