import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

const baseUpload = {
  process_running: false,
  current_process: 'process_upload',
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  upload_id: 'dft_upload',
  upload_create_time: '2024-09-06T19:24:53.290000',
  main_author: 'author',
  coauthors: [],
  reviewers: [],
  writers: ['author'],
  viewers: ['author'],
  published: false,
  published_to: [],
  with_embargo: false,
  embargo_length: 0,
  license: 'CC BY 4.0',
  entries: 1,
};

const entry = {
  process_running: false,
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  entry_id: 'dft_bulk',
  entry_create_time: '2024-09-06T19:24:53.293000',
  mainfile: 'vasp.xml',
  upload_id: 'dft_upload',
  parser_name: 'parsers/vasp',
  entry_metadata: { entry_name: 'Si bulk', entry_type: 'VASP' },
};

/** Answers the upload (running for the first `runningAnswers` calls) and its entries. */
function server(runningAnswers: number) {
  let uploadCalls = 0;
  return (url: string, method: string) => {
    const path = new URL(url).pathname;
    if (path.endsWith('/uploads/dft_upload')) {
      uploadCalls += 1;
      const running = uploadCalls <= runningAnswers;
      const upload = running
        ? {
            ...baseUpload,
            process_running: true,
            process_status: 'RUNNING',
            last_status_message: 'Parsing vasp.xml',
          }
        : baseUpload;
      return new Response(JSON.stringify({ upload_id: 'dft_upload', data: upload }));
    }
    if (path.endsWith('/uploads/dft_upload/entries')) {
      return new Response(
        JSON.stringify({
          pagination: { page_size: 5, order_by: 'process_status', order: 'asc', page: 1, total: 1 },
          processing_successful: 1,
          processing_failed: 0,
          upload: baseUpload,
          data: [entry],
        }),
      );
    }
    if (path.endsWith('/uploads/missing')) {
      return new Response(JSON.stringify({ detail: 'The specified upload_id was not found.' }), {
        status: 404,
      });
    }
    // Anything else, e.g. the entry opened from the table: the smallest answer the API may give.
    return minimalResponse(method, url);
  };
}

describe('UploadPage', () => {
  it('shows the upload, its processing line and entries, and opens an entry', async () => {
    const { router } = renderApp('/user/uploads/upload/id/dft_upload', {}, server(0));
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
    // An anonymous visitor is no writer: no dropzone, no delete.
    expect(screen.queryByText('Drop files here or click to open dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'delete' })).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'entries' });
    const row = within(table).getByText('vasp.xml').closest('tr')!;
    expect(within(row).getByText('Si bulk')).toBeInTheDocument();
    expect(within(row).getByText('VASP')).toBeInTheDocument();
    expect(within(row).getByText('SUCCESS')).toBeInTheDocument();
    await userEvent.click(row);
    expect(router.state.location.pathname).toBe('/user/uploads/upload/id/dft_upload/entry/id/dft_bulk');
    // The entry page (its own lazily loaded chunk) has opened.
    expect(await screen.findByRole('tab', { name: 'logs' })).toBeInTheDocument();
  });

  it('refreshes while processing and shows the banner until done', async () => {
    const { fetch } = renderApp('/user/uploads/upload/id/dft_upload', {}, server(1));
    expect(await screen.findByText(/Upload is processing \.\.\. Parsing vasp\.xml/)).toBeInTheDocument();
    expect(screen.getByText('Processing ...')).toBeInTheDocument();
    expect(await screen.findByText('Processing completed')).toBeInTheDocument();
    expect(screen.queryByText(/Upload is processing/)).not.toBeInTheDocument();
    const uploadCalls = fetch.mock.calls.filter(([input]) => String(input).endsWith('/uploads/dft_upload'));
    expect(uploadCalls).toHaveLength(2);
  });

  it('shows the API message when the upload cannot be loaded', async () => {
    renderApp('/user/uploads/upload/id/missing', {}, server(0));
    expect(await screen.findByText('The specified upload_id was not found.')).toBeInTheDocument();
  });

  it('offers the dropzone and delete to the main author of an unpublished upload', async () => {
    renderApp('/user/uploads/upload/id/dft_upload', {}, server(0), { loggedInAs: 'author' });
    expect(await screen.findByText('Drop files here or click to open dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'delete' })).toBeEnabled();
  });
});
