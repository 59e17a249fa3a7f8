import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Upload } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';
import { baseUpload, json } from './uploadFixtures.ts';
import { deletionPollInterval } from './useUploads.ts';

const upload = (index: number, fields: Partial<Upload> = {}): Upload => ({
  ...baseUpload,
  upload_id: `upload_${index}`,
  upload_name: index === 1 ? 'first upload' : null,
  upload_create_time: '2024-09-06T19:32:41.688000',
  published: index % 2 === 0,
  entries: index,
  ...fields,
});

const commands = {
  upload_url: 'http://oasis.test/api/v1/uploads?token=T',
  upload_command: "curl -X POST 'http://oasis.test/api/v1/uploads?token=T' -T <local_file>",
  upload_command_with_name:
    "curl -X POST 'http://oasis.test/api/v1/uploads?token=T&upload_name=<name>' -T <local_file>",
  upload_progress_command:
    "curl -X POST 'http://oasis.test/api/v1/uploads?token=T' -T <local_file> | xargs echo",
  upload_command_form: "curl -X POST 'http://oasis.test/api/v1/uploads?token=T' -F file=@<local_file>",
  upload_tar_command:
    "tar -cf - <local_folder> | curl -# 'http://oasis.test/api/v1/uploads?token=T' -X POST -T -",
};

interface ServerOptions {
  /** The uploads of each list answer in turn; the last one repeats. */
  pages?: Upload[][];
}

/** 12 uploads, 3 unpublished; page 2 is out of range to test the fallback. */
function server({ pages = [[upload(1), upload(2)]] }: ServerOptions = {}) {
  let listCalls = 0;
  return (url: string, method: string): Response => {
    const parsed = new URL(url);
    const params = parsed.searchParams;
    const path = parsed.pathname;
    if (path.endsWith('/uploads') && method === 'POST') {
      return json({ upload_id: 'new_upload', data: upload(99) });
    }
    if (path.endsWith('/uploads/command-examples')) return json(commands);
    if (path.endsWith('/uploads')) {
      if (params.get('is_published') === 'false') {
        return json({ pagination: { page_size: 10000, total: 3 }, data: [upload(1), upload(3), upload(5)] });
      }
      const page = Number(params.get('page'));
      if (page > 1) return json({ detail: 'Page out of range requested.' }, 400);
      const data = pages[Math.min(listCalls, pages.length - 1)] ?? [];
      listCalls += 1;
      return json({
        pagination: {
          page_size: 10,
          page,
          order_by: params.get('order_by'),
          order: params.get('order'),
          total: 12,
        },
        data,
      });
    }
    if (method === 'DELETE' && path.endsWith('/uploads/upload_3')) {
      return json({ detail: 'The upload upload_3 is still being processed.' }, 400);
    }
    if (method === 'DELETE') return answerOf('uploadDelete', { upload_id: path.split('/').at(-1) });
    // Anything else, e.g. the upload opened after creating it: the smallest answer the API may give.
    return minimalResponse(method, url);
  };
}

const listCalls = (fetch: ReturnType<typeof renderApp>['fetch']) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname.endsWith('/uploads'))
    .map(({ url }) => url)
    .filter((url) => !url.searchParams.has('is_published'));

const examples = {
  plugins: {
    entry_points: {
      options: {
        'examples:vasp': {
          id: 'examples:vasp',
          entry_point_type: 'example_upload',
          title: 'VASP calculations',
          description: 'Some **VASP** runs',
          category: 'Computations',
        },
        'examples:eln': {
          id: 'examples:eln',
          entry_point_type: 'example_upload',
          title: 'Electronic lab notebook',
          description: 'A notebook',
          category: 'Experiments',
        },
      },
    },
  },
};

