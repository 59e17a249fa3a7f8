import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InviteUserButton } from './InviteUserDialog.tsx';
import { renderWithApi, type Answer } from './stepTesting.tsx';
import { json } from '../uploadFixtures.ts';

const FIELDS = ['Email', 'First name', 'Last name', 'Affiliation'];
const VALUES = ['ada@example.org', 'Ada', 'Lovelace', 'Analytical Engines'];

async function openAndFill(answer: Answer) {
  const onInvited = vi.fn();
  const rendered = renderWithApi(<InviteUserButton onInvited={onInvited} />, { answer });
  await userEvent.click(await screen.findByRole('button', { name: 'Invite new user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite a new user to NOMAD' });
  const submit = within(dialog).getByRole('button', { name: 'Submit' });
  for (const [index, label] of FIELDS.entries()) {
    // Submit waits for every field.
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: label }), VALUES[index]!);
  }
  expect(submit).toBeEnabled();
  await userEvent.click(submit);
  return { ...rendered, onInvited, dialog };
}

describe('InviteUserButton', () => {
  it('invites with all four fields and hands the new user on', async () => {
    const invited = { user_id: 'new-user', name: 'Ada Lovelace', affiliation: 'Analytical Engines' };
    const { onInvited, requests } = await openAndFill(({ method, path }) =>
      method === 'PUT' && path === 'users/invite' ? json(invited) : undefined,
    );
    await waitFor(() => expect(onInvited).toHaveBeenCalledWith(invited));
    expect(requests()).toEqual([
      {
        method: 'PUT',
        path: 'users/invite',
        search: '',
        body: {
          email: 'ada@example.org',
          first_name: 'Ada',
          last_name: 'Lovelace',
          affiliation: 'Analytical Engines',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's reason when the invitation fails", async () => {
    const reason = 'Could not invite user: a user with this email exists already.';
    const { dialog, onInvited } = await openAndFill(() => json({ detail: reason }, 400));
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(onInvited).not.toHaveBeenCalled();
    // Submitting the same again waits for a change.
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
