import { screen, within } from '@testing-library/react';
import { minimalAnswer, type UploadResponse } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { appsEnv, plainEntriesApp, renderApp } from '../../app/testing.tsx';

const withEntry =
  (metadata: Record<string, unknown>) =>
  (url: string, method: string): Response =>
    new URL(url).pathname.endsWith('/entries/e1')
      ? answerOf('entryById', { entry_id: 'e1', data: { entry_id: 'e1', upload_id: 'u1', ...metadata } })
      : minimalResponse(method, url);

const crumbs = () => screen.findByRole('navigation', { name: 'breadcrumbs' });

describe('entry breadcrumbs', () => {
  it('name the upload (a link to it) and the entry', async () => {
    renderApp(
      '/user/uploads/upload/id/u1/entry/id/e1',
      {},
      withEntry({ upload_name: 'My upload', entry_name: 'Si bulk', mainfile: 'dir/vasp.xml' }),
    );
    const nav = await crumbs();
    expect(await within(nav).findByRole('link', { name: 'My upload' })).toHaveAttribute(
      'href',
      '/user/uploads/upload/id/u1',
    );
    expect(within(nav).getByText('Si bulk')).toBeInTheDocument();
  });

  it('fall back to the mainfile, then to Upload and Entry', async () => {
    renderApp(
      '/user/uploads/upload/id/u1/entry/id/e1/files/_mainfile',
      {},
      withEntry({ mainfile: 'dir/vasp.xml' }),
    );
    const nav = await crumbs();
    expect(await within(nav).findByText('dir/vasp.xml')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Upload' })).toBeInTheDocument();
  });

  it.each(['/search/entries/entry/id/e1', '/entry/id/e1'])(
    'add the upload above an entry reached from a search or by its own address (%s)',
    async (path) => {
      renderApp(
        path,
        appsEnv({ entries: plainEntriesApp }),
        withEntry({ upload_name: 'My upload', entry_name: 'Si bulk' }),
      );
      const nav = await crumbs();
      expect(await within(nav).findByRole('link', { name: 'My upload' })).toHaveAttribute(
        'href',
        '/user/uploads/upload/id/u1',
      );
      expect(within(nav).getByText('Si bulk')).toBeInTheDocument();
      // Once: the upload's own crumb is not repeated.
      expect(within(nav).getAllByText('My upload')).toHaveLength(1);
    },
  );

  it("name the upload on the upload's own page", async () => {
    const upload = minimalAnswer('uploadById') as UploadResponse;
    renderApp('/user/uploads/upload/id/u1', {}, (url, method) =>
      new URL(url).pathname.endsWith('/uploads/u1')
        ? answerOf('uploadById', { upload_id: 'u1', data: { ...upload.data, upload_name: 'Rock salt runs' } })
        : minimalResponse(method, url),
    );
    const nav = await crumbs();
    expect(await within(nav).findByText('Rock salt runs')).toBeInTheDocument();
  });

  it('keep Entry when the entry does not exist', async () => {
    renderApp('/entry/id/e2', {}, (url, method) =>
      url.endsWith('/entries/e2')
        ? new Response(JSON.stringify({ detail: 'The entry does not exist' }), { status: 404 })
        : minimalResponse(method, url),
    );
    expect(await screen.findByText('This entry does not exist.')).toBeInTheDocument();
    expect(within(await crumbs()).getByText('Entry')).toBeInTheDocument();
  });
});
