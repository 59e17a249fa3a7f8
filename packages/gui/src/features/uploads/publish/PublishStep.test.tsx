import type { Upload } from '@oasis/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUpload } from '../uploadFixtures.ts';
import { renderUploadStepper } from './stepperTesting.tsx';

const renderStepper = (upload: Upload, { loggedInAs = 'author', successfulEntries = 1 } = {}) =>
  renderUploadStepper(upload, { loggedInAs, successfulEntries });

describe('Publish step', () => {
  it('publishes with the chosen embargo after a confirmation', async () => {
    const { requests, onChanged } = renderStepper(testUpload());
    await userEvent.click(await screen.findByRole('combobox', { name: 'Embargo period' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No embargo',
      '3',
      '6',
      '12',
      '24',
      '36',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish with embargo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm that you want to publish the upload' });
    expect(dialog).toHaveTextContent('cannot be changed');
    expect(requests()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish with embargo' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests()).toEqual([
      {
        method: 'POST',
        path: 'uploads/dft_upload/action/publish',
        search: '?embargo_length=12',
        body: undefined,
      },
    ]);
  });

  it('mentions the license and can be cancelled', async () => {
    const { requests } = renderStepper(testUpload());
    expect(await screen.findByRole('link', { name: 'CC BY 4.0' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests()).toEqual([]);
  });

  it('allows no embargo for an upload visible for all', async () => {
    renderStepper(testUpload({ reviewer_groups: ['all'], viewer_groups: ['all'], embargo_length: 12 }));
    const select = await screen.findByRole('combobox', { name: 'Embargo period' });
    expect(select).toHaveAttribute('aria-disabled', 'true');
    expect(select).toHaveTextContent('No embargo');
    expect(screen.getByText('Upload is publicly visible, embargo disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('needs a successfully processed entry and no processing', async () => {
    renderStepper(testUpload(), { successfulEntries: 0 });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('is not offered to reviewers and guests', async () => {
    renderStepper(testUpload({ reviewers: ['reviewer'], viewers: ['author', 'reviewer'] }), {
      loggedInAs: 'reviewer',
    });
    expect(
      await screen.findByText('Only the main author and co-authors can publish this upload.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit upload members' })).not.toBeInTheDocument();
  });

  it('lifts the embargo of a published upload after a confirmation', async () => {
    const published = testUpload({
      published: true,
      publish_time: '2024-09-06T19:30:00+00:00',
      with_embargo: true,
      embargo_length: 12,
    });
    const { requests, onChanged } = renderStepper(published);
    expect(await screen.findByText(/published on .* with an embargo of 12 months/)).toBeInTheDocument();
    // With an embargo the upload cannot also be visible for all.
    expect(await screen.findByRole('checkbox', { name: /Visible for all/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Lift Embargo' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift Embargo' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests()).toEqual([
      {
        method: 'POST',
        path: 'uploads/dft_upload/edit',
        search: '',
        body: { metadata: { embargo_length: 0 } },
      },
    ]);
  });

  it('offers lifting the embargo to the main author only', async () => {
    const published = testUpload({
      published: true,
      with_embargo: true,
      embargo_length: 12,
      coauthors: ['coauthor'],
      writers: ['coauthor', 'author'],
    });
    renderStepper(published, { loggedInAs: 'coauthor' });
    expect(await screen.findByText(/with an embargo of 12 months/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift Embargo' })).not.toBeInTheDocument();
  });

  it('shows a published upload without embargo as published, nothing to lift', async () => {
    renderStepper(testUpload({ published: true }));
    expect(await screen.findByText(/This upload is published/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift Embargo' })).not.toBeInTheDocument();
  });
});
