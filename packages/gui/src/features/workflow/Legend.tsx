import { Stack, Tooltip, Typography } from '@mui/material';
import { NodeShape } from './NodeShape.tsx';
import { LEGEND } from './texts.ts';

/** The four node types, each explained by its tooltip. */
export function Legend() {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} aria-label="Legend">
      {LEGEND.map(({ type, label, tooltip }) => (
        <Tooltip key={type} title={tooltip}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <svg width={18} height={18} viewBox="-18 -18 36 36" aria-hidden="true">
              <NodeShape type={type} />
            </svg>
            <Typography variant="body2">{label}</Typography>
          </Stack>
        </Tooltip>
      ))}
    </Stack>
  );
}
