import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { toggled } from '../../components/sets.ts';
import {
  DEFAULT_LOG_KEYS,
  LOG_LEVELS,
  LOGS_PAGE,
  filterLogs,
  levelOf,
  logDetails,
  logKeys,
  logSummary,
  type LogRecord,
} from './logs.ts';

const levelColor = (level: string) =>
  level === 'ERROR' || level === 'CRITICAL'
    ? 'error'
    : level === 'WARNING'
      ? 'warning.main'
      : 'text.secondary';

/**
 * Processing logs (spec 3 §2): a level filter with all levels on, the keys each line shows (parser and
 * event by default), expandable items with all their fields; 10 shown, 'Load More' adds 10.
 */
export function LogList({ logs }: { logs: readonly LogRecord[] }) {
  const [levels, setLevels] = useState<ReadonlySet<string>>(() => new Set(LOG_LEVELS));
  const [keys, setKeys] = useState<string[]>([...DEFAULT_LOG_KEYS]);
  const [shown, setShown] = useState(LOGS_PAGE);
  const allKeys = useMemo(() => logKeys(logs), [logs]);
  const matching = useMemo(() => filterLogs(logs, levels), [logs, levels]);
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box>
          {LOG_LEVELS.map((level) => (
            <FormControlLabel
              key={level}
              control={
                <Checkbox
                  size="small"
                  checked={levels.has(level)}
                  onChange={() => setLevels(toggled(levels, level))}
                />
              }
              label={level}
            />
          ))}
        </Box>
        <Autocomplete
          multiple
          size="small"
          options={allKeys}
          value={keys}
          onChange={(_, value) => setKeys(value)}
          disableCloseOnSelect
          renderInput={(params) => <TextField {...params} label="Filter keys" />}
          sx={{ minWidth: 320, flex: 1 }}
        />
      </Stack>
      {matching.length === 0 ? (
        <Typography>No log entries matching selected criteria</Typography>
      ) : (
        <>
          <Box data-testid="log-list">
            {matching.slice(0, shown).map((log, index) => {
              const level = levelOf(log);
              return (
                <Accordion key={index} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
                  <AccordionSummary expandIcon={<ExpandMore />} data-testid="log-item">
                    <Typography variant="body2" sx={{ color: levelColor(level), mr: 1, minWidth: 72 }}>
                      {level}
                    </Typography>
                    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                      {logSummary(log, keys).map((value, part) => (
                        <span key={part}>
                          {part > 0 ? ' | ' : null}
                          <span>{value}</span>
                        </span>
                      ))}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Box
                      component="pre"
                      sx={{ fontSize: '0.75rem', m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                    >
                      {logDetails(log)
                        .map(([key, value]) => `${key}: ${value}`)
                        .join('\n')}
                    </Box>
                  </AccordionDetails>
                </Accordion>
              );
            })}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
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
