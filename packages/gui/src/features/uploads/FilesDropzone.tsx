import { Box, LinearProgress, Typography } from '@mui/material';
import { useDropzone } from 'react-dropzone';
import type { FileUploadState } from './useFileUpload.ts';

export interface FilesDropzoneProps {
  state: FileUploadState;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** Drop area for raw files (or archives of them); shows the progress while a file is sent. */
export function FilesDropzone({ state, disabled, onFiles }: FilesDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    disabled: disabled || state.fileName !== undefined,
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
        p: 4,
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        color: disabled ? 'text.disabled' : 'text.secondary',
      }}
    >
      <input {...getInputProps()} aria-label="files to upload" />
      <Typography>Drop files here or click to open dialog</Typography>
    </Box>
  );
}
