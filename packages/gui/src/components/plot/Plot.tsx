import { Alert, Box, Typography } from '@mui/material';
import type { Config, Data, Layout } from 'plotly.js';
import { useEffect, useRef } from 'react';
import { loadPlotly, type PlotlyApi } from './loadPlotly.ts';
import { useFigureLifetime, usePlotly } from './usePlotly.ts';

import { plotErrorText } from './plotError.ts';

export { PLOT_ERROR } from './plotError.ts';

// Captures are 1280 px wide PNGs named 'plot' (spec 3 §9).
const CONFIG: Partial<Config> = {
  displaylogo: false,
  toImageButtonOptions: { format: 'png', width: 1280, filename: 'plot' },
};

const BASE_LAYOUT: Partial<Layout> = {
  autosize: true,
  margin: { l: 60, r: 20, t: 20, b: 50 },
  font: { family: 'Titillium Web, sans-serif' },
  showlegend: false,
};

export interface PlotProps {
  data: Data[];
  layout?: Partial<Layout>;
  /** Height in pixels; plots are 500 px high unless a card says otherwise (spec 3 §9). */
  height?: number;
  /** Accessible name of the plot. */
  label: string;
  /** Loads Plotly; replaced in tests that check what the component asks Plotly to draw. */
  load?: () => Promise<PlotlyApi>;
}

/** A Plotly figure. Plotly itself is fetched the first time any plot mounts. */
export function Plot({ data, layout, height = 500, label, load = loadPlotly }: PlotProps) {
  const root = useRef<HTMLDivElement>(null);
  const { plotly, error, setError } = usePlotly(load);

  useEffect(() => {
    const element = root.current;
    if (!plotly || !element) return;
    plotly.react(element, data, { ...BASE_LAYOUT, ...layout, height }, CONFIG).then(
      () => setError(undefined),
      (cause: unknown) => setError(plotErrorText(cause)),
    );
  }, [plotly, data, layout, height, setError]);

  useFigureLifetime(plotly, root);

  return (
    <Box sx={{ position: 'relative', width: '100%', minHeight: height }}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!plotly && !error ? (
        <Typography variant="body2" color="text.secondary" sx={{ position: 'absolute', top: 8, left: 8 }}>
          loading plot ...
        </Typography>
      ) : null}
      <Box ref={root} role="img" aria-label={label} sx={{ width: '100%', height: error ? 0 : height }} />
    </Box>
  );
}
