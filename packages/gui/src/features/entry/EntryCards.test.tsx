import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contractCheckedFetch } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { EntryReferencesCard, REFERENCED_BY_LIMIT_TEXT } from './EntryReferencesCard.tsx';
import { entryActivities, HistoryCard } from './HistoryCard.tsx';

/** An entries/query answer with `n` referencing entries, newest first. */
const referencing = (n: number) =>
  new Response(
    JSON.stringify({
      owner: 'visible',
      query: {},
      pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc', total: n },
      required: {},
      data: Array.from({ length: n }, (_, i) => ({
        entry_id: `ref${i}`,
        entry_name: `sample ${i}`,
        mainfile: `sample${i}.archive.json`,
        upload_id: 'up',
      })),
    }),
  );

const renderReferences = (n: number) => {
  const fetch = vi.fn<typeof globalThis.fetch>(contractCheckedFetch(() => Promise.resolve(referencing(n))));
  renderWithProviders(<EntryReferencesCard entryId="target1" />, fetch);
  return fetch;
};

describe('entry references card', () => {
  it('asks for the latest 20 entries referencing this one and links them', async () => {
    const fetch = renderReferences(3);
    expect(await screen.findByRole('link', { name: 'sample 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByText('3 entries reference this entry')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/entries\/query$/);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      query: { 'entry_references.target_entry_id': 'target1' },
      pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
    });
    await userEvent.hover(screen.getByText('3 entries reference this entry'));
    expect(screen.queryByText(REFERENCED_BY_LIMIT_TEXT)).not.toBeInTheDocument();
  });

  it('says that at most the latest 20 are shown when there are exactly 20', async () => {
    renderReferences(20);
    const count = await screen.findByText('20 entries reference this entry');
    await userEvent.hover(count);
    expect(await screen.findByText('Only showing at most the latest 20 entries.')).toBeInTheDocument();
  });

  it('shows nothing for an entry nobody references', async () => {
    const fetch = renderReferences(0);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('Referenced by')).not.toBeInTheDocument();
  });
});

describe('history card', () => {
  const entry = {
    entry_id: 'e1',
    mainfile: 'x.archive.json',
    upload_create_time: '2024-01-01T10:00:00+00:00',
    entry_create_time: '2024-01-01T10:00:01+00:00',
    last_processing_time: '2024-01-02T10:00:00+00:00',
    nomad_version: '1.3.0',
    publish_time: '2024-02-01T10:00:00+00:00',
  };

  it('lists what happened, newest first', () => {
    expect(entryActivities(entry).map((activity) => activity.what)).toEqual([
      'Published',
      'Processed',
      'Entry created',
      'Upload created',
    ]);
    renderWithProviders(<HistoryCard entry={entry} />, vi.fn());
    const history = screen.getByRole('heading', { name: 'History' }).closest<HTMLElement>('.MuiCard-root')!;
    expect(within(history).getByText('Processed (version 1.3.0)')).toBeInTheDocument();
    expect(within(history).getByText('Entry created (x.archive.json)')).toBeInTheDocument();
  });
});
