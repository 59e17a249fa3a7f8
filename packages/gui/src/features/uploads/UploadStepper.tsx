import { Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import type { ReactNode } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { AccessStep } from './members/AccessStep.tsx';
import { MetadataStep } from './metadata/MetadataStep.tsx';
import { PublishCentralStep } from './publish/PublishCentralStep.tsx';
import { PublishStep } from './publish/PublishStep.tsx';
import { isWriter } from '../../api/uploads/roles.ts';

export interface UploadStepperProps {
  published: boolean;
  files: ReactNode;
  processing: ReactNode;
  /** The upload; the steps after processing offer their actions only when it is given. */
  upload?: Upload;
  /**
   * Whether the logged-in user may edit the upload (main author or co-author, also through a group);
   * decided from the upload's `writers` when left out.
   */
  writer?: boolean;
  /** Entries processed successfully (publishing needs one); the upload's entry count when left out. */
  successfulEntries?: number;
  /** Called after a step changed the upload on the server, to load it again. */
  onChanged?: () => void;
}

const Note = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** The steps from raw files to published data; all are open at once, as each can be revisited. */
export function UploadStepper({
  published,
  files,
  processing,
  upload,
  writer,
  successfulEntries,
  onChanged,
}: UploadStepperProps) {
  const { user } = useAuth();
  const { centralNomadUrl } = useEnv();
  // Editing needs a logged-in writer (spec 3 §6).
  const canEdit = upload !== undefined && user !== undefined && (writer ?? isWriter(upload, user.sub));
  return (
    <Stepper orientation="vertical" nonLinear activeStep={-1}>
      <Step expanded>
        <StepLabel>Prepare and upload your files</StepLabel>
        <StepContent>{files}</StepContent>
      </Step>
      <Step expanded>
        <StepLabel>Process data</StepLabel>
        <StepContent>{processing}</StepContent>
      </Step>
      <Step expanded>
        <StepLabel>Edit visibility and access</StepLabel>
        <StepContent>
          {canEdit ? (
            <AccessStep upload={upload} onChanged={onChanged} />
          ) : (
            <Note>Only the main author and co-authors can change who has access to this upload.</Note>
          )}
        </StepContent>
      </Step>
      <Step expanded>
        <StepLabel>Edit metadata</StepLabel>
        <StepContent>
          {canEdit ? (
            <MetadataStep upload={upload} onChanged={onChanged} />
          ) : (
            <Note>Only the main author and co-authors can edit the metadata of this upload.</Note>
          )}
        </StepContent>
      </Step>
      <Step expanded completed={upload?.published ?? published}>
        <StepLabel>Publish</StepLabel>
        <StepContent>
          {upload ? (
            <PublishStep
              upload={upload}
              writer={canEdit}
              successfulEntries={successfulEntries ?? upload.entries}
              onChanged={onChanged}
            />
          ) : (
            <Note>
              {published
                ? 'This upload is published. Its files and entries cannot be changed anymore.'
                : 'Only the main author and co-authors can publish this upload.'}
            </Note>
          )}
        </StepContent>
      </Step>
      {/* Only deployments configured with a target (`oasis.central`) offer it, and only to writers, as NOMAD. */}
      {centralNomadUrl && upload && canEdit ? (
        <Step expanded completed={upload.published_to.includes(centralNomadUrl)}>
          <StepLabel>Publish to central NOMAD</StepLabel>
          <StepContent>
            <PublishCentralStep upload={upload} centralUrl={centralNomadUrl} onChanged={onChanged} />
          </StepContent>
        </Step>
      ) : null}
    </Stepper>
  );
}
