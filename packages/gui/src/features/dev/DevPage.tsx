import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTableDemo } from './DataTableDemo.tsx';
import { EditQuantityDemo } from './EditQuantityDemo.tsx';
import { PlotDemo } from './PlotDemo.tsx';

const pages = {
  datatable: {
    description: 'The shared paged table: sorting by column, page sizes, pages and row selection.',
    demo: () => <DataTableDemo />,
  },
  editquantity: {
    description:
      'The quantity editors of the electronic lab notebook, one per edit component, with the value they produce.',
    demo: () => <EditQuantityDemo />,
  },
  plot: {
    description: 'The plot component: lines with a legend, markers on a log axis, a heatmap.',
    demo: () => <PlotDemo />,
  },
} satisfies Record<string, { description: string; demo: () => ReactNode }>;

export type DevPageName = keyof typeof pages;

/** Developer demo pages (/dev/...). */
export function DevPage({ name }: { name: DevPageName }) {
  const page = pages[name];
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Developer demo: {name}
      </Typography>
      <Typography sx={{ mb: 2 }}>{page.description}</Typography>
      {page.demo()}
    </Box>
  );
}
