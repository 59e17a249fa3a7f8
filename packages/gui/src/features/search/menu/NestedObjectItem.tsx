import { Box, Typography } from '@mui/material';
import type { MenuItemConfig, NestedObjectItemConfig } from '@oasis/schema';
import type { ReactNode } from 'react';
import { labelOf } from '../context/index.ts';

/**
 * Filters on quantities of one nested section: together they must match the same section instance
 * (the search context groups their query under the section path).
 */
export function NestedObjectItem({
  config,
  renderItem,
}: {
  config: NestedObjectItemConfig;
  renderItem(item: MenuItemConfig, index: number): ReactNode;
}) {
  const title = config.title ?? labelOf(config.path);
  return (
    <Box role="group" aria-label={title} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1, my: 0.5 }}>
      {config.show_header !== false ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          {title}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {(config.items ?? []).map(renderItem)}
      </Box>
    </Box>
  );
}
