import { ChevronLeft, ChevronRight } from '@mui/icons-material';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';

/** Width of the open menu per breakpoint, and of the collapsed strip (spec 2 §2). */
const OPEN_WIDTH = { xs: '17rem', sm: '21rem', md: '25rem', lg: '29rem', xl: '33rem' };
const COLLAPSED_WIDTH = '3rem';

/** The collapsible left 'Filters' menu; its content is the filters. */
export function FilterMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) {
    return (
      <Paper variant="outlined" sx={{ width: COLLAPSED_WIDTH, flexShrink: 0, textAlign: 'center', py: 1 }}>
        <Tooltip title="Show the filters">
          <IconButton aria-label="show filters" onClick={() => setOpen(true)}>
            <ChevronRight />
          </IconButton>
        </Tooltip>
        <Typography sx={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', mx: 'auto', mt: 1 }}>
          Filters
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ width: OPEN_WIDTH, flexShrink: 0, p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Filters
        </Typography>
        <Tooltip title="Hide the filters">
          <IconButton aria-label="hide filters" onClick={() => setOpen(false)}>
            <ChevronLeft />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box>{children}</Box>
    </Paper>
  );
}
