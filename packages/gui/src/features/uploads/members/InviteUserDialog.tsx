import { ApiError } from '@oasis/client';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { User, UserInvite } from '@oasis/schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';

export interface InviteUserButtonProps {
  /** The account was created; the new user can now be made a member. */
  onInvited: (user: User) => void;
}

const FIELDS: readonly { key: keyof UserInvite; label: string }[] = [
  { key: 'email', label: 'Email' },
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'affiliation', label: 'Affiliation' },
];

const EMPTY: UserInvite = { email: '', first_name: '', last_name: '', affiliation: '' };

/** The server's own explanation (e.g. the email is taken) if it gave one, else the error itself. */
const inviteErrorText = (error: unknown) =>
  error instanceof ApiError && error.apiMessage ? error.apiMessage : String(error);

/** 'Invite new user': creates an account for someone not yet registered (spec 3 §5, §8). */
export function InviteUserButton({ onInvited }: InviteUserButtonProps) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<UserInvite>(EMPTY);
  const invite = useMutation({
    mutationFn: (body: UserInvite) => api.call('usersInvite', { body }),
    // The failure is shown in the dialog, next to the fields it is about.
    meta: { silent: true },
    onSuccess: (user) => {
      setOpen(false);
      setData(EMPTY);
      onInvited(user);
    },
  });
  const complete = FIELDS.every(({ key }) => data[key].trim() !== '');
  const close = () => {
    setOpen(false);
    invite.reset();
  };

  return (
    <>
      <Button color="secondary" onClick={() => setOpen(true)}>
        Invite new user
      </Button>
      <Dialog open={open} fullWidth aria-labelledby="invite-user-title">
        <DialogTitle id="invite-user-title">Invite a new user to NOMAD</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Someone who has no account yet can be invited here to become a co-author or reviewer. The new user
            gets an email to choose a password and can be added as a member right away.
          </DialogContentText>
          {invite.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {inviteErrorText(invite.error)}
            </Alert>
          ) : null}
          {FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              variant="filled"
              margin="normal"
              fullWidth
              value={data[key]}
              onChange={(event) => {
                setData({ ...data, [key]: event.target.value });
                invite.reset();
              }}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button
            color="primary"
            disabled={!complete || invite.isPending || invite.isError}
            onClick={() => invite.mutate(data)}
          >
            Submit
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
