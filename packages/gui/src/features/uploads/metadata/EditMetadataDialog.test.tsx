import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi, type Answer } from '../members/stepTesting.tsx';
import { json, testUpload } from '../uploadFixtures.ts';
import { EditMetadataDialog } from './EditMetadataDialog.tsx';

const entry = (entryId: string, metadata: Record<string, unknown>) => ({
  process_running: false,
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  entry_id: entryId,
  entry_create_time: '2024-09-06T19:24:53.293000',
  mainfile: `${entryId}/vasp.xml`,
  upload_id: 'dft_upload',
  parser_name: 'parsers/vasp',
  entry_metadata: metadata,
});

const entries = [
  entry('e1', {
    comment: 'Mocked',
    references: ['https://doi.org/10.1000/1'],
    datasets: [{ dataset_id: 'ds1', dataset_name: 'My dataset' }],
  }),
  entry('e2', { references: ['https://example.org/paper'] }),
];

const dataset = (id: string, name: string, doi?: string) => ({
  dataset_id: id,
  dataset_name: name,
  user_id: 'author',
  dataset_create_time: '2024-09-06T19:24:53.293000',
  ...(doi ? { doi } : {}),
});
const userDatasets = [dataset('ds1', 'My dataset'), dataset('ds2', 'Other dataset')];

/** The entries, the user's datasets, creating a dataset and the edit (answered by `edit`). */
const server =
  (edit: Answer = () => json({ upload_id: 'dft_upload', data: testUpload() })): Answer =>
  (request) => {
    const { method, path } = request;
    if (method === 'GET' && path === 'uploads/dft_upload/entries') {
      return json({
        pagination: { page_size: 1000, page: 1, total: entries.length },
        processing_successful: 2,
        processing_failed: 0,
        upload: testUpload({ entries: 2 }),
        data: entries,
      });
    }
    if (method === 'GET' && path === 'datasets') {
      return json({ pagination: { page_size: 1000, page: 1, total: 2 }, data: userDatasets });
    }
    if (method === 'POST' && path === 'datasets') {
      return json({ dataset_id: 'ds-new', data: dataset('ds-new', 'Fresh') });
    }
    if (method === 'POST' && path === 'uploads/dft_upload/edit') return edit(request);
    return undefined;
  };

