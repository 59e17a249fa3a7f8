import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isVisibleToAll } from '../../../api/uploads/roles.ts';
import { EmbargoSelect } from './EmbargoSelect.tsx';

export interface PublishFormProps {
  upload: Upload;
  /** Entries processed successfully; only an upload with at least one can be published (spec 3 §9). */
  successfulEntries: number;
  onPublished?: () => void;
}

const LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/** Publishing an unpublished upload, with an optional embargo, after a confirmation. */
export function PublishForm({ upload, successfulEntries, onPublished }: PublishFormProps) {
  const api = useApi();
  const [chosen, setChosen] = useState(upload.embargo_length);
  const [confirming, setConfirming] = useState(false);
  const visibleForAll = isVisibleToAll(upload);
  // Data everyone may already see cannot be put under embargo.
  const embargo = visibleForAll ? 0 : chosen;
  const publish = useMutation({
    mutationFn: () =>
      api.call('uploadPublish', {
        params: { upload_id: upload.upload_id },
        query: { embargo_length: embargo },
      }),
    onSuccess: () => onPublished?.(),
  });
  const label = embargo > 0 ? 'Publish with embargo' : 'Publish';
  const nothingToPublish = successfulEntries === 0;

  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Publishing moves this upload out of your private staging area and makes it public. This step is final:
        afterwards the upload cannot be deleted and its files and entries cannot be changed. Public data is
        available under the Creative Commons Attribution license (
        <Link href={LICENSE_URL} target="_blank" rel="noreferrer">
          CC BY 4.0
        </Link>
        ).
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        An embargo of up to 36 months keeps the raw files and processed data hidden (from everyone but you and
        the members of the upload) while some metadata, e.g. formulas, becomes searchable. Datasets and DOIs
        can already be created for embargoed data, and the embargo can be lifted earlier.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mt: 2 }}>
        <Box sx={{ width: 300 }}>
          <EmbargoSelect
            value={embargo}
            onChange={setChosen}
            disabledReason={visibleForAll ? 'Upload is publicly visible, embargo disabled' : undefined}
          />
        </Box>
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={upload.process_running || nothingToPublish || publish.isPending}
          onClick={() => setConfirming(true)}
        >
          {label}
        </Button>
      </Stack>
      {nothingToPublish ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Only an upload with at least one successfully processed entry can be published.
        </Typography>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Confirm that you want to publish the upload"
        confirmLabel={label}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          publish.mutate();
        }}
      >
        You are about to publish this upload. Once published, the upload cannot be removed and its files and
        entries cannot be changed anymore.
      </ConfirmDialog>
    </>
  );
}
