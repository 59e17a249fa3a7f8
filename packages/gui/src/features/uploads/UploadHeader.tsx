import Autorenew from '@mui/icons-material/Autorenew';
import CloudDownload from '@mui/icons-material/CloudDownload';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DeleteUploadButton } from './DeleteUploadButton.tsx';
import { isEditable, isMainAuthor, isWriter } from '../../api/uploads/roles.ts';
import { UploadName } from './UploadName.tsx';
import { UploadVisibilityIcon } from './UploadVisibilityIcon.tsx';
import type { Caller } from '../../api/uploads/visibility.ts';

export interface UploadHeaderProps {
  upload: Upload;
  caller: Caller | undefined;
  busy: { renaming: boolean; reprocessing: boolean; deleting: boolean };
  onRename: (name: string) => void;
  onReload: () => void;
  onReprocess: () => void;
  onDelete: () => void;
  /** Further actions placed before reload (e.g. editing the members). */
  extraActions?: ReactNode;
}

/** The search page filtered to this upload: the first explore app, as NOMAD's 'Search in this upload'. */
function SearchInUpload({ uploadId }: { uploadId: string }) {
  const { apps } = useEnv();
  const app = apps[0];
  if (!app) return null;
  return (
    <Tooltip title="Search in this upload">
      <IconButton
        aria-label="Search in this upload"
        component={RouterLink}
        to={`/search/${app.path}?upload_id=${encodeURIComponent(uploadId)}`}
      >
        <Search />
      </IconButton>
    </Tooltip>
  );
}

/** Visibility, name and id of the upload with the actions on the whole upload (spec 3 §2). */
export function UploadHeader(props: UploadHeaderProps) {
  const { upload, caller, busy, onRename, onReload, onReprocess, onDelete, extraActions } = props;
  const api = useApi();
  const writer = isWriter(upload, caller?.sub, caller?.groups);
  const processing = upload.process_running;
  const download = api.link('uploadRawFile', {
    params: { upload_id: upload.upload_id, path: '' },
    query: { compress: true },
  });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <UploadVisibilityIcon upload={upload} caller={caller} fontSize="large" />
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <UploadName
          name={upload.upload_name}
          editable={isEditable(upload, caller?.sub, caller?.groups)}
          saving={busy.renaming}
          onSave={onRename}
        />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">upload id: {upload.upload_id}</Typography>
          <CopyButton value={upload.upload_id} label="Copy the upload id" />
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <SearchInUpload uploadId={upload.upload_id} />
        {extraActions}
        <Tooltip title="Download files">
          <IconButton aria-label="Download files" href={download} download>
            <CloudDownload />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reload">
          <IconButton aria-label="Reload" onClick={onReload}>
            <Refresh />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reprocess">
          <span>
            <IconButton
              aria-label="Reprocess"
              disabled={upload.published || !writer || processing || busy.reprocessing}
              onClick={onReprocess}
            >
              <Autorenew />
            </IconButton>
          </span>
        </Tooltip>
        <DeleteUploadButton
          uploads={[upload]}
          tooltip="Delete upload"
          disabled={upload.published || !isMainAuthor(upload, caller?.sub) || processing || busy.deleting}
          onDelete={onDelete}
        />
      </Stack>
    </Stack>
  );
}
