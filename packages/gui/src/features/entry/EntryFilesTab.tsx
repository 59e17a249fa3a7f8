import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import { Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useApi } from '../../api/ApiProvider.tsx';
import type { EntryData } from './types.ts';

/** The entry's mainfile for download; a browser of its folder comes later. */
export function EntryFilesTab({ entry }: { entry: EntryData }) {
  const api = useApi();
  if (!entry.upload_id || !entry.mainfile) {
    return <Typography>This entry has no files.</Typography>;
  }
  return (
    <>
      <Typography variant="h6" component="h2">
        Entry files
      </Typography>
      <List dense>
        <ListItem>
          <ListItemIcon>
            <InsertDriveFile />
          </ListItemIcon>
          <ListItemText
            primary={
              <Link
                href={api.link('uploadRawFile', {
                  params: { upload_id: entry.upload_id, path: entry.mainfile },
                  query: { ignore_mime_type: true },
                })}
                download
              >
                {entry.mainfile}
              </Link>
            }
            secondary="mainfile"
          />
        </ListItem>
      </List>
    </>
  );
}
