import { ApiError, NotAuthorized } from '@oasis/client';
import { appTokenLimitMessage } from '@oasis/schema';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { appTokenDayRange, expiresInForDay } from './appTokenDates.ts';
import { useCreateAppToken } from './useAppTokens.ts';

/** The `limit_value` of a FastAPI 422 (NOMAD's GUI reads the server's limit there). */
function limitValue(error: ApiError): number | undefined {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  const first: unknown = Array.isArray(detail) ? detail[0] : undefined;
  const limit = (first as { ctx?: { limit_value?: unknown } } | undefined)?.ctx?.limit_value;
  return typeof limit === 'number' ? limit : undefined;
}

/**
 * 'App token expires after' (spec 3 §6): a day up to the installation's limit, then the new token to copy.
 * The token is shown only here and only once; the list below names tokens by id.
 */
export function AppTokenForm() {
  const env = useEnv();
  const { raiseError } = useErrors();
  const [range] = useState(() => appTokenDayRange(env.appTokenMaxExpiresIn, new Date()));
  const [day, setDay] = useState(range.max);
  const [error, setError] = useState<string>();
  const create = useCreateAppToken();

  const submit = () => {
    setError(undefined);
    const now = new Date();
    const expiresIn = expiresInForDay(day, now);
    if (expiresIn === undefined || expiresIn < 1) {
      setError(`Choose a day from ${range.min} on.`);
      return;
    }
    create.mutate(expiresIn, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) {
          setError(appTokenLimitMessage(limitValue(failure) ?? env.appTokenMaxExpiresIn, now));
        } else if (!(failure instanceof NotAuthorized)) {
          // A 401 means the login ended; the login button says so already (as NOMAD, silent).
          raiseError(failure);
        }
      },
    });
  };

  const token = create.data?.app_token;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <TextField
          type="date"
          size="small"
          variant="filled"
          label="App token expires after"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={error}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.min, max: range.max } }}
        />
        <Button variant="contained" sx={{ mt: 1 }} disabled={create.isPending} onClick={submit}>
          Create app token
        </Button>
      </Box>
      {token && (
        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <TextField
              label="App token"
              value={token}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            />
            <CopyButton value={token} label="Copy token to clipboard" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Copy the token now: it is not shown again. Send it as{' '}
            <code>Authorization: Bearer &lt;token&gt;</code>.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
