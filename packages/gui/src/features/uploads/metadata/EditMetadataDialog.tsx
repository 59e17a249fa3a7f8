import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog.tsx';
import { EditDatasets } from './EditDatasets.tsx';
import { EditReferences } from './EditReferences.tsx';
import {
  addDataset,
  addReference,
  createDataset,
  currentComment,
  currentDatasets,
  currentReferences,
  removeDataset,
  removeReference,
  setComment,
  type MetadataOp,
} from './metadataEdits.ts';
import { useMetadataSources, type MetadataOriginal } from './useMetadataSources.ts';
import { useSubmitMetadata } from './useSubmitMetadata.ts';

export interface EditMetadataDialogProps {
  open: boolean;
  onClose: () => void;
  uploadId: string;
  /** The entries to edit; all entries of the upload when left out. */
  entryIds?: string[];
  /** Called after the changes were saved. */
  onSaved?: () => void;
}

const TITLE_ID = 'edit-metadata-title';

/**
 * Edits comment, references and datasets of entries of one upload (spec 3 §4): the changes are staged,
 * checked by the server (verify only) and then carried out.
 */
export function EditMetadataDialog({ open, ...props }: EditMetadataDialogProps) {
  const { user, ready } = useAuth();
  return (
    <Dialog open={open} fullWidth maxWidth="md" aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>Edit upload metadata</DialogTitle>
      {/* Mounted only while open, so that every opening starts from the entries' current metadata. */}
      {open && user ? <MetadataLoader {...props} userId={user.sub} /> : null}
      {open && ready && !user ? (
        <>
          <DialogContent>
            <DialogContentText>Please login to edit the metadata.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>Cancel</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

type LoaderProps = Omit<EditMetadataDialogProps, 'open'> & { userId: string };

function MetadataLoader({ userId, ...props }: LoaderProps) {
  const sources = useMetadataSources(props.uploadId, props.entryIds, userId);
  if (sources.original) return <MetadataForm {...props} {...sources} original={sources.original} />;
  return (
    <>
      <DialogContent>
        {sources.failed ? (
          <DialogContentText color="error">
            The metadata of the entries could not be loaded.
          </DialogContentText>
        ) : (
          <CircularProgress aria-label="loading metadata" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

type FormProps = Omit<EditMetadataDialogProps, 'open'> & ReturnType<typeof useMetadataSources>;

function MetadataForm({
  uploadId,
  entryIds,
  onClose,
  onSaved,
  original,
  userDatasets,
}: FormProps & {
  original: MetadataOriginal;
}) {
  const [ops, setOps] = useState<MetadataOp[]>([]);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitMetadata({
    uploadId,
    entryIds,
    setOps,
    onSaved: () => {
      onSaved?.();
      onClose();
    },
  });
  const stage = (change: (ops: MetadataOp[]) => MetadataOp[]) => {
    setOps(change);
    // What the server said was about the changes before; it no longer applies.
    submit.reset();
  };
  const changed = ops.length > 0;
  const references = currentReferences(original.references, ops);
  const datasets = currentDatasets(original.datasets, ops);
  const entriesWord = original.total === 1 ? 'entry' : 'entries';

  return (
    <>
      <DialogContent>
        <DialogContentText>
          Comment, references and datasets apply to all selected entries: {original.selected} of{' '}
          {original.total} {entriesWord} of this upload.
        </DialogContentText>
        <Divider sx={{ my: 1 }} />
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Comments
        </Typography>
        <TextField
          fullWidth
          multiline
          minRows={6}
          variant="filled"
          size="small"
          label="Comment"
          value={currentComment(original.comment, ops)}
          onChange={(event) => stage((current) => setComment(current, event.target.value, original.comment))}
        />
        <EditReferences
          references={references}
          serverError={submit.fieldErrors?.references}
          onAdd={(url) => stage((current) => addReference(current, url))}
          onRemove={(url) => stage((current) => removeReference(current, url))}
        />
        <EditDatasets
          datasets={datasets}
          userDatasets={userDatasets}
          serverError={submit.fieldErrors?.datasets}
          onCreate={(name) => stage((current) => createDataset(current, name))}
          onAdd={(dataset) => stage((current) => addDataset(current, dataset))}
          onRemove={(dataset) => stage((current) => removeDataset(current, dataset))}
        />
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={() => (changed ? setConfirming(true) : onClose())}>
          Cancel
        </Button>
        <Button color="secondary" disabled={!changed || submit.isPending} onClick={() => submit.mutate(ops)}>
          Submit
        </Button>
      </DialogActions>
      <DiscardChangesDialog open={confirming} onCancel={() => setConfirming(false)} onDiscard={onClose} />
    </>
  );
}
