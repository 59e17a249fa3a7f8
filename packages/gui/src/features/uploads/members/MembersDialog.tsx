import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog.tsx';
import { InviteUserButton } from './InviteUserDialog.tsx';
import { loadMembers } from '../../../api/uploads/memberLookups.ts';
import { MemberSearch } from './MemberSearch.tsx';
import { isVisibleToAll } from '../../../api/uploads/roles.ts';
import { membersMetadata, userToMember, type Member } from '../../../api/uploads/members.ts';
import { MembersTable } from './MembersTable.tsx';

export interface MembersDialogProps {
  open: boolean;
  onClose: () => void;
  upload: Upload;
  /** Called after the new members were submitted. */
  onSaved?: () => void;
}

const TITLE_ID = 'edit-members-title';

/**
 * 'Edit upload members': co-authors, reviewers and their groups. Changes are collected here and sent in one
 * request on Submit (spec 3 §4).
 */
export function MembersDialog({ open, onClose, upload, onSaved }: MembersDialogProps) {
  return (
    <Dialog open={open} fullWidth maxWidth="md" aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>Edit upload members</DialogTitle>
      {/* Mounted only while open, so that every opening starts from the upload's current members. */}
      {open ? <MembersLoader upload={upload} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

type LoaderProps = Omit<MembersDialogProps, 'open'>;

function MembersLoader({ upload, onClose, onSaved }: LoaderProps) {
  const api = useApi();
  const members = useQuery({
    // By id only: the upload refreshing while the dialog is open must not start over (and lose the changes).
    queryKey: ['uploads', 'upload', upload.upload_id, 'members'],
    queryFn: () => loadMembers(api, upload),
    // Members and names may have changed since the last opening; ask again each time.
    staleTime: 0,
    gcTime: 0,
  });
  if (members.isSuccess) {
    return <MembersForm upload={upload} initial={members.data} onClose={onClose} onSaved={onSaved} />;
  }
  return (
    <>
      <DialogContent>
        {members.isError ? (
          <DialogContentText color="error">The members of this upload could not be loaded.</DialogContentText>
        ) : (
          <CircularProgress aria-label="loading members" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

function MembersForm({ upload, initial, onClose, onSaved }: LoaderProps & { initial: Member[] }) {
  const api = useApi();
  const [members, setMembers] = useState(initial);
  const [changed, setChanged] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submit = useMutation({
    mutationFn: () =>
      api.call('uploadEdit', {
        params: { upload_id: upload.upload_id },
        body: { metadata: membersMetadata(members, isVisibleToAll(upload)) },
      }),
    onSuccess: () => {
      onSaved?.();
      onClose();
    },
  });
  const update = (next: Member[]) => {
    setMembers(next);
    setChanged(true);
  };
  const add = (member: Member) => {
    if (members.some(({ type, id }) => type === member.type && id === member.id)) return;
    update([...members, member]);
  };

  return (
    <>
      <DialogContent>
        <DialogContentText>
          Add or remove members of this upload and choose their roles: reviewers can view the upload,
          co-authors can also edit it.
        </DialogContentText>
        <MemberSearch members={members} onAdd={add} />
        <MembersTable
          members={members}
          onRoleChange={(member, role) => update(members.map((m) => (m === member ? { ...m, role } : m)))}
          onRemove={(member) => update(members.filter((m) => m !== member))}
        />
      </DialogContent>
      <DialogActions>
        <InviteUserButton onInvited={(user) => add(userToMember(user))} />
        <span style={{ flexGrow: 1 }} />
        <Button color="secondary" onClick={() => (changed ? setConfirming(true) : onClose())}>
          Cancel
        </Button>
        <Button color="secondary" disabled={!changed || submit.isPending} onClick={() => submit.mutate()}>
          Submit
        </Button>
      </DialogActions>
      <DiscardChangesDialog open={confirming} onCancel={() => setConfirming(false)} onDiscard={onClose} />
    </>
  );
}
