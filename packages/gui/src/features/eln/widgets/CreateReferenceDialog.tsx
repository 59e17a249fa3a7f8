import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  ListSubheader,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useCreateEntry } from '../useCreateEntry.ts';
import { usersByIds } from '../../../api/uploads/memberLookups.ts';
import { useCaller } from '../../../api/uploads/useCaller.ts';
import { useElnEntry } from '../elnContext.tsx';
import { mDefOfSectionIn } from '../references.ts';
import { groupTargetUploads } from '../targetUploads.ts';

/** Uploads offered as targets: the newest unpublished ones the caller writes to. */
const TARGETS = 50;

/** The caller's unpublished uploads they may add files to, grouped by owner, with the owners' names. */
function useTargetUploads() {
  const api = useApi();
  const caller = useCaller();
  return useQuery({
    queryKey: ['eln', 'target-uploads', caller?.sub],
    enabled: caller !== undefined,
    meta: { silent: true },
    queryFn: async () => {
      const { data: uploads } = await api.call('uploadsList', {
        query: {
          is_published: false,
          roles: ['main_author', 'coauthor', 'coauthor_group'],
          page_size: TARGETS,
          order_by: 'upload_create_time',
          order: 'desc',
        },
      });
      const owners = await usersByIds(
        api,
        uploads.map((upload) => upload.main_author),
      );
      return groupTargetUploads(uploads, new Map(owners.map((user) => [user.user_id, user])), caller?.sub);
    },
  });
}

/**
 * 'Create new reference': a new entry of the referenced section, named by the user, in this upload or
 * another unpublished one the user writes to (grouped 'My uploads' / 'Owned by {name} ({affiliation})');
 * there its m_def names the schema through this upload.
 */
export function CreateReferenceDialog({
  section,
  onClose,
  onCreated,
}: {
  section: string;
  onClose: () => void;
  onCreated: (uploadId: string, entryId: string) => void;
}) {
  const { uploadId, definitions } = useElnEntry();
  const [name, setName] = useState('');
  const [target, setTarget] = useState(uploadId);
  const targets = useTargetUploads();
  const create = useCreateEntry(target);
  const typeName = definitions.sections[section]?.name ?? section;
  const groups = targets.data ?? [];
  const listed = groups.some((group) => group.uploads.some((upload) => upload.uploadId === uploadId));
  const submit = () =>
    create.mutate(
      { name, mDef: mDefOfSectionIn(section, uploadId, target) },
      {
        onSuccess: (entryId) => {
          if (entryId) onCreated(target, entryId);
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Create new reference</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>A new {typeName} entry.</DialogContentText>
        <TextField
          label="Name"
          fullWidth
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          sx={{ mb: 2 }}
        />
        <TextField
          select
          label="Target upload"
          fullWidth
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          {listed ? null : <MenuItem value={uploadId}>this upload</MenuItem>}
          {groups.flatMap((group) => [
            <ListSubheader key={`group:${group.title}`}>{group.title}</ListSubheader>,
            ...group.uploads.map((upload) => (
              <MenuItem key={upload.uploadId} value={upload.uploadId}>
                {upload.uploadId === uploadId ? `${upload.label} (this upload)` : upload.label}
              </MenuItem>
            )),
          ])}
        </TextField>
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Failed to create the reference. Details: {create.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={name.trim() === '' || create.isPending} onClick={submit}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
