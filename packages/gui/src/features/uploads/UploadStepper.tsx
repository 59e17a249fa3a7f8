import { Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface UploadStepperProps {
  published: boolean;
  files: ReactNode;
  processing: ReactNode;
}

const Later = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** The steps from raw files to published data; all are open at once, as each can be revisited. */
export function UploadStepper({ published, files, processing }: UploadStepperProps) {
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
          <Later>
            Adding co-authors and reviewers and making the upload visible for all is not available yet.
          </Later>
        </StepContent>
      </Step>
      <Step expanded>
        <StepLabel>Edit metadata</StepLabel>
        <StepContent>
          <Later>Editing comments, references and datasets of the entries is not available yet.</Later>
        </StepContent>
      </Step>
      <Step expanded completed={published}>
        <StepLabel>Publish</StepLabel>
        <StepContent>
          {published ? (
            <Later>This upload is published. Its files and entries cannot be changed anymore.</Later>
          ) : (
            <Later>Publishing is not available yet.</Later>
          )}
        </StepContent>
      </Step>
    </Stepper>
  );
}
