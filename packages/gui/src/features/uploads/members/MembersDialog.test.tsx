import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MembersDialog } from './MembersDialog.tsx';
import { renderWithApi, type Answer } from './stepTesting.tsx';
import { json, testUpload } from '../uploadFixtures.ts';

const users = {
  author: { user_id: 'author', name: 'Markus Scheidgen' },
  scooper: { user_id: 'scooper', name: 'Sheldon Cooper', affiliation: 'Testeversity' },
  ttester: { user_id: 'ttester', name: 'Test Tester', affiliation: 'Testeversity' },
  admin: { user_id: 'admin', name: 'Admin Administrator' },
};
const groups = {
  group2: { group_id: 'group2', group_name: 'Group Cooper', owner: 'scooper', members: [] },
  group3: { group_id: 'group3', group_name: 'Group Tester', owner: 'ttester', members: [] },
  group0: { group_id: 'group0', group_name: 'Group Admin', owner: 'admin', members: [] },
};

const upload = testUpload({
  coauthors: ['scooper'],
  reviewers: ['ttester'],
  coauthor_groups: ['group2'],
  reviewer_groups: ['group3'],
});

/** Users and groups by id and by name, and the edit; the recordings' NOMAD answers, shortened. */
const server: Answer = ({ method, path, url }) => {
  const byId = <T,>(table: Record<string, T>, key: string) =>
    url.searchParams.getAll(key).flatMap((id) => (id in table ? [table[id as keyof typeof table]] : []));
  if (method === 'GET' && path === 'users') {
    const prefix = url.searchParams.get('prefix');
    if (prefix !== null) {
      return json({ data: Object.values(users).filter((u) => u.name.toLowerCase().includes(prefix)) });
    }
    return json({ data: byId(users, 'user_id') });
  }
  if (method === 'GET' && path === 'groups') {
    const terms = url.searchParams.get('search_terms');
    if (terms !== null) {
      return json({ data: Object.values(groups).filter((g) => g.group_name.toLowerCase().includes(terms)) });
    }
    return json({ data: byId(groups, 'group_id') });
  }
  if (method === 'POST' && path === 'uploads/dft_upload/edit')
    return json({ upload_id: 'dft_upload', data: upload });
  return undefined;
};

function renderDialog(answer: Answer = server, env: Record<string, unknown> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const rendered = renderWithApi(<MembersDialog open onClose={onClose} upload={upload} onSaved={onSaved} />, {
    answer,
    env,
  });
  return { ...rendered, onClose, onSaved };
}

/** The row of a member by name (the first: a user's name is also shown as the owner of their groups). */
const rowOf = (name: string) => screen.getAllByText(name)[0]!.closest('tr')!;

