import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractCheckedFetch, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { EntryOverview } from '../entry/EntryOverview.tsx';
import type { EntryData } from '../../api/entries/types.ts';

const entry = (parserName: string): EntryData => ({
  entry_id: 'e1',
  upload_id: 'u1',
  mainfile: 'xps/scan.nxs',
  parser_name: parserName,
  authors: [],
  datasets: [],
});

const render = (data: EntryData) =>
  renderWithProviders(
    <EntryOverview entry={data} />,
    contractCheckedFetch((input, init) =>
      Promise.resolve(minimalResponse(init?.method ?? 'GET', String(input))),
    ),
  );

describe('the NeXus card', () => {
  it('shows the NeXus file of a nexus-parser entry in h5web', async () => {
    render(entry('parsers/nexus'));
    const card = (await screen.findByRole('heading', { name: 'NeXus' })).closest<HTMLElement>(
      '.MuiCard-root',
    )!;
    expect(within(card).getByTestId('h5-viewer')).toBeInTheDocument();
  });

  it('is not there for entries of other parsers', async () => {
    render(entry('parsers/vasp'));
    await screen.findByRole('heading', { name: 'Metadata' });
    expect(screen.queryByRole('heading', { name: 'NeXus' })).toBeNull();
    expect(screen.queryByTestId('h5-viewer')).toBeNull();
  });
});
