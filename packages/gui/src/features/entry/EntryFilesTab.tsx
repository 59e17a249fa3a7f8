import { Typography } from '@mui/material';
import { useLocation, useParams } from 'react-router-dom';
import { FileBrowser } from '../files/index.ts';
import { useCaller } from '../../api/uploads/useCaller.ts';
import { entryEditable } from '../../api/entries/editable.ts';
import { entryBasePath } from '../../components/entryTabs.ts';
import type { EntryData } from '../../api/entries/types.ts';
import { parentOf } from '../../core/uploadPaths.ts';

/**
 * The files tab (spec 3 §2): a file browser of the folder that holds the mainfile, with the mainfile
 * highlighted and opened (the tab's path ends with files/_mainfile), root title 'Entry files'.
 */
export function EntryFilesTab({ entry }: { entry: EntryData }) {
  const { '*': splat = '' } = useParams();
  const { pathname } = useLocation();
  const caller = useCaller();
  if (!entry.upload_id || !entry.mainfile) {
    return <Typography>This entry has no files.</Typography>;
  }
  const basePath = entryBasePath(pathname, splat);
  const editable = entryEditable(entry, caller);
  return (
    <FileBrowser
      uploadId={entry.upload_id}
      baseUrl={`${basePath}/files`}
      rootPath={parentOf(entry.mainfile)}
      rootTitle="Entry files"
      mainfile={entry.mainfile}
      editable={editable}
      entriesUrl={basePath.slice(0, basePath.lastIndexOf('/'))}
    />
  );
}
