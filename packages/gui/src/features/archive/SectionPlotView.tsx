import { Box, Typography } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { Plot } from '../../components/plot/Plot.tsx';
import type { SectionPlot } from './plots.ts';

const LANE_PLOT_HEIGHT = 300;

/** The Plotly figures of a section's plot annotations, above its items. */
export function SectionPlotView({ plots }: { plots: readonly SectionPlot[] }) {
  return (
    <Box data-testid="section-plots">
      {plots.map((plot, index) => (
        <Box key={index} sx={{ mb: 1 }}>
          <Typography variant="caption">{plot.label}</Typography>
          <Plot
            data={plot.data as unknown as Data[]}
            layout={plot.layout as Partial<Layout>}
            height={LANE_PLOT_HEIGHT}
            label={plot.label}
          />
        </Box>
      ))}
    </Box>
  );
}
