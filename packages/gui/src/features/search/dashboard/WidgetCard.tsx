import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Height of a widget's header row in pixels; the body gets the rest of the grid cell. */
export const WIDGET_HEADER_HEIGHT = 40;

export interface WidgetCardProps {
  title: string;
  description?: string;
  /** Widget-specific controls shown before edit and remove (e.g. the scatter plot's drag modes). */
  actions?: ReactNode;
  onEdit: () => void;
  onRemove: () => void;
  children: ReactNode;
}

/** The frame of a dashboard widget: title, controls, and the widget's content below. */
export function WidgetCard({ title, description, actions, onEdit, onRemove, children }: WidgetCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box sx={{ height: WIDGET_HEADER_HEIGHT, display: 'flex', alignItems: 'center', px: 1, gap: 0.5 }}>
        <Tooltip title={description ?? ''} enterDelay={400} disableHoverListener={!description}>
          <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {title}
          </Typography>
        </Tooltip>
        {actions}
        <Tooltip title="Edit widget" enterDelay={400}>
          <IconButton size="small" aria-label="Edit widget" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Remove widget" enterDelay={400}>
          <IconButton size="small" aria-label="Remove widget" onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0, px: 1, pb: 1, position: 'relative' }}>{children}</Box>
    </Paper>
  );
}