function renderDialog({ answer = server(), entryIds }: { answer?: Answer; entryIds?: string[] } = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const rendered = renderWithApi(
    <EditMetadataDialog open onClose={onClose} uploadId="dft_upload" entryIds={entryIds} onSaved={onSaved} />,
    { answer },
  );
  return { ...rendered, onClose, onSaved };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const section = (name: 'References' | 'Datasets') => within(screen.getByRole('group', { name }));
const writes = (requests: () => { method: string }[]) => requests().filter(({ method }) => method !== 'GET');

describe('EditMetadataDialog', () => {
  it("starts from the entries' comment, references and the user's datasets holding them", async () => {
    const { requests } = renderDialog();
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue('Mocked');
    const references = screen.getByRole('list', { name: 'references' });
    expect(within(references).getByText('https://doi.org/10.1000/1')).toBeInTheDocument();
    expect(within(references).getByText('https://example.org/paper')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'datasets' })).getByText('My dataset'),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 of 2 entries/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(requests().map(({ path, search }) => `${path}${search}`)).toEqual(
      expect.arrayContaining([
        'uploads/dft_upload/entries?page=1&page_size=1000',
        'datasets?page=1&page_size=1000&user_id=author',
      ]),
    );
  });

  it('checks references: a valid URL, not one already listed', async () => {
    renderDialog();
    await screen.findByRole('textbox', { name: 'Comment' });
    const add = () => section('References').getByRole('button', { name: 'add' });

    await userEvent.type(field('Enter the URL'), 'invalid url');
    await userEvent.click(add());
    expect(await screen.findByText('Pleas enter a valid URL ...')).toBeInTheDocument();

    await userEvent.clear(field('Enter the URL'));
    await userEvent.type(field('Enter the URL'), 'https://example.org/paper');
    expect(await screen.findByText('The URL is already in the references')).toBeInTheDocument();
    expect(add()).toBeDisabled();

    await userEvent.clear(field('Enter the URL'));
    await userEvent.type(field('Enter the URL'), 'https://valid.url');
    expect(screen.queryByText('Pleas enter a valid URL ...')).not.toBeInTheDocument();
    await userEvent.click(add());
    expect(
      within(screen.getByRole('list', { name: 'references' })).getByText('https://valid.url'),
    ).toBeInTheDocument();
    expect(field('Enter the URL')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('checks dataset names and offers one add button for new and existing datasets', async () => {
    renderDialog();
    await screen.findByRole('textbox', { name: 'Comment' });
    const name = field('Create a new dataset');
    expect(section('Datasets').getByRole('button', { name: 'add' })).toBeDisabled();

    await userEvent.type(name, 'Other dataset');
    expect(await screen.findByText('There is already a dataset with name Other dataset')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, ' spaced');
    expect(await screen.findByText('Invalid name for dataset')).toBeInTheDocument();
    await userEvent.clear(name);

    await userEvent.click(screen.getByRole('combobox', { name: 'Search for an existing dataset' }));
    await userEvent.click(await screen.findByRole('option', { name: 'My dataset' }));
    expect(await screen.findByText('The data is already in the selected dataset')).toBeInTheDocument();
    expect(section('Datasets').getByRole('button', { name: 'add' })).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Search for an existing dataset' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other dataset' }));
    await userEvent.click(await screen.findByRole('button', { name: 'add entry to existing dataset' }));
    expect(
      within(screen.getByRole('list', { name: 'datasets' })).getByText('Other dataset'),
    ).toBeInTheDocument();

    await userEvent.type(name, 'Fresh');
    await userEvent.click(await screen.findByRole('button', { name: 'add entry to new dataset' }));
    expect(within(screen.getByRole('list', { name: 'datasets' })).getByText('Fresh')).toBeInTheDocument();
  });

  it('creates new datasets, lets the server verify the edit, then carries it out', async () => {
    const { requests, onSaved, onClose } = renderDialog({ entryIds: ['e2'] });
    const comment = await screen.findByRole('textbox', { name: 'Comment' });
    // Only the selected entry counts: it has no comment.
    expect(comment).toHaveValue('');
    expect(screen.getByText(/1 of 2 entries/)).toBeInTheDocument();
    await userEvent.type(comment, 'new comment');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'references' })).getByRole('button', {
        name: 'Remove https://example.org/paper',
      }),
    );
    await userEvent.type(field('Create a new dataset'), 'Fresh');
    await userEvent.click(screen.getByRole('button', { name: 'add entry to new dataset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    const edit = {
      metadata: {
        comment: 'new comment',
        references: { remove: ['https://example.org/paper'] },
        datasets: { add: ['ds-new'] },
      },
      owner: 'visible',
      query: { 'entry_id:any': ['e2'] },
    };
    expect(writes(requests)).toEqual([
      { method: 'POST', path: 'datasets', search: '', body: { dataset_name: 'Fresh' } },
      { method: 'POST', path: 'uploads/dft_upload/edit', search: '', body: { ...edit, verify_only: true } },
      { method: 'POST', path: 'uploads/dft_upload/edit', search: '', body: { ...edit, verify_only: false } },
    ]);
  });

  it("shows the server's objection to the datasets at that field and carries nothing out", async () => {
    const rejected = () =>
      json(
        {
          detail: [
            { loc: ['metadata', 'datasets'], msg: 'Dataset reference not found: `ds2`', type: 'value_error' },
          ],
        },
        422,
      );
    const { requests, onClose } = renderDialog({ answer: server(rejected) });
    await screen.findByRole('textbox', { name: 'Comment' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Search for an existing dataset' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other dataset' }));
    await userEvent.click(await screen.findByRole('button', { name: 'add entry to existing dataset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    // Shown at the datasets, where the objection belongs.
    expect(await section('Datasets').findByText('Dataset reference not found: `ds2`')).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(1);
    expect(writes(requests)[0]).toMatchObject({
      body: { verify_only: true, metadata: { datasets: { add: ['ds2'] } } },
    });
    expect(onClose).not.toHaveBeenCalled();
    // No snackbar: the field says it all.
    expect(screen.queryByText(/Unexpected api error/)).not.toBeInTheDocument();
  });

  it('asks before discarding staged changes', async () => {
    const { onClose, requests } = renderDialog();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Comment' }), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Your changes are not submitted yet. Discard changes?')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(writes(requests)).toEqual([]);
  });
});
