import { Stack } from '@mui/material';
import { useCallback } from 'react';
import { FilesDropzone } from '../../../components/FilesDropzone.tsx';
import { useFileUpload } from '../../../api/uploads/useFileUpload.ts';
import { useElnEntry } from '../elnContext.tsx';
import { TextWidget } from './TextWidget.tsx';
import type { WidgetProps } from './widgetProps.ts';
import { joinPath, parentOf } from '../../../core/uploadPaths.ts';

const nothingToReload = () => undefined;

/**
 * FileEditQuantity: the path of a file of the upload (from the upload's root), typed, or set by dropping a
 * file, which is uploaded beside the entry's mainfile (asking before it replaces one of the same name).
 */
export function FileWidget(props: WidgetProps) {
  const { uploadId, mainfile } = useElnEntry();
  const folder = parentOf(mainfile);
  const upload = useFileUpload(uploadId, nothingToReload, folder);
  const { onChange } = props;
  const onFiles = useCallback(
    (files: File[]) =>
      void upload.uploadFiles(files.slice(0, 1)).then(([placed]) => {
        if (placed) onChange(joinPath(folder, placed));
      }),
    [upload, folder, onChange],
  );
  return (
    <Stack spacing={1}>
      <TextWidget {...props} />
      {uploadId && !props.disabled ? (
        <FilesDropzone
          single
          state={upload.state}
          question={upload.question}
          disabled={false}
          onFiles={onFiles}
        />
      ) : null}
    </Stack>
  );
}
