import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

const upload = (index: number) => ({
  process_running: false,
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  upload_id: `upload_${index}`,
  upload_name: index === 1 ? 'first upload' : null,
  upload_create_time: '2024-09-06T19:32:41.688000',
  main_author: 'author',
  writers: ['author'],
  viewers: ['author'],
  published: index % 2 === 0,
  published_to: [],
  with_embargo: false,
  embargo_length: 0,
  license: 'CC BY 4.0',
  entries: index,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** 12 uploads, 3 unpublished; page 2 is out of range to test the fallback. */
function server(url: string, method: string): Response {
  const parsed = new URL(url);
  const params = parsed.searchParams;
  // renderApp answers by URL only: the create call is the one without parameters.
  if (parsed.pathname.endsWith('/uploads') && parsed.search === '') {
    return json({ upload_id: 'new_upload', data: upload(99) });
  }
  if (parsed.pathname.endsWith('/uploads')) {
    if (params.get('is_published') === 'false') {
      return json({ pagination: { page_size: 10000, total: 3 }, data: [upload(1), upload(3), upload(5)] });
    }
    const page = Number(params.get('page'));
    if (page > 1) return json({ detail: 'Page out of range requested.' }, 400);
    return json({
      pagination: {
        page_size: 10,
        page,
        order_by: params.get('order_by'),
        order: params.get('order'),
        total: 12,
      },
      data: [upload(1), upload(2)],
    });
  }
  // Anything else, e.g. the upload opened after creating it: the smallest answer the API may give.
  return minimalResponse(method, url);
}

describe('UploadsPage', () => {
  it('asks anonymous visitors to login', async () => {
    renderApp('/user/uploads');
    expect(
      await screen.findByText('You have to login to upload data and to see your uploads.'),
    ).toBeInTheDocument();
  });

  it('lists the uploads, sorts, and falls back to page 1 when a page is out of range', async () => {
    const { fetch } = renderApp('/user/uploads', {}, server, { loggedInAs: 'author' });
    const table = await screen.findByRole('table', { name: 'Your existing uploads' });
    const listCalls = () =>
      fetch.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((url) => url.pathname.endsWith('/uploads') && !url.searchParams.has('is_published'));
    expect(listCalls()[0]?.search).toBe('?page_size=10&page=1&order_by=upload_create_time&order=desc');
    expect(await within(table).findByText('first upload')).toBeInTheDocument();
    expect(within(table).getByText('unnamed upload')).toBeInTheDocument();
    expect(within(table).getAllByText(/^06\/09\/2024 \d\d:32$/)).toHaveLength(2);

    await userEvent.click(within(table).getByText('Published'));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('order_by')).toBe('publish_time'));

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(listCalls().some((url) => url.searchParams.get('page') === '2')).toBe(true));
    await waitFor(() => expect(screen.getByText('1–10 of 12')).toBeInTheDocument());
  });

  it('creates an upload and opens it', async () => {
    const { router, fetch } = renderApp('/user/uploads', {}, server, { loggedInAs: 'author' });
    const create = await screen.findByRole('button', { name: 'Create a new upload' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/uploads/upload/id/new_upload'));
    // The upload page (its own lazily loaded chunk) has opened.
    expect(await screen.findByRole('tab', { name: 'overview' })).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([input, init]) => String(input).endsWith('/uploads') && init?.method === 'POST'),
    ).toBe(true);
  });

  it('disables creating at the limit of unpublished uploads', async () => {
    renderApp('/user/uploads', { servicesUploadLimit: 3 }, server, { loggedInAs: 'author' });
    expect(
      await screen.findByText('You have reached maximum number of unpublished uploads!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new upload' })).toBeDisabled();
  });
});
