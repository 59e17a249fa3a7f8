import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Download from '@mui/icons-material/Download';
import FileCopy from '@mui/icons-material/FileCopy';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FileTools } from '../north/index.ts';
import type { FileInfo } from './adapters.tsx';
import { formatFileSize } from './fileSize.ts';
import { parserLabel, type FilesContext } from './filesContext.ts';
import { NameDialog } from './NameDialog.tsx';
import { useFileOperations } from './useFileOperations.ts';
import { parentOf } from '../../core/uploadPaths.ts';

const parentUrl = (url: string) => url.slice(0, url.lastIndexOf('/'));

type Dialog = 'delete' | 'duplicate' | 'copy' | 'move';

/** A file lane's details (size, parser) and actions: download; for editable uploads delete, duplicate, copy, move. */
export function FileDetails({ ctx, file, laneUrl }: { ctx: FilesContext; file: FileInfo; laneUrl: string }) {
  const operations = useFileOperations(ctx);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const close = () => setDialog(undefined);
  const folder = parentOf(file.path);
  const download = ctx.api.link('uploadRawFile', {
    params: { upload_id: ctx.uploadId, path: file.path },
    query: { ignore_mime_type: true },
  });
  const toParent = () => void navigate(parentUrl(laneUrl));
  return (
    <Box>
      <Typography variant="body2" data-testid="file-size">
        {formatFileSize(file.size)}
      </Typography>
      {file.parserName ? (
        <Chip size="small" label={parserLabel(file.parserName, ctx.productName)} title={file.parserName} />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        <Tooltip title="Download this file">
          <IconButton size="small" aria-label="Download file" href={download} download={file.name}>
            <Download fontSize="small" />
          </IconButton>
        </Tooltip>
        {ctx.editable ? (
          <>
            <Action
              label="Delete file"
              onClick={() => setDialog('delete')}
              icon={<Delete fontSize="small" />}
            />
            <Action
              label="Duplicate file"
              onClick={() => setDialog('duplicate')}
              icon={<FileCopy fontSize="small" />}
            />
            <Action
              label="Copy file"
              onClick={() => setDialog('copy')}
              icon={<ContentCopy fontSize="small" />}
            />
            <Action
              label="Move file"
              onClick={() => setDialog('move')}
              icon={<DriveFileMove fontSize="small" />}
            />
          </>
        ) : null}
      </Box>
      <FileTools uploadId={ctx.uploadId} path={file.path} name={file.name} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete file"
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={() => {
          close();
          operations.remove.mutate(file.path, { onSuccess: toParent });
        }}
      >
        {`Delete the file "${file.name}"?`}
      </ConfirmDialog>
      {dialog === 'duplicate' ? (
        <NameDialog
          title="Duplicate file"
          confirmLabel="Duplicate"
          fields={[{ label: 'File name', initial: `(Copy) ${file.name}`, required: true }]}
          onCancel={close}
          onConfirm={([fileName = '']) => {
            close();
            operations.copyOrMove.mutate({ mode: 'copy', source: file.path, targetFolder: folder, fileName });
          }}
        />
      ) : null}
      {dialog === 'copy' || dialog === 'move' ? (
        <NameDialog
          title={dialog === 'copy' ? 'Copy file' : 'Move file'}
          confirmLabel={dialog === 'copy' ? 'Copy' : 'Move'}
          fields={[
            { label: 'Target folder', initial: folder },
            { label: 'File name', initial: file.name, required: true },
          ]}
          onCancel={close}
          onConfirm={([targetFolder = '', fileName = '']) => {
            const mode = dialog;
            close();
            operations.copyOrMove.mutate(
              { mode, source: file.path, targetFolder: targetFolder.replace(/^\/+|\/+$/g, ''), fileName },
              { onSuccess: mode === 'move' ? toParent : undefined },
            );
          }}
        />
      ) : null}
    </Box>
  );
}

function Action({ label, onClick, icon }: { label: string; onClick: () => void; icon: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
