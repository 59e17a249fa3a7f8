import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useDropzone } from 'react-dropzone';
import type { FileUploadState, OverwriteQuestion } from '../api/uploads/useFileUpload.ts';

export interface FilesDropzoneProps {
  state: FileUploadState;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  /** Set while the user is asked whether a file of the same name is replaced. */
  question?: OverwriteQuestion;
  /** One file, in a small area (a notebook's file field). */
  single?: boolean;
}

/** Asked before a dropped file replaces one of the same name (spec 3 §5). */
function OverwriteDialog({ question }: { question: OverwriteQuestion }) {
  return (
    <Dialog open aria-labelledby="overwrite-file-title">
      <DialogTitle id="overwrite-file-title">Overwrite file</DialogTitle>
      <DialogContent>
        <DialogContentText>
          There is already a file with the same name in this path. Do you want to overwrite the file?
        </DialogContentText>
        <DialogContentText variant="body2">{question.fileName}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => question.answer(false)}>No</Button>
        <Button onClick={() => question.answer(true)}>Yes</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Drop area for raw files (or archives of them); shows the progress while a file is sent. */
export function FilesDropzone({ question, ...props }: FilesDropzoneProps) {
  return (
    <>
      {question ? <OverwriteDialog question={question} /> : null}
      <DropArea {...props} />
    </>
  );
}

function DropArea({ state, disabled, onFiles, single = false }: Omit<FilesDropzoneProps, 'question'>) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    disabled: disabled || state.fileName !== undefined,
    multiple: !single,
    // Files need a name to be stored under (spec 3 §5).
    onDrop: (accepted) => {
      const named = accepted.filter((file) => file.name);
      if (named.length > 0) onFiles(named);
    },
  });
  if (state.fileName !== undefined) {
    const percent = state.percent === undefined ? undefined : Math.round(state.percent);
    return (
      <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Typography variant="body2" gutterBottom>
          Uploading {state.fileName} {percent !== undefined ? `(${percent}%)` : '...'}
        </Typography>
        <LinearProgress
          variant={percent !== undefined ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label="upload progress"
        />
      </Box>
    );
  }
  return (
    <Box
      {...getRootProps()}
      sx={{
        p: single ? 1 : 4,
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        color: disabled ? 'text.disabled' : 'text.secondary',
      }}
    >
      <input {...getInputProps()} aria-label={single ? 'file to upload' : 'files to upload'} />
      <Typography variant={single ? 'body2' : 'body1'}>
        {single ? 'Drop a file here or click to upload one' : 'Drop files here or click to open dialog'}
      </Typography>
    </Box>
  );
}
