import { screen, waitFor, within } from '@testing-library/react';
import type { EntryDefinitionsResponse } from '@oasis/schema';
import { describe, expect, it, vi } from 'vitest';
import { contractCheckedFetch, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { EntryOverview } from '../entry/EntryOverview.tsx';
import type { EntryData } from '../../api/entries/types.ts';

/** A schema file as `simple-schema.archive.yaml` writes one: a package of two sections and no data. */
const quantity = (name: string, definedBy: string) => ({
  name,
  type: { type_kind: 'python', type_data: 'str' },
  defined_by: definedBy,
});
const CHEMICAL = 'e1#/definitions/section_definitions/0';
const INSTRUMENT = 'e1#/definitions/section_definitions/1';
const definitions: EntryDefinitionsResponse = {
  entry_id: 'e1',
  data: {
    root: CHEMICAL,
    package: { name: 'NOMAD Example Lab', sections: [CHEMICAL, INSTRUMENT] },
    sections: {
      [CHEMICAL]: {
        name: 'Chemical',
        search_name: 'Chemical',
        description: 'A chemical of the **lab**.\n\nMore on its storage.',
        base_sections: ['nomad.datamodel.metainfo.eln.Chemical', 'nomad.datamodel.data.EntryData'],
        quantities: [
          quantity('storage_hold', CHEMICAL),
          quantity('supplier', CHEMICAL),
          quantity('name', 'nomad.datamodel.metainfo.eln.Chemical'),
        ],
        sub_sections: [],
      },
      [INSTRUMENT]: {
        name: 'Instrument',
        search_name: 'Instrument',
        base_sections: [CHEMICAL],
        quantities: [quantity('serial', INSTRUMENT)],
        sub_sections: [],
      },
    },
  },
};

const entry: EntryData = {
  entry_id: 'e1',
  upload_id: 'u1',
  mainfile: 'simple-schema.archive.yaml',
  parser_name: 'parsers/archive',
  authors: [],
  datasets: [],
};

const renderSchemaEntry = () => {
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch((input, init) => {
      const url = String(input);
      if (url.endsWith('/entries/e1/definitions'))
        return Promise.resolve(new Response(JSON.stringify(definitions)));
      if (url.endsWith('/entries/e1/archive/query')) {
        const archive = { metadata: { entry_id: 'e1' }, definitions: { name: 'NOMAD Example Lab' } };
        const required = JSON.parse(String(init?.body)) as { required: unknown };
        const data = { entry_id: 'e1', upload_id: 'u1', parser_name: 'parsers/archive', archive };
        return Promise.resolve(new Response(JSON.stringify({ entry_id: 'e1', ...required, data })));
      }
      return Promise.resolve(minimalResponse(init?.method ?? 'GET', url));
    }),
  );
  renderWithProviders(<EntryOverview entry={entry} />, fetch);
  return fetch;
};

describe('the definitions card of a schema file', () => {
  it('lists the package’s sections with what they inherit and hold, linked to the metainfo browser', async () => {
    renderSchemaEntry();
    const card = (await screen.findByRole('heading', { name: 'Definitions' })).closest<HTMLElement>(
      '.MuiCard-root',
    )!;
    expect(card).toHaveTextContent("The schema package 'NOMAD Example Lab' defines 2 sections.");
    const chemical = within(card).getByRole('link', { name: 'Chemical' });
    expect(chemical).toHaveAttribute('href', '/analyze/metainfo/entry_id:e1/Chemical');
    const item = chemical.closest('li')!;
    expect(item).toHaveTextContent('A chemical of the lab.');
    expect(item).not.toHaveTextContent('More on its storage');
    expect(item).toHaveTextContent(
      'inherits from nomad.datamodel.metainfo.eln.Chemical, nomad.datamodel.data.EntryData',
    );
    expect(item).toHaveTextContent('2 quantities, 0 sub-sections');
    const instrument = within(card).getByRole('link', { name: 'Instrument' }).closest('li')!;
    expect(instrument).toHaveTextContent('inherits from Chemical · 1 quantity, 0 sub-sections');
    expect(within(card).getByRole('link', { name: 'Open in the metainfo browser' })).toHaveAttribute(
      'href',
      '/analyze/metainfo/entry_id:e1',
    );
  });

  it('shows no notebook form for a schema without data', async () => {
    const fetch = renderSchemaEntry();
    await screen.findByRole('heading', { name: 'Definitions' });
    // The archive (which has no data) has been read and its definitions resolved: no form follows.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/archive/query'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Chemical' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
