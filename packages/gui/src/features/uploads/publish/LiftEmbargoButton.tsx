import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';

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
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="lift-embargo-text">
        <DialogContent>
          <DialogContentText id="lift-embargo-text">
            You are about to lift the embargo. The data will then be accessible to everyone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              lift.mutate();
            }}
          >
            Lift Embargo
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
