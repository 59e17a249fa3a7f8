import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntryMetadata } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';
import { baseEntry, sentBodies, uploadServer } from './uploadFixtures.ts';

const second = { ...baseEntry, entry_id: 'dft_bulk_2', mainfile: 'sub/vasp_2.xml' };

/** An entry of another upload that refers to dft_bulk: deleting dft_bulk breaks it. */
const referencing = {
  entry_id: 'ref_entry',
  upload_id: 'other_upload',
  mainfile: 'refers.archive.json',
  entry_references: [
    { target_entry_id: 'dft_bulk', target_mainfile: 'vasp.xml', target_upload_id: 'dft_upload' },
  ],
};

const server = (referencingEntries: object[]) =>
  uploadServer({
    entries: [baseEntry, second],
    other: (url, method) =>
      method === 'POST' && url.pathname.endsWith('/entries/query')
        ? answerOf('entriesQuery', { owner: 'visible', data: referencingEntries as EntryMetadata[] })
        : undefined,
  });

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .filter(Boolean);

async function openTable(referencingEntries: object[] = []) {
  const rendered = renderApp('/user/uploads/upload/id/dft_upload', {}, server(referencingEntries), {
    loggedInAs: 'author',
  });
  const table = await screen.findByRole('table', { name: 'entries' });
  await within(table).findByText('sub/vasp_2.xml');
  return { ...rendered, table };
}

describe('UploadEntriesTable', () => {
  it('shows name, type, mainfile and process status; the chooser adds the other columns', async () => {
    const { table } = await openTable();
    expect(headers(table)).toEqual(['Name', 'Type', 'Mainfile', 'Process status']);
    expect(screen.getByRole('heading', { name: '2 entries' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the shown columns' }));
    const menu = screen.getByRole('menu');
    const options = within(menu).getAllByRole('menuitemcheckbox');
    expect(options.map((option) => option.textContent)).toEqual([
      'Name',
      'Type',
      'Mainfile',
      'Entry id',
      'Parser name',
      'Authors',
      'Process status',
      'Modified',
      'Comment',
      'References',
      'Datasets',
    ]);
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Entry id' }));
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Comment' }));
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Type' }));
    await userEvent.keyboard('{Escape}');
    expect(headers(table)).toEqual(['Name', 'Mainfile', 'Entry id', 'Process status', 'Comment']);
    expect(within(table).getAllByText('a comment')).toHaveLength(2);
    expect(within(table).getByText('dft_bulk_2')).toBeInTheDocument();
  });

  it('offers page sizes 5, 10, 50 and 100', async () => {
    await openTable();
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['5', '10', '50', '100']);
  });

  it('downloads the files of the selected entries', async () => {
    const { table } = await openTable();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select dft_bulk_2' }));
    expect(screen.getByRole('heading', { name: '1 selected' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download files of the selected entries' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.pathname).toBe('/nomad-oasis/api/v1/entries/raw');
    expect(JSON.parse(url.searchParams.get('json_query')!)).toEqual({ entry_id: ['dft_bulk_2'] });
    expect(screen.getByRole('button', { name: 'Edit metadata of the selected entries' })).toBeEnabled();

    // All selected means the whole upload.
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select all' }));
    expect(screen.getByRole('heading', { name: 'All selected' })).toBeInTheDocument();
    const all = new URL(
      screen.getByRole('link', { name: 'Download files of the selected entries' }).getAttribute('href')!,
    );
    expect(JSON.parse(all.searchParams.get('json_query')!)).toEqual({ upload_id: 'dft_upload' });
  });

  it('deletes the selected entries', async () => {
    const { table, fetch } = await openTable();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select dft_bulk_2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete entries' });
    expect(
      within(dialog).getByText(
        'You have selected 1 entry. Are you sure you want to delete the selected entry?',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST', '/entries/query')).toEqual([
        { owner: 'visible', query: { entry_references: { 'target_entry_id:any': ['dft_bulk_2'] } } },
      ]),
    );
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST', '/uploads/dft_upload/action/delete-entry-files')).toEqual([
        { query: { entry_id: ['dft_bulk_2'] }, include_parent_folders: true },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: '2 entries' })).toBeInTheDocument());
  });

  it('warns about entries elsewhere that refer to the deleted ones and asks to delete anyway', async () => {
    const { table, fetch } = await openTable([referencing]);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select dft_bulk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete entries' });
    expect(
      await within(dialog).findByText('Warning: There are some entries which are referenced somewhere else.'),
    ).toBeInTheDocument();
    const deleted = within(dialog).getByRole('table', { name: 'References being deleted' });
    expect(within(deleted).getByText('vasp.xml')).toBeInTheDocument();
    const broken = within(dialog).getByRole('table', { name: 'Broken entries' });
    expect(within(broken).getByText('refers.archive.json')).toBeInTheDocument();
    expect(within(broken).getByText('other_upload')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST', '/uploads/dft_upload/action/delete-entry-files')).toEqual([
        { query: { entry_id: ['dft_bulk'] }, include_parent_folders: false },
      ]),
    );
  });

  it('offers only the download to those who cannot edit', async () => {
    renderApp('/user/uploads/upload/id/dft_upload', {}, server([]));
    const table = await screen.findByRole('table', { name: 'entries' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'select dft_bulk' }));
    expect(screen.getByRole('link', { name: 'Download files of the selected entries' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected entries' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Edit metadata of the selected entries' }),
    ).not.toBeInTheDocument();
  });
});