describe('MembersDialog', () => {
  it('lists the main author first, fixed, then co-authors, reviewers and their groups', async () => {
    const { requests } = renderDialog();
    await screen.findByText('Group Tester');
    const rows = within(screen.getByRole('table', { name: 'members' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Markus Scheidgen'),
      expect.stringContaining('Sheldon Cooper'),
      expect.stringContaining('Test Tester'),
      expect.stringContaining('Group Cooper'),
      expect.stringContaining('Group Tester'),
    ]);
    // The main author can be neither removed nor given another role.
    const author = rowOf('Markus Scheidgen');
    expect(within(author).getByText('Main author')).toBeInTheDocument();
    expect(within(author).getByRole('button', { name: 'Remove Markus Scheidgen' })).toBeDisabled();
    expect(within(author).queryByRole('combobox')).not.toBeInTheDocument();
    // A group is shown with its owner's name.
    expect(within(rowOf('Group Cooper')).getByText('Sheldon Cooper')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    // As NOMAD: the groups first, then all users (members and group owners) in one request.
    expect(requests().map(({ path, search }) => `${path}${search}`)).toEqual([
      'groups?group_id=group2&group_id=group3',
      'users?user_id=author&user_id=scooper&user_id=ttester',
    ]);
  });

  it('adds a co-author found by name and submits all members', async () => {
    const { requests, onSaved, onClose } = renderDialog();
    await screen.findByText('Group Tester');
    await userEvent.type(screen.getByRole('combobox', { name: /select a user/ }), 'Admin');
    await userEvent.click(await screen.findByRole('option', { name: 'Admin Administrator' }));
    // Asked once typing paused, in lower case as NOMAD does.
    expect(requests().map(({ search }) => search)).toContain('?prefix=admin');

    await userEvent.click(within(rowOf('Admin Administrator')).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Co-author' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    expect(requests().filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        path: 'uploads/dft_upload/edit',
        search: '',
        body: {
          metadata: {
            coauthors: ['scooper', 'admin'],
            reviewers: ['ttester'],
            coauthor_groups: ['group2'],
            reviewer_groups: ['group3'],
          },
        },
      },
    ]);
  });

  it('finds groups by name when the deployment allows it', async () => {
    const { requests } = renderDialog(server, { uploadMembersGroupSearchEnabled: true });
    await screen.findByText('Group Tester');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Group' }));
    await userEvent.type(screen.getByRole('combobox', { name: /select a group/ }), 'admin');
    await userEvent.click(await screen.findByRole('option', { name: 'Group Admin (Admin Administrator)' }));
    expect(within(rowOf('Group Admin')).getByText('Reviewer')).toBeInTheDocument();
    expect(requests().map(({ path, search }) => `${path}${search}`)).toContain('groups?search_terms=admin');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('offers no group search when the deployment does not allow it', async () => {
    renderDialog(server, { uploadMembersGroupSearchEnabled: false });
    await screen.findByText('Group Tester');
    expect(screen.queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
  });

  it('reports a failed group search with its own text', async () => {
    const failing: Answer = (request) =>
      request.url.searchParams.has('search_terms')
        ? json({ detail: 'groups are down' }, 422)
        : server(request);
    renderDialog(failing, { uploadMembersGroupSearchEnabled: true });
    await screen.findByText('Group Tester');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Group' }));
    await userEvent.type(screen.getByRole('combobox', { name: /select a group/ }), 'admin');
    expect(
      await screen.findByText(/Unable to fetch the groups by search terms \(groups are down \(422\)\)/),
    ).toBeInTheDocument();
  });

  it('reports members that cannot be looked up', async () => {
    const failing: Answer = (request) =>
      request.url.searchParams.has('group_id') ? json({ detail: 'groups are down' }, 422) : server(request);
    renderDialog(failing);
    expect(
      await screen.findByText(/Unable to fetch the groups by IDs \(groups are down \(422\)\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('The members of this upload could not be loaded.')).toBeInTheDocument();
  });

  it('asks before discarding changes that were not submitted', async () => {
    const { onClose, requests } = renderDialog();
    await screen.findByText('Group Tester');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sheldon Cooper' }));
    expect(screen.queryByRole('button', { name: 'Remove Sheldon Cooper' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByText('Your changes are not submitted yet. Discard changes?');
    await userEvent.click(
      within(question.closest('[role="dialog"]')!).getByRole('button', { name: 'Cancel' }),
    );
    expect(onClose).not.toHaveBeenCalled();
    // The question closes with a transition; asked again only once it is gone, so that 'Discard' is the
    // new question's button, not the leaving one's.
    await waitFor(() =>
      expect(
        screen.queryByText('Your changes are not submitted yet. Discard changes?'),
      ).not.toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests().some(({ method }) => method === 'POST')).toBe(false);
  });

  it('shows members that no longer exist as deleted', async () => {
    const deleted = testUpload({ coauthor_groups: ['group23'], reviewers: ['gone'] });
    renderWithApi(<MembersDialog open onClose={() => undefined} upload={deleted} />, { answer: server });
    expect(await screen.findByText('Error: group was deleted')).toBeInTheDocument();
    expect(screen.getByText('Error: user was deleted')).toBeInTheDocument();
    expect(screen.getByText('Markus Scheidgen')).toBeInTheDocument();
  });

  it('keeps the upload visible for all when submitting other members', async () => {
    const visible = testUpload({ reviewer_groups: ['all'], viewer_groups: ['all'] });
    const { requests } = renderWithApi(<MembersDialog open onClose={() => undefined} upload={visible} />, {
      answer: server,
    });
    await screen.findByText('Markus Scheidgen');
    // 'all' is no group to list.
    expect(requests().some(({ path }) => path === 'groups')).toBe(false);
    await userEvent.type(screen.getByRole('combobox', { name: /select a user/ }), 'cooper');
    await userEvent.click(await screen.findByRole('option', { name: 'Sheldon Cooper (Testeversity)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests().some(({ method }) => method === 'POST')).toBe(true));
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({
      metadata: { coauthors: [], reviewers: ['scooper'], coauthor_groups: [], reviewer_groups: ['all'] },
    });
  });
});
