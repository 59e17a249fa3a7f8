import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contractCheckedFetch } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { Hdf5DatasetsCard, mayReferenceHdf5 } from './Hdf5DatasetsCard.tsx';

const archiveAnswer = (data: unknown) =>
  new Response(
    JSON.stringify({
      entry_id: 'e1',
      required: { data: '*' },
      data: { entry_id: 'e1', upload_id: 'u1', parser_name: 'parsers/archive', archive: { data } },
    }),
  );

const renderCard = (data: unknown) => {
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch(() => Promise.resolve(archiveAnswer(data))),
  );
  renderWithProviders(<Hdf5DatasetsCard entryId="e1" uploadId="u1" />, fetch);
  return { fetch };
};

describe('the HDF5 datasets card', () => {
  it('is asked for on entries written as archive files only', () => {
    expect(mayReferenceHdf5('parsers/archive')).toBe(true);
    expect(mayReferenceHdf5('parsers/vasp')).toBe(false);
    expect(mayReferenceHdf5(undefined)).toBe(false);
  });

  it('lists the referenced datasets and opens h5web only on request', async () => {
    const { fetch } = renderCard({
      name: 'scan',
      image: '/uploads/u1/raw/scan.h5#/entry/data/image',
      spectra: [{ counts: 'scan.h5#/entry/spectrum' }],
    });
    expect(await screen.findByText('HDF5 datasets')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/entries\/e1\/archive\/query$/);
    expect(JSON.parse(String(init?.body))).toEqual({ required: { data: '*' } });
    expect(screen.getByText('scan.h5/entry/data/image')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveTextContent('data/image');
    expect(screen.queryByTestId('h5-viewer')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open in h5web' }));
    expect(screen.getByTestId('h5-viewer')).toBeInTheDocument();
  });

  it('says when an annotated section’s signal cannot be resolved', async () => {
    renderCard({ result: { m_annotations: { h5web: { signal: 'missing' } } } });
    expect(await screen.findByText('Cannot resolve section.')).toBeInTheDocument();
  });

  it('says when an h5web annotation names no signal', async () => {
    renderCard({ result: { m_annotations: { h5web: {} } } });
    expect(await screen.findByText('No h5web annotations found.')).toBeInTheDocument();
  });

  it('shows nothing for data without HDF5 references', async () => {
    const { fetch } = renderCard({ name: 'plain', note: 'see #3' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('HDF5 datasets')).not.toBeInTheDocument();
  });
});
