import {
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Delete } from '@mui/icons-material';
import { formatDateTime } from '../../components/dateTime.ts';
import { useAppTokens, useRevokeAppTokens } from './useAppTokens.ts';

/** The user's app tokens that have not expired, each revocable, newest first. */
export function AppTokenList({ userId }: { userId: string }) {
  const { data } = useAppTokens(userId);
  const revoke = useRevokeAppTokens();
  const tokens = data?.data ?? [];
  if (!data) return null;
  if (tokens.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        You have no app tokens that have not expired.
      </Typography>
    );
  }
  return (
    <>
      <Table size="small" aria-label="Your app tokens" sx={{ mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Token id</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.token_id}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{token.token_id}</TableCell>
              <TableCell>{formatDateTime(token.created)}</TableCell>
              <TableCell>{formatDateTime(token.expires_at)}</TableCell>
              <TableCell align="right">
                <Tooltip title="Revoke this token">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`revoke token ${token.token_id}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(token.token_id)}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(undefined)}
      >
        Revoke all app tokens
      </Button>
    </>
  );
}
