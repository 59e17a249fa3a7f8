import type { NorthToolState } from '@oasis/schema';
import { Box, Button } from '@mui/material';
import type { NorthToolControl } from './useNorthTool.ts';

/** Spec 3 §4: the launch button's label per state ('error' may be launched again). */
const LAUNCH_LABELS: Record<NorthToolState, string> = {
  stopped: 'Launch',
  starting: 'Launching...',
  running: 'Open',
  stopping: 'Launch',
  error: 'Launch',
};

/** Launch (or Open) and, while the tool runs or stops, Stop; disabled while the state changes. */
export function NorthToolButtons({
  control,
  target,
}: {
  control: NorthToolControl;
  target?: { uploadId?: string; path?: string };
}) {
  const { state, launch, stop } = control;
  const busy = state === undefined || state === 'starting' || state === 'stopping';
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button variant="contained" size="small" fullWidth disabled={busy} onClick={() => launch(target)}>
        {state ? LAUNCH_LABELS[state] : 'Launch'}
      </Button>
      {state === 'running' || state === 'stopping' ? (
        <Button variant="outlined" size="small" fullWidth disabled={state === 'stopping'} onClick={stop}>
          {state === 'stopping' ? 'Stopping...' : 'Stop'}
        </Button>
      ) : null}
    </Box>
  );
}
