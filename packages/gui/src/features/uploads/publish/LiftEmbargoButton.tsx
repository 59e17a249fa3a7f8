import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

export interface LiftEmbargoButtonProps {
  uploadId: string;
  disabled: boolean;
  onLifted?: () => void;
}

/** Ends the embargo of a published upload now (embargo length 0), after a confirmation. */
export function LiftEmbargoButton({ uploadId, disabled, onLifted }: LiftEmbargoButtonProps) {
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const lift = useMutation({
    mutationFn: () =>
      api.call('uploadEdit', { params: { upload_id: uploadId }, body: { metadata: { embargo_length: 0 } } }),
    onSuccess: () => onLifted?.(),
  });
  return (
    <>
      <Button variant="contained" disabled={disabled || lift.isPending} onClick={() => setConfirming(true)}>
        Lift Embargo
      </Button>
      <ConfirmDialog
        open={confirming}
        confirmLabel="Lift Embargo"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          lift.mutate();
        }}
      >
        You are about to lift the embargo. The data will then be accessible to everyone.
      </ConfirmDialog>
    </>
  );
}
