import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { appsEnv, plainEntriesApp, renderApp } from '../../app/testing.tsx';
import { testUpload } from '../uploads/uploadFixtures.ts';

const apps = appsEnv({ entries: plainEntriesApp });

const listing = (path: string, content: object[], total = content.length) =>
  Response.json({
    path,
    access: 'unpublished',
    directory_metadata: { name: path, size: 0, content },
    pagination: { page_size: 40, page: 1, total, order: 'asc' },
  });

const fileMetadata = (path: string, meta: object) =>
  Response.json({
    path,
    access: 'unpublished',
    file_metadata: { name: path.split('/').pop(), is_file: true, ...meta },
  });

const chunk = 'x'.repeat(16384);

function answer(url: string, method: string): Response {
  const { pathname, searchParams } = new URL(url);
  const api = '/nomad-oasis/api/v1';
  if (pathname === `${api}/uploads/u1`) {
    return answerOf('uploadById', {
      upload_id: 'u1',
      data: testUpload({ upload_id: 'u1', published: true }),
    });
  }
  if (pathname === `${api}/uploads/u1/rawdir/` || pathname === `${api}/uploads/u1/rawdir`) {
    return listing('', [
      { name: 'dir with space', size: 41000, is_file: false },
      { name: 'empty', size: 0, is_file: false },
      {
        name: 'schema.archive.json',
        size: 1200,
        is_file: true,
        entry_id: 'e2',
        parser_name: 'parsers/archive',
      },
    ]);
  }
  if (pathname === `${api}/uploads/u1/rawdir/dir%20with%20space`) {
    if (searchParams.get('page_size') === '1') return listing('dir with space', []);
    return listing('dir with space', [
      { name: 'big.txt', size: 40000, is_file: true },
      { name: 'vasp.xml', size: 3237, is_file: true, entry_id: 'e1', parser_name: 'parsers/vasp' },
    ]);
  }
  if (pathname === `${api}/uploads/u1/rawdir/dir%20with%20space/big.txt`) {
    return fileMetadata('dir with space/big.txt', { size: 40000 });
  }
  if (pathname === `${api}/uploads/u1/rawdir/dir%20with%20space/vasp.xml`) {
    return fileMetadata('dir with space/vasp.xml', {
      size: 3237,
      entry_id: 'e1',
      parser_name: 'parsers/vasp',
    });
  }
  if (pathname === `${api}/uploads/u1/raw/dir%20with%20space/big.txt`) {
    expect(searchParams.get('length')).toBe('16384');
    expect(searchParams.get('decompress')).toBe('true');
    return new Response(searchParams.get('offset') === '0' ? chunk : 'tail');
  }
  if (pathname === `${api}/uploads/u1/rawdir/huge.png`) return fileMetadata('huge.png', { size: 20_000_000 });
  if (pathname === `${api}/uploads/u1/rawdir/bad.json`) return fileMetadata('bad.json', { size: 9 });
  if (pathname === `${api}/uploads/u1/raw/bad.json`) return new Response('{not json');
  if (pathname === `${api}/uploads/u1/rawdir/missing`) {
    return new Response(JSON.stringify({ detail: 'Not found. Invalid path?' }), { status: 404 });
  }
  if (pathname === `${api}/entries/e1`) {
    return answerOf('entryById', {
      entry_id: 'e1',
      data: {
        entry_id: 'e1',
        upload_id: 'u1',
        mainfile: 'dir with space/vasp.xml',
        published: true,
      } as never,
    });
  }
  return minimalResponse(method, url);
}

const base = '/user/uploads/upload/id/u1/files';

describe('file browser', () => {
  it('lists the upload root with parser chips, the archive parser as the product name', async () => {
    renderApp(base, apps, answer, { loggedInAs: 'someone' });
    const item = await screen.findByRole('link', { name: /schema\.archive\.json/ });
    expect(within(item).getByText('NOMAD')).toBeInTheDocument();
    expect(within(item).getByText('1.2 kB')).toBeInTheDocument();
    const folder = screen.getByRole('link', { name: /dir with space/ });
    expect(folder).toHaveAttribute('href', `${base}/dir%20with%20space`);
    // Folders show the size of the files below them, when there are any.
    expect(within(folder).getByText('41.0 kB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /empty/ }).textContent).toBe('empty');
  });

  it('restores folder, file and text preview lanes from a deep link', async () => {
    renderApp(`${base}/dir%20with%20space/big.txt/preview`, apps, answer, { loggedInAs: 'someone' });
    const preview = await screen.findByTestId('text-preview');
    expect(await within(preview).findByText(chunk)).toBeInTheDocument();
    expect(screen.getAllByTestId('lane')).toHaveLength(4);
    expect(screen.getByRole('link', { name: /big\.txt/ })).toHaveClass('Mui-selected');
    expect(screen.getByTestId('file-size')).toHaveTextContent('40.0 kB');
  });

  it("offers 'Preview with {viewer} viewer' above the viewer's limit", async () => {
    renderApp(`${base}/huge.png/preview`, apps, answer, { loggedInAs: 'someone' });
    expect(await screen.findByRole('button', { name: 'Preview with image viewer' })).toBeInTheDocument();
  });

  it('falls back to the text viewer when a file cannot be opened', async () => {
    renderApp(`${base}/bad.json/preview`, apps, answer, { loggedInAs: 'someone' });
    expect(await screen.findByText('Failed to open with json viewer. Bad file format?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open with text viewer' }));
    expect(await screen.findByTestId('text-preview')).toHaveTextContent('{not json');
  });

  it('says which path could not be found', async () => {
    renderApp(`${base}/missing`, apps, answer, { loggedInAs: 'someone' });
    expect(await screen.findByText('The item "missing" could not be found.')).toBeInTheDocument();
  });

  it("opens the entry's files tab on its mainfile's folder with the mainfile highlighted", async () => {
    renderApp('/search/entries/entry/id/e1/files/_mainfile', apps, answer);
    expect(await screen.findByText('Entry files')).toBeInTheDocument();
    const mainfile = await screen.findByRole('link', { name: /vasp\.xml/ });
    expect(mainfile).toHaveAttribute('href', '/search/entries/entry/id/e1/files/_mainfile');
    expect(mainfile).toHaveClass('Mui-selected');
    expect(within(mainfile).getByText('vasp')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'processed data' })).toHaveAttribute(
      'href',
      '/search/entries/entry/id/e1/data',
    );
    expect(screen.getByRole('link', { name: /big\.txt/ })).toHaveAttribute(
      'href',
      '/search/entries/entry/id/e1/files/big.txt',
    );
  });
});
