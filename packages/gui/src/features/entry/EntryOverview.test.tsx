import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { contractCheckedFetch, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { EntryOverview } from './EntryOverview.tsx';
import type { EntryData } from '../../api/entries/types.ts';

/** With the app's providers: the references card asks the API (here: no referencing entries). */
const render = (ui: ReactElement) =>
  renderWithProviders(
    ui,
    contractCheckedFetch((input, init) =>
      Promise.resolve(minimalResponse(init?.method ?? 'GET', String(input))),
    ),
  );

const entry: EntryData = {
  entry_id: 'dft_bulk',
  upload_id: 'dft_upload',
  mainfile: 'vasp.xml',
  comment: 'Mocked',
  references: ['doi'],
  authors: [{ user_id: 'u1', name: 'Markus Scheidgen' }],
  datasets: [],
  upload_create_time: '2023-04-11T15:33:33.122887+00:00',
  last_processing_time: '2021-03-17T15:47:32.899000+00:00',
  nomad_version: '0.10.0',
  results: {
    material: {
      material_id: 'bulk_material',
      elements: ['Si'],
      n_elements: 1,
      structural_type: 'bulk',
      chemical_formula_hill: 'Si2',
      chemical_formula_descriptive: 'Si2',
    },
  },
};

const valueOf = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

describe('EntryOverview', () => {
  it('shows metadata, identifiers and the material, with unavailable for empty values', () => {
    render(<EntryOverview entry={entry} />);
    const metadata = screen.getByText('Metadata').closest<HTMLElement>('.MuiCard-root')!;
    expect(valueOf(metadata, 'comment')).toBe('Mocked');
    expect(valueOf(metadata, 'entry name')).toBe('unavailable');
    expect(valueOf(metadata, 'datasets')).toBe('unavailable');
    expect(valueOf(metadata, 'authors')).toBe('Markus Scheidgen');

    const identifiers = screen.getByText('Identifiers').closest<HTMLElement>('.MuiCard-root')!;
    expect(valueOf(identifiers, 'entry id')).toBe('dft_bulk');
    expect(valueOf(identifiers, 'material id')).toBe('bulk_material');
    expect(valueOf(identifiers, 'raw id')).toBe('unavailable');
    expect(valueOf(identifiers, 'processing version')).toBe('0.10.0');

    const material = screen.getByText('Material').closest<HTMLElement>('.MuiCard-root')!;
    expect(valueOf(material, 'formula')).toBe('Si2');
    expect(valueOf(material, 'number of elements')).toBe('1 (unary)');
    expect(valueOf(material, 'structural type')).toBe('bulk');
    expect(within(material).getByText('Si')).toBeInTheDocument();
  });

  it("offers the entry's API calls with the metadata it shows", async () => {
    render(<EntryOverview entry={entry} />);
    const identifiers = screen.getByText('Identifiers').closest<HTMLElement>('.MuiCard-root')!;
    await userEvent.click(within(identifiers).getByRole('button', { name: 'API' }));
    const dialog = await screen.findByRole('dialog', { name: 'API' });
    expect(dialog).toHaveTextContent('GET http://oasis.test/nomad-oasis/api/v1/entries/dft_bulk/archive');
    expect(dialog).toHaveTextContent('curl "http://oasis.test/nomad-oasis/api/v1/entries/dft_bulk"');
    expect(dialog).toHaveTextContent('metadata = response.json()');
    expect(dialog).toHaveTextContent('"comment": "Mocked"');
  });

  it('shows not processed values as unavailable', () => {
    render(
      <EntryOverview entry={{ ...entry, results: { material: { structural_type: 'not processed' } } }} />,
    );
    const material = screen.getByText('Material').closest<HTMLElement>('.MuiCard-root')!;
    expect(valueOf(material, 'structural type')).toBe('unavailable');
    expect(valueOf(material, 'formula')).toBe('unavailable');
  });
});
