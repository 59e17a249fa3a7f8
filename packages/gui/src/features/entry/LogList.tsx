import {
  Button,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { toggled } from '../../components/sets.ts';
import { LOG_LEVELS, LOGS_PAGE, filterLogs } from './logs.ts';
import type { LogEntry } from './types.ts';

const levelColor = (level: string | undefined) =>
  level === 'ERROR' || level === 'CRITICAL' ? 'error' : level === 'WARNING' ? 'warning.main' : undefined;

/** Processing logs with a level filter; 10 shown, 'Load More' adds 10. */
export function LogList({ logs }: { logs: readonly LogEntry[] }) {
  const [levels, setLevels] = useState<ReadonlySet<string>>(() => new Set(LOG_LEVELS));
  const [shown, setShown] = useState(LOGS_PAGE);
  const matching = filterLogs(logs, levels);
  const toggle = (level: string) => setLevels(toggled(levels, level));
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {LOG_LEVELS.map((level) => (
          <FormControlLabel
            key={level}
            control={<Checkbox size="small" checked={levels.has(level)} onChange={() => toggle(level)} />}
            label={level}
          />
        ))}
      </Stack>
      {matching.length === 0 ? (
        <Typography>No log entries matching selected criteria</Typography>
      ) : (
        <>
          <List dense>
            {matching.slice(0, shown).map((log, index) => (
              <ListItem key={index} divider>
                <ListItemText
                  primary={
                    <>
                      <Typography
                        component="span"
                        variant="body2"
                        color={levelColor(log.level)}
                        sx={{ mr: 1 }}
                      >
                        {log.level}
                      </Typography>
                      {log.event}
                    </>
                  }
                  secondary={
                    [log.parser, log.timestamp, log.exception].filter(Boolean).join(' · ') || undefined
                  }
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2">
            Showing {Math.min(shown, matching.length)} of {matching.length} matching entries
          </Typography>
          {shown < matching.length ? (
            <Button onClick={() => setShown(shown + LOGS_PAGE)}>Load More</Button>
          ) : null}
        </>
      )}
    </>
  );
}
