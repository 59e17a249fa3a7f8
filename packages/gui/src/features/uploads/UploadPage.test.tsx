import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing.tsx';
import { testApp } from '../search/context/testing.tsx';
import { stubFileUploads } from './fakeXhr.ts';
import { baseEntry, baseUpload, json, sentBodies, uploadServer } from './uploadFixtures.ts';

/** The upload is running for the first `runningAnswers` answers, then done. */
function processingServer(runningAnswers: number) {
  let uploadCalls = 0;
  const running = {
    ...baseUpload,
    process_running: true,
    process_status: 'RUNNING',
    last_status_message: 'Parsing vasp.xml',
  };
  return uploadServer({
    other: (url, method) => {
      if (method !== 'GET' || !url.pathname.endsWith('/uploads/dft_upload')) return undefined;
      uploadCalls += 1;
      return json({ upload_id: 'dft_upload', data: uploadCalls <= runningAnswers ? running : baseUpload });
    },
  });
}

const missing = uploadServer({
  other: (url) =>
    url.pathname.endsWith('/uploads/missing')
      ? json({ detail: 'The specified upload_id was not found.' }, 404)
      : undefined,
});

describe('UploadPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the upload, its processing line and entries, and opens an entry', async () => {
    const { router } = renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer());
    expect(await screen.findByRole('heading', { name: 'unnamed upload' })).toBeInTheDocument();
    expect(screen.getByText('upload id: dft_upload')).toBeInTheDocument();
    expect(screen.getByText('Processing completed')).toBeInTheDocument();
    expect(await screen.findByText('1/1 entries processed')).toBeInTheDocument();
    const stepper = document.querySelector<HTMLElement>('.MuiStepper-root')!;
    const steps = [
      'Prepare and upload your files',
      'Process data',
      'Edit visibility and access',
      'Edit metadata',
      'Publish',
    ];
    for (const step of steps) expect(within(stepper).getByText(step)).toBeInTheDocument();
    // An anonymous visitor is no writer: no dropzone, no renaming, reprocess and delete disabled.
    expect(screen.queryByText('Drop files here or click to open dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the upload name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete upload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reprocess' })).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Unpublished' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'entries' });
    const row = within(table).getByText('vasp.xml').closest('tr')!;
    expect(within(row).getByText('Si bulk')).toBeInTheDocument();
    expect(within(row).getByText('VASP')).toBeInTheDocument();
    expect(within(row).getByText('SUCCESS')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('Si bulk'));
    expect(router.state.location.pathname).toBe('/user/uploads/upload/id/dft_upload/entry/id/dft_bulk');
    // The entry page (its own lazily loaded chunk) has opened.
    expect(await screen.findByRole('tab', { name: 'logs' })).toBeInTheDocument();
  });

  it('refreshes while processing and shows the banner until done', async () => {
    const { fetch } = renderApp('/user/uploads/upload/id/dft_upload', {}, processingServer(1));
    expect(await screen.findByText(/Upload is processing \.\.\. Parsing vasp\.xml/)).toBeInTheDocument();
    expect(screen.getByText('Processing ...')).toBeInTheDocument();
    expect(await screen.findByText('Processing completed')).toBeInTheDocument();
    expect(screen.queryByText(/Upload is processing/)).not.toBeInTheDocument();
    const uploadCalls = fetch.mock.calls.filter(([input]) => String(input).endsWith('/uploads/dft_upload'));
    expect(uploadCalls).toHaveLength(2);
  });

  it('asks for the entries again once processing ends, as their last answer may be older', async () => {
    // The entries' answer to the poll that sees the end still counts the entry as processing.
    let entryCalls = 0;
    const server = processingServer(1);
    const lagging = (url: URL, method: string) => {
      if (method !== 'GET' || !url.pathname.endsWith('/uploads/dft_upload/entries')) return undefined;
      entryCalls += 1;
      return json({
        pagination: { page_size: 5, order_by: 'process_status', order: 'asc', page: 1, total: 1 },
        processing_successful: entryCalls <= 2 ? 0 : 1,
        processing_failed: 0,
        upload: baseUpload,
        data: [],
      });
    };
    renderApp(
      '/user/uploads/upload/id/dft_upload',
      {},
      (url, method) => lagging(new URL(url), method) ?? server(url, method),
    );
    expect(await screen.findByText('0/1 entries processed')).toBeInTheDocument();
    expect(await screen.findByText('Processing completed')).toBeInTheDocument();
    expect(await screen.findByText('1/1 entries processed')).toBeInTheDocument();
    expect(entryCalls).toBe(3);
  });

  it('shows a file dropped before the first entries arrived, processed before the upload was asked again', async () => {
    // The page's first answers are on their way when the file is sent, and processing ends before the
    // upload is read again: its only 'running' state is in the file's own answer.
    const added = { ...baseEntry, entry_id: 'added', mainfile: 'film.archive.yaml', entry_name: 'film' };
    let sentFile = false;
    let releaseFirst: () => void = () => undefined;
    const firstAnswerHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const before = uploadServer({ entries: [] });
    const after = uploadServer({ entries: [added] });
    stubFileUploads(() => {
      sentFile = true;
      return {
        status: 200,
        body: {
          upload_id: 'dft_upload',
          data: { ...baseUpload, process_running: true, process_status: 'PENDING' },
        },
      };
    });
    let entryCalls = 0;
    renderApp(
      '/user/uploads/upload/id/dft_upload',
      {},
      (url, method) => {
        const isEntries = new URL(url).pathname.endsWith('/uploads/dft_upload/entries');
        if (isEntries && ++entryCalls === 1) return firstAnswerHeld.then(() => before(url, method));
        return (sentFile ? after : before)(url, method);
      },
      { loggedInAs: 'author' },
    );
    await screen.findByText('Drop files here or click to open dialog');
    await userEvent.upload(
      screen.getByLabelText('files to upload'),
      new File(['data: {}'], 'film.archive.yaml'),
    );
    await waitFor(() => expect(sentFile).toBe(true));
    // The first answer, asked for before the file was there, arrives only now.
    releaseFirst();
    expect(await screen.findByText('1/1 entries processed')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'entries' })).getByText('film.archive.yaml'),
    ).toBeInTheDocument();
  });

  it('shows the API message when the upload cannot be loaded', async () => {
    renderApp('/user/uploads/upload/id/missing', {}, missing);
    expect(await screen.findByText('The specified upload_id was not found.')).toBeInTheDocument();
  });

  it('offers the dropzone, renaming, reprocessing and delete to the main author', async () => {
    const { fetch } = renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer(), {
      loggedInAs: 'author',
    });
    expect(await screen.findByText('Drop files here or click to open dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete upload' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Unpublished, accessible only by you' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit the upload name' }));
    const input = screen.getByRole('textbox', { name: 'Upload name' });
    await userEvent.type(input, '  My upload  ');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST', '/uploads/dft_upload/edit')).toEqual([
        { metadata: { upload_name: 'My upload' } },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reprocess' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) =>
            String(input).endsWith('/uploads/dft_upload/action/process') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('does not let reviewers rename, reprocess or delete', async () => {
    const server = uploadServer({ upload: { reviewers: ['rev'], viewers: ['author', 'rev'] } });
    renderApp('/user/uploads/upload/id/dft_upload', {}, server, { loggedInAs: 'rev' });
    expect(
      await screen.findByRole('img', { name: 'Unpublished, accessible by you as a reviewer' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the upload name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reprocess' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete upload' })).toBeDisabled();
  });

  it('links to the search in this upload and to the compressed download', async () => {
    const env = { ui: { apps: { options: { entries: testApp } } } };
    renderApp('/user/uploads/upload/id/dft_upload', env, uploadServer());
    expect(await screen.findByRole('link', { name: 'Search in this upload' })).toHaveAttribute(
      'href',
      '/search/entries?upload_id=dft_upload',
    );
    expect(screen.getByRole('link', { name: 'Download files' })).toHaveAttribute(
      'href',
      'http://oasis.test/nomad-oasis/api/v1/uploads/dft_upload/raw?compress=true',
    );
  });

  it('asks for README.md only when the root listing has one', async () => {
    const { fetch } = renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer());
    await screen.findByText('1/1 entries processed');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => /\/uploads\/dft_upload\/rawdir\/?(\?|$)/.test(String(url))),
      ).toBe(true),
    );
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/raw/README.md'))).toBe(false);
    expect(screen.queryByText('README.md')).not.toBeInTheDocument();
  });

  it('renders README.md as markdown without raw HTML', async () => {
    const readme =
      '# About this upload\n\nSee [the paper](https://example.org).\n\n<script>alert(1)</script>';
    renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer({ readme }));
    expect(await screen.findByRole('heading', { name: 'About this upload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the paper' })).toHaveAttribute('href', 'https://example.org');
    expect(screen.getByRole('button', { name: 'README.md' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByText(/alert/)).not.toBeInTheDocument();
  });

  it('lists the files in the first step 500 at a time and opens folder lanes below the upload path', async () => {
    const listing = (path: string, content: object[]) =>
      json({
        path,
        access: 'unpublished',
        directory_metadata: { name: path, size: 8, content },
        pagination: { page_size: 500, page: 1, total: content.length, order: 'asc' },
      });
    const server = uploadServer({
      other: (url) => {
        if (/\/uploads\/dft_upload\/rawdir\/?$/.test(url.pathname)) {
          return listing('', [
            { name: 'inputs', size: 8, is_file: false },
            { name: 'files', size: 0, is_file: false },
          ]);
        }
        if (url.pathname.endsWith('/uploads/dft_upload/rawdir/inputs')) {
          return listing('inputs', [{ name: 'INCAR', size: 8, is_file: true }]);
        }
        return undefined;
      },
    });
    const { fetch, router } = renderApp('/user/uploads/upload/id/dft_upload', {}, server);
    const folder = await screen.findByRole('link', { name: /inputs/ });
    const listings = fetch.mock.calls
      .map(([input]) => new URL(String(input)))
      // The file browser's (the README lookup lists the root without entry info).
      .filter((url) => /\/rawdir\/?$/.test(url.pathname) && url.searchParams.has('include_entry_info'));
    expect(listings.map((url) => url.searchParams.get('page_size'))).toEqual(['500']);
    expect(listings[0]!.searchParams.get('include_entry_info')).toBe('true');
    // A folder named like the files tab opens there: its lane path would be the tab's.
    expect(document.querySelector('[data-testid=lane-item][data-key=files]')).toHaveAttribute(
      'href',
      '/user/uploads/upload/id/dft_upload/files/files',
    );

    await userEvent.click(folder);
    expect(router.state.location.pathname).toBe('/user/uploads/upload/id/dft_upload/inputs');
    expect(await screen.findByRole('link', { name: /INCAR/ })).toBeInTheDocument();
    // Still the overview: the stepper stays, the files tab is not selected.
    expect(screen.getByText('Prepare and upload your files')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no README when the upload has none', async () => {
    renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer());
    expect(await screen.findByText('1/1 entries processed')).toBeInTheDocument();
    expect(screen.queryByText('README.md')).not.toBeInTheDocument();
  });
});
