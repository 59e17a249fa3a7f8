import { Alert, Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { Upload } from '@oasis/schema';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

export interface PublishCentralStepProps {
  upload: Upload;
  /** The configured target's API (env `centralNomadUrl`). */
  centralUrl: string;
  /** Called after the request was accepted, to load the upload again (and follow the sending). */
  onChanged?: () => void;
}

const SEND_PROCESS = 'publish_externally';

/** The step 'Publish to central NOMAD': sends the published upload to the configured installation. */
export function PublishCentralStep({ upload, centralUrl, onChanged }: PublishCentralStepProps) {
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      api.call('uploadPublish', {
        params: { upload_id: upload.upload_id },
        query: { to_central_nomad: true },
      }),
    onSuccess: () => onChanged?.(),
  });
  if (upload.published_to.includes(centralUrl))
    return <Typography variant="body2">This upload has already been published to central NOMAD.</Typography>;
  const sending = upload.current_process === SEND_PROCESS && upload.process_running;
  const failed = upload.current_process === SEND_PROCESS && upload.process_status === 'FAILURE';
  return (
    <>
      <Typography variant="body2">
        After publishing locally on this OASIS. You can choose to publish this upload to the central NOMAD.
      </Typography>
      {sending ? (
        <Typography variant="body2" color="text.secondary">
          {upload.last_status_message}
        </Typography>
      ) : null}
      {failed ? <Alert severity="error">{upload.errors.join(' ')}</Alert> : null}
      {send.error ? <Alert severity="error">{send.error.message}</Alert> : null}
      <Box sx={{ mt: 2 }}>
        <Button
          variant="contained"
          disabled={!upload.published || upload.process_running || send.isPending}
          onClick={() => setConfirming(true)}
        >
          Publish to Central NOMAD
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Confirm that you want to publish the upload to central NOMAD"
        confirmLabel="Publish to Central NOMAD"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          send.mutate();
        }}
      >
        You are about to publish this upload to central NOMAD. Please note that this upload will be published
        under the pre-configured account of this OASIS, which may or may not be your current account. If this
        upload is already published, this action has no effect.
      </ConfirmDialog>
    </>
  );
}
