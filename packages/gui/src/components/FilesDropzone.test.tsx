import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/testing.tsx';
import { stubFileUploads } from '../features/uploads/fakeXhr.ts';
import { FilesDropzone } from './FilesDropzone.tsx';
import { baseUpload, uploadServer } from '../features/uploads/uploadFixtures.ts';

describe('FilesDropzone', () => {
  it('invites to drop files when idle', () => {
    render(<FilesDropzone state={{}} disabled={false} onFiles={vi.fn()} />);
    expect(screen.getByText('Drop files here or click to open dialog')).toBeInTheDocument();
  });

  it('shows the percent of the file being sent', () => {
    render(
      <FilesDropzone state={{ fileName: 'vasp.zip', percent: 42.4 }} disabled={false} onFiles={vi.fn()} />,
    );
    expect(screen.getByText('Uploading vasp.zip (42%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  });
});

describe('FilesDropzone drops', () => {
  it('passes on only files with a name', async () => {
    const onFiles = vi.fn();
    render(<FilesDropzone state={{}} disabled={false} onFiles={onFiles} />);
    const input = screen.getByLabelText('files to upload');
    await userEvent.upload(input, new File(['x'], ''));
    await userEvent.upload(input, new File(['x'], 'named.txt'));
    await waitFor(() => expect(onFiles).toHaveBeenCalled());
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ name: 'named.txt' })]);
  });
});

const PATH_EXISTS = 'The provided path already exists and overwrite_if_exists is set to False.';

describe('dropping a file whose name exists', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The first PUT of each file is refused as existing; a PUT with overwrite_if_exists=true succeeds. */
  const refuseExisting = () =>
    stubFileUploads(({ url }) =>
      url.searchParams.get('overwrite_if_exists') === 'true'
        ? { status: 200, body: { upload_id: 'dft_upload', data: baseUpload } }
        : { status: 409, body: { detail: PATH_EXISTS } },
    );

  async function drop(file: File) {
    renderApp('/user/uploads/upload/id/dft_upload', {}, uploadServer(), { loggedInAs: 'author' });
    await screen.findByText('Drop files here or click to open dialog');
    await userEvent.upload(screen.getByLabelText('files to upload'), file);
  }

  it('asks before overwriting and sends again with overwrite_if_exists=true on Yes', async () => {
    const sent = refuseExisting();
    await drop(new File(['<xml/>'], 'vasp.xml'));
    const dialog = await screen.findByRole('dialog', { name: 'Overwrite file' });
    expect(
      within(dialog).getByText(
        'There is already a file with the same name in this path. Do you want to overwrite the file?',
      ),
    ).toBeInTheDocument();
    expect(sent.map(({ url }) => url.searchParams.get('overwrite_if_exists'))).toEqual(['false']);
    expect(sent[0]?.url.searchParams.get('file_name')).toBe('vasp.xml');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sent.map(({ url }) => url.searchParams.get('overwrite_if_exists'))).toEqual(['false', 'true']),
    );
    expect(sent[1]?.method).toBe('PUT');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Drop files here or click to open dialog')).toBeInTheDocument();
  });

  it('keeps the existing file on No', async () => {
    const sent = refuseExisting();
    await drop(new File(['<xml/>'], 'vasp.xml'));
    const dialog = await screen.findByRole('dialog', { name: 'Overwrite file' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Drop files here or click to open dialog')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
