import type { Upload } from '@oasis/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUpload } from '../uploadFixtures.ts';
import { renderUploadStepper } from './stepperTesting.tsx';

const CENTRAL = 'https://central.example.org/api';

const renderStepper = (upload: Upload, env: Record<string, unknown> = { centralNomadUrl: CENTRAL }) =>
  renderUploadStepper(upload, { env });

describe('Publish to central NOMAD step', () => {
  it('is not offered when the deployment has no target', async () => {
    renderStepper(testUpload({ published: true }), {});
    await screen.findByText('Publish');
    expect(screen.queryByText('Publish to central NOMAD')).toBeNull();
  });

  it('sends a published upload after a confirmation', async () => {
    const { requests, onChanged } = renderStepper(testUpload({ published: true }));
    expect(await screen.findByText('Publish to central NOMAD')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish to Central NOMAD' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm that you want to publish the upload to central NOMAD',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish to Central NOMAD' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests()).toContainEqual(
      expect.objectContaining({ method: 'POST', search: '?to_central_nomad=true' }),
    );
  });

  it('can only send published uploads', async () => {
    renderStepper(testUpload({ published: false }));
    expect(await screen.findByRole('button', { name: 'Publish to Central NOMAD' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says when the upload is there already', async () => {
    renderStepper(testUpload({ published: true, published_to: [CENTRAL] }));
    expect(await screen.findByText('This upload has already been published to central NOMAD.')).toBeTruthy();
  });
});
