import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FilesDropzone } from '../../components/FilesDropzone.tsx';
import { useFileUpload } from '../../api/uploads/useFileUpload.ts';
import { type FilesContext } from './filesContext.ts';
import { NameDialog } from './NameDialog.tsx';
import { useFileOperations } from './useFileOperations.ts';
import { baseName } from '../../core/uploadPaths.ts';

const parentUrl = (url: string) => url.slice(0, url.lastIndexOf('/'));

/** A folder lane's actions: download as zip; for editable uploads upload into it, new folder, delete. */
export function FolderDetails({ ctx, path, laneUrl }: { ctx: FilesContext; path: string; laneUrl: string }) {
  const operations = useFileOperations(ctx);
  const upload = useFileUpload(ctx.uploadId, operations.reload, path);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'new-folder' | 'delete' | undefined>(undefined);
  // The drop area is shown on request: in every folder lane it would push the items out of sight.
  const [dropping, setDropping] = useState(false);
  const isRoot = path === ctx.rootPath;
  const download = ctx.api.link('uploadRawFile', {
    params: { upload_id: ctx.uploadId, path },
    query: { compress: true },
  });
  return (
    <Box>
      <Box sx={{ display: 'flex' }}>
        <Tooltip title="Download this folder as a zip file">
          <IconButton size="small" aria-label="Download folder" href={download} download>
            <Download fontSize="small" />
          </IconButton>
        </Tooltip>
        {ctx.editable ? (
          <>
            <Tooltip title="Upload files into this folder">
              <IconButton
                size="small"
                aria-label="Upload files"
                aria-pressed={dropping}
                color={dropping ? 'primary' : 'default'}
                onClick={() => setDropping((shown) => !shown)}
              >
                <UploadFile fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Create a new folder here">
              <IconButton size="small" aria-label="New folder" onClick={() => setDialog('new-folder')}>
                <CreateNewFolder fontSize="small" />
              </IconButton>
            </Tooltip>
            {isRoot ? null : (
              <Tooltip title="Delete this folder">
                <IconButton size="small" aria-label="Delete folder" onClick={() => setDialog('delete')}>
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        ) : null}
      </Box>
      {ctx.editable && (dropping || upload.uploading || upload.question) ? (
        <FilesDropzone
          state={upload.state}
          question={upload.question}
          disabled={false}
          onFiles={(files) => void upload.uploadFiles(files)}
        />
      ) : null}
      {dialog === 'new-folder' ? (
        <NameDialog
          title="New folder"
          confirmLabel="Create"
          fields={[{ label: 'Folder name', initial: '', required: true }]}
          onCancel={() => setDialog(undefined)}
          onConfirm={([name = '']) => {
            setDialog(undefined);
            operations.createFolder.mutate({ folder: path, name });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete folder"
        confirmLabel="Delete"
        onCancel={() => setDialog(undefined)}
        onConfirm={() => {
          setDialog(undefined);
          operations.remove.mutate(path, { onSuccess: () => void navigate(parentUrl(laneUrl)) });
        }}
      >
        {`Delete the folder "${baseName(path)}" with everything in it?`}
      </ConfirmDialog>
    </Box>
  );
}
