import { Box, Button, Typography } from '@mui/material';
import { NorthLaunchAction } from './NorthLaunchAction.tsx';
import { ToolIcon } from './ToolIcon.tsx';
import { toolTakesFile } from './toolUrl.ts';
import { useNorthTools } from './useNorthTools.ts';

/** The file browser's tools for a file (spec 3 §4): those whose file extensions match its name. */
export function FileTools({ uploadId, path, name }: { uploadId: string; path: string; name: string }) {
  const { tools } = useNorthTools();
  const matching = (tools ?? []).filter((tool) => toolTakesFile(tool, name));
  if (matching.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }} data-testid="file-tools">
      <Typography variant="caption" color="text.secondary">
        Tools
      </Typography>
      {matching.map((tool) => (
        <Box key={tool.name} sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 0.5 }}>
          <ToolIcon icon={tool.icon} />
          <NorthLaunchAction tool={tool} uploadId={uploadId} path={path}>
            {(onClick) => (
              <Button size="small" variant="outlined" onClick={onClick}>
                {`Open with ${tool.title ?? tool.name}`}
              </Button>
            )}
          </NorthLaunchAction>
        </Box>
      ))}
    </Box>
  );
}
