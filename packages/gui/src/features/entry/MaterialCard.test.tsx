import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaterialCard, MaterialLayout } from './MaterialCard.tsx';
import { renderWithUnits } from './testUnits.tsx';

/** Whether `selector` selects `element`; selectors jsdom cannot read (::-moz-focus-inner) select nothing. */
function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The values `property` is given for `element` by the page's style rules, media rules included. */
function declared(element: Element, property: string): string[] {
  const values: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules);
      else if (rule instanceof CSSStyleRule && matches(element, rule.selectorText)) {
        const value = rule.style.getPropertyValue(property);
        if (value) values.push(value);
      }
    }
  };
  for (const sheet of document.styleSheets) visit(sheet.cssRules);
  return values;
}

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
