import type { Upload } from '@oasis/schema';
import { vi } from 'vitest';
import { renderWithApi } from '../members/stepTesting.tsx';
import { json } from '../uploadFixtures.ts';
import { UploadStepper } from '../UploadStepper.tsx';

/** The upload page's stepper for `upload`, against an API that answers with it; `onChanged` is a spy. */
export function renderUploadStepper(
  upload: Upload,
  options: { loggedInAs?: string; successfulEntries?: number; env?: Record<string, unknown> } = {},
) {
  const onChanged = vi.fn();
  const rendered = renderWithApi(
    <UploadStepper
      published={upload.published}
      files={null}
      processing={null}
      upload={upload}
      successfulEntries={options.successfulEntries}
      onChanged={onChanged}
    />,
    {
      loggedInAs: options.loggedInAs,
      env: options.env,
      answer: () => json({ upload_id: upload.upload_id, data: upload }),
    },
  );
  return { ...rendered, onChanged };
}