describe('UploadsPage', () => {
  it('asks anonymous visitors to login', async () => {
    renderApp('/user/uploads');
    expect(
      await screen.findByText('You have to login to upload data and to see your uploads.'),
    ).toBeInTheDocument();
  });

  it('lists the uploads, sorts, and falls back to page 1 when a page is out of range', async () => {
    const { fetch } = renderApp('/user/uploads', {}, server(), { loggedInAs: 'author' });
    const table = await screen.findByRole('table', { name: 'Your existing uploads' });
    expect(listCalls(fetch)[0]?.search).toBe('?page_size=10&page=1&order_by=upload_create_time&order=desc');
    expect(await within(table).findByText('first upload')).toBeInTheDocument();
    expect(within(table).getByText('unnamed upload')).toBeInTheDocument();
    expect(within(table).getAllByText(/^06\/09\/2024 \d\d:32$/)).toHaveLength(2);
    expect(
      within(table).getByRole('img', { name: 'Unpublished, accessible only by you' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('img', { name: 'Published and accessible by everyone' }),
    ).toBeInTheDocument();

    await userEvent.click(within(table).getByText('Name'));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('order_by')).toBe('upload_name'));
    await userEvent.click(within(table).getByText('Status'));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('order_by')).toBe('process_status'));
    await userEvent.click(within(table).getByText('Published'));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('order_by')).toBe('publish_time'));
    expect(listCalls(fetch).at(-1)?.searchParams.get('order')).toBe('desc');

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() =>
      expect(listCalls(fetch).some((url) => url.searchParams.get('page') === '2')).toBe(true),
    );
    await waitFor(() => expect(screen.getByText('1–10 of 12')).toBeInTheDocument());
  });

  it('creates an upload and opens it', async () => {
    const { router, fetch } = renderApp('/user/uploads', {}, server(), { loggedInAs: 'author' });
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
    renderApp('/user/uploads', { servicesUploadLimit: 3 }, server(), { loggedInAs: 'author' });
    expect(
      await screen.findByText('You have reached maximum number of unpublished uploads!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new upload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Example Uploads' })).toBeDisabled();
  });

  it('adds an example upload and opens it', async () => {
    const { router, fetch } = renderApp('/user/uploads', examples, server(), { loggedInAs: 'author' });
    const button = await screen.findByRole('button', { name: 'Add Example Uploads' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Select a sample Upload' });
    const computations = within(dialog).getByRole('region', { name: 'Computations' });
    expect(within(computations).getByText('VASP calculations')).toBeInTheDocument();
    expect(within(computations).getByText('VASP').tagName).toBe('STRONG');
    expect(within(dialog).getByRole('region', { name: 'Experiments' })).toBeInTheDocument();

    await userEvent.click(within(computations).getByRole('button', { name: 'add VASP calculations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/uploads/upload/id/new_upload'));
    const created = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new URL(String(created?.[0])).search).toBe('?example_upload_id=examples%3Avasp');
  });

  it('shows the shell command with a copy button and the alternatives', async () => {
    const user = userEvent.setup();
    renderApp('/user/uploads', {}, server(), { loggedInAs: 'author' });
    expect(await screen.findByLabelText('Upload command')).toHaveTextContent(commands.upload_command);
    await user.click(screen.getByRole('button', { name: 'Copy upload command to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe(commands.upload_command);

    await user.click(screen.getByRole('button', { name: 'Alternative shell commands' }));
    const dialog = screen.getByRole('dialog', { name: 'Alternative shell commands' });
    expect(within(dialog).getByLabelText('Progress command')).toHaveTextContent(
      commands.upload_progress_command,
    );
    expect(within(dialog).getByLabelText('Tar command')).toHaveTextContent(commands.upload_tar_command);
    expect(within(dialog).getByLabelText('Form data command')).toHaveTextContent(
      commands.upload_command_form,
    );
    expect(within(dialog).getByLabelText('Command with name')).toHaveTextContent(
      commands.upload_command_with_name,
    );
  });

  it('shows the request behind the list in the API dialog', async () => {
    renderApp('/user/uploads', {}, server(), { loggedInAs: 'author' });
    const button = await screen.findByRole('button', { name: 'Show the API call' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(screen.getByLabelText('Request')).toHaveTextContent(
      'GET http://oasis.test/nomad-oasis/api/v1/uploads?page_size=10&page=1&order_by=upload_create_time&order=desc',
    );
  });

  it('deletes only own uploads and reports each failure', async () => {
    const foreign = upload(2, { main_author: 'other', writers: ['other', 'author'] });
    const pages = [[upload(1), foreign, upload(3)]];
    const { fetch } = renderApp('/user/uploads', {}, server({ pages }), { loggedInAs: 'author' });
    const table = await screen.findByRole('table', { name: 'Your existing uploads' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'select upload_2' }));
    expect(screen.getByRole('heading', { name: '1 selected' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected upload' })).toBeDisabled();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'select upload_2' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select upload_1' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'select upload_3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected uploads' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete uploads' });
    expect(within(dialog).getByText(/You have selected 2 uploads\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      const deleted = fetch.mock.calls
        .filter(([, init]) => init?.method === 'DELETE')
        .map(([input]) => new URL(String(input)).pathname.split('/').at(-1));
      expect(deleted).toEqual(['upload_1', 'upload_3']);
    });
    expect(
      await screen.findByText('The upload upload_3 is still being processed. (400)'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your existing uploads' })).toBeInTheDocument(),
    );
  });

  it('disables deleting when all selected include someone else’s upload', async () => {
    const foreign = upload(2, { main_author: 'other' });
    renderApp('/user/uploads', {}, server({ pages: [[upload(1), foreign]] }), { loggedInAs: 'author' });
    const table = await screen.findByRole('table', { name: 'Your existing uploads' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'select all' }));
    expect(screen.getByRole('heading', { name: 'All selected' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected uploads' })).toBeDisabled();
  });

  it('polls while an upload is being deleted, until it is gone', async () => {
    const deleting = upload(3, { current_process: 'delete_upload', process_status: 'RUNNING' });
    const pages = [[upload(1), deleting], [upload(1)]];
    const { fetch } = renderApp('/user/uploads', {}, server({ pages }), { loggedInAs: 'author' });
    const table = await screen.findByRole('table', { name: 'Your existing uploads' });
    expect(await within(table).findByText('upload_3')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('upload_3')).not.toBeInTheDocument());
    expect(listCalls(fetch)).toHaveLength(2);
  });
});

describe('deletionPollInterval', () => {
  const page = (uploads: Upload[]) => ({
    pagination: { page_size: 10, total: uploads.length },
    data: uploads,
  });
  it('asks again every 2 s while a deletion is pending or running, and stops after', () => {
    const deleting = (status: Upload['process_status']) =>
      upload(1, { current_process: 'delete_upload', process_status: status });
    expect(deletionPollInterval(page([deleting('PENDING')]))).toBe(2000);
    expect(deletionPollInterval(page([upload(2), deleting('RUNNING')]))).toBe(2000);
    expect(deletionPollInterval(page([deleting('SUCCESS')]))).toBe(false);
    expect(deletionPollInterval(page([upload(1, { process_status: 'RUNNING' })]))).toBe(false);
    expect(deletionPollInterval(undefined)).toBe(false);
  });
});
