import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { Box, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface ItemHeaderProps {
  title: string;
  description?: string;
  /** The display unit, printed after the title. */
  unit?: string;
  /** Controls shown on the right (e.g. a query mode switch). */
  actions?: ReactNode;
}

/** The title line of a filter: label, unit and a help tooltip with the quantity's description. */
export function ItemHeader({ title, description, unit, actions }: ItemHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 28 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {unit ? `${title} (${unit})` : title}
      </Typography>
      {description ? (
        <Tooltip title={description} enterDelay={400}>
          <HelpOutlineOutlined aria-label={`About ${title}`} sx={{ fontSize: 16, color: 'text.secondary' }} />
        </Tooltip>
      ) : null}
      <Box sx={{ flexGrow: 1 }} />
      {actions}
    </Box>
  );
}
