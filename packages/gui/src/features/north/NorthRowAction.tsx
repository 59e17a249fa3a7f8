import Launch from '@mui/icons-material/Launch';
import { IconButton, Tooltip } from '@mui/material';
import { NorthLaunchAction } from './NorthLaunchAction.tsx';
import { rowFilePath } from './rowFilePath.ts';
import { useNorthTools } from './useNorthTools.ts';

/** A search row's north action (spec 2): launches `tool_name` on the row's file (`filepath`). */
export function NorthRowAction({
  row,
  toolName,
  filepath,
  label,
}: {
  row: Readonly<Record<string, unknown>>;
  toolName: string | undefined;
  filepath: string | undefined;
  label: string;
}) {
  const { tools } = useNorthTools();
  const tool = tools?.find((candidate) => candidate.name === toolName);
  const file = rowFilePath(row, filepath);
  if (!tool || file.error) {
    return (
      <Tooltip title={file.error ?? 'Not available'}>
        <span>
          <IconButton size="small" disabled aria-label={label}>
            <Launch fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const uploadId = typeof row.upload_id === 'string' ? row.upload_id : undefined;
  return (
    <NorthLaunchAction tool={tool} uploadId={uploadId} path={file.path}>
      {(onClick) => (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={onClick}>
            <Launch fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </NorthLaunchAction>
  );
}
