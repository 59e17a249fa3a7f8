import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccessStep } from './AccessStep.tsx';
import { renderWithApi } from './stepTesting.tsx';
import { json, testUpload } from '../uploadFixtures.ts';

const TOGGLE = /Visible for all/;

describe('AccessStep', () => {
  it("makes the upload visible for all through the reviewer group 'all', and back", async () => {
    const onChanged = vi.fn();
    const upload = testUpload();
    const answer = () => json({ upload_id: 'dft_upload', data: upload });
    const first = renderWithApi(<AccessStep upload={upload} onChanged={onChanged} />, { answer });
    await userEvent.click(await screen.findByRole('checkbox', { name: TOGGLE }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(first.requests()).toEqual([
      {
        method: 'POST',
        path: 'uploads/dft_upload/edit',
        search: '',
        body: { metadata: { reviewer_groups: { add: 'all' } } },
      },
    ]);
  });

  it('takes the visibility back from an upload visible for all', async () => {
    const upload = testUpload({ reviewer_groups: ['all'], viewer_groups: ['all'] });
    const { requests } = renderWithApi(<AccessStep upload={upload} />, {
      answer: () => json({ upload_id: 'dft_upload', data: upload }),
    });
    const toggle = await screen.findByRole('checkbox', { name: TOGGLE });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]?.body).toEqual({ metadata: { reviewer_groups: { remove: 'all' } } });
  });

  it('cannot be made visible for all with an embargo or while processing', async () => {
    renderWithApi(
      <>
        <AccessStep upload={testUpload({ published: true, with_embargo: true, embargo_length: 12 })} />
        <AccessStep upload={testUpload({ process_running: true, process_status: 'RUNNING' })} />
      </>,
    );
    const toggles = await screen.findAllByRole('checkbox', { name: TOGGLE });
    for (const toggle of toggles) expect(toggle).toBeDisabled();
    // Processing also holds back the members dialog.
    const buttons = screen.getAllByRole('button', { name: 'Edit upload members' });
    expect(buttons[0]).toBeEnabled();
    expect(buttons[1]).toBeDisabled();
  });
});
