import { Group } from '@mui/icons-material';
import { Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { isVisibleToAll } from '../../../api/uploads/roles.ts';
import { ALL_GROUP } from '../../../api/uploads/members.ts';
import { MembersDialog } from './MembersDialog.tsx';

export interface AccessStepProps {
  upload: Upload;
  /** Called after the upload was changed on the server, to load it again. */
  onChanged?: () => void;
}

/** The step 'Edit visibility and access' for a writer: visibility for everyone and the members dialog. */
export function AccessStep({ upload, onChanged }: AccessStepProps) {
  const api = useApi();
  const [membersOpen, setMembersOpen] = useState(false);
  const visibleForAll = isVisibleToAll(upload);
  // Visibility for everyone is the reserved reviewer group 'all' (as NOMAD's GUI sends it, no confirmation).
  const toggle = useMutation({
    mutationFn: (visible: boolean) =>
      api.call('uploadEdit', {
        params: { upload_id: upload.upload_id },
        body: { metadata: { reviewer_groups: visible ? { add: ALL_GROUP } : { remove: ALL_GROUP } } },
      }),
    onSuccess: () => onChanged?.(),
  });
  const processing = upload.process_running;

  return (
    <>
      <FormControlLabel
        label="Visible for all: everyone, guests without an account included, can view this upload, even before it is published."
        control={
          <Checkbox
            checked={visibleForAll}
            // An embargo hides the data, which visibility for all would contradict.
            disabled={upload.with_embargo || processing || toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
          />
        }
      />
      <Typography variant="body2" sx={{ my: 1 }}>
        Members have access to the upload: co-authors can edit it, reviewers can view it.
      </Typography>
      <Button
        variant="contained"
        startIcon={<Group />}
        disabled={processing}
        onClick={() => setMembersOpen(true)}
      >
        Edit upload members
      </Button>
      <MembersDialog
        open={membersOpen}
        onClose={() => setMembersOpen(false)}
        upload={upload}
        onSaved={onChanged}
      />
    </>
  );
}
