import type { AppConfig } from '@oasis/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderResults, type QueryBody } from './testHarness.tsx';

const materials: AppConfig = {
  label: 'Materials',
  path: 'materials',
  resource: 'materials',
  category: 'All',
};
const answer = (data: unknown[]) => (body: QueryBody) => ({
  owner: body.owner,
  pagination: { ...body.pagination, total: data.length },
  data,
});
const silicon = { material_id: 'm-si', chemical_formula_hill: 'Si', structural_type: 'bulk' };

describe('row actions', () => {
  it("links materials to the encyclopedia ('View in Encyclopedia'), without selection or details", async () => {
    renderResults(materials, answer([silicon]), { encyclopediaBase: 'https://encyclopedia.test' });
    const row = await screen.findByRole('row', { name: /Si/ });
    expect(within(row).getByRole('link', { name: 'View in Encyclopedia' })).toHaveAttribute(
      'href',
      'https://encyclopedia.test/material/m-si',
    );
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(row).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it("shows 'Not available' for an empty action link", async () => {
    const user = userEvent.setup();
    renderResults(materials, answer([silicon]));
    const row = await screen.findByRole('row', { name: /Si/ });
    // No encyclopedia and no entries app to show the material's entries in.
    const action = within(row).getByRole('button', { name: 'Show the entries of this material' });
    expect(action).toBeDisabled();
    await user.hover(action.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available');
  });

  it('resolves configured url actions from the row data', async () => {
    const app: AppConfig = {
      label: 'Notebooks',
      path: 'notebooks',
      resource: 'entries',
      category: 'Tools',
      columns: [{ search_quantity: 'entry_name', selected: true }],
      rows: {
        actions: {
          enabled: true,
          items: [
            {
              type: 'url',
              description: 'Launch Jupyter notebook',
              path: "data.references[?kind=='hub'].uri",
            },
          ],
        },
      },
    };
    const user = userEvent.setup();
    renderResults(
      app,
      answer([
        {
          entry_id: 'n1',
          entry_name: 'with hub',
          data: { references: [{ kind: 'hub', uri: 'https://hub.test/n1' }] },
        },
        { entry_id: 'n2', entry_name: 'without hub', data: { references: [] } },
      ]),
    );
    const withHub = await screen.findByRole('row', { name: /with hub/ });
    expect(within(withHub).getByRole('link', { name: 'Launch Jupyter notebook' })).toHaveAttribute(
      'href',
      'https://hub.test/n1',
    );
    const without = within(screen.getByRole('row', { name: /without hub/ })).getByRole('button', {
      name: 'Launch Jupyter notebook',
    });
    await user.hover(without.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available');
  });
});
