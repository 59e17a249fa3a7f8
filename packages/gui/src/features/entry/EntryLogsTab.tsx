import { DoesNotExist } from '@oasis/client';
import { Alert, Typography } from '@mui/material';
import { LogList } from './LogList.tsx';
import { logsWithErrors, type LogRecord } from './logs.ts';
import { archiveData, type EntryData } from '../../api/entries/types.ts';
import { useArchive } from '../../api/entries/useEntry.ts';

const LOGS_REQUIRED = { processing_logs: '*' };

export function EntryLogsTab({ entry }: { entry: EntryData }) {
  const archive = useArchive(entry.entry_id, LOGS_REQUIRED);
  if (archive.isPending) return <Typography>loading ...</Typography>;
  if (archive.isError) {
    return (
      <Alert severity={archive.error instanceof DoesNotExist ? 'warning' : 'error'}>
        {archive.error instanceof DoesNotExist
          ? 'No archive log does exist for this entry. Most likely the entry itself does not exist.'
          : archive.error.message}
      </Alert>
    );
  }
  // Processing logs any fields it likes next to level and event; the list shows them all.
  const logs = logsWithErrors(
    (archiveData(archive.data).processing_logs ?? []) as readonly LogRecord[],
    entry.processing_errors,
  );
  return <LogList logs={logs} />;
}
