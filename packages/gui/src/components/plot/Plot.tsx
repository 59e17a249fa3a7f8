import { Alert, Box, Typography } from '@mui/material';
import type { Config, Data, Layout } from 'plotly.js';
import { useEffect, useRef, useState } from 'react';
import { loadPlotly, type PlotlyApi } from './loadPlotly.ts';

/** Shown when Plotly cannot be loaded or refuses the data (spec 3 §8), unless the error has a message. */
export const PLOT_ERROR = 'Could not load plot due to an unexpected error.';

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
  const [plotly, setPlotly] = useState<PlotlyApi>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let active = true;
    load().then(
      (api) => {
        if (active) setPlotly(api);
      },
      (cause: unknown) => {
        // A missing chunk says nothing useful to the user; the generic text does.
        console.error(cause);
        if (active) setError(PLOT_ERROR);
      },
    );
    return () => {
      active = false;
    };
  }, [load]);

  useEffect(() => {
    const element = root.current;
    if (!plotly || !element) return;
    plotly.react(element, data, { ...BASE_LAYOUT, ...layout, height }, CONFIG).then(
      () => setError(undefined),
      (cause: unknown) => setError(errorText(cause)),
    );
  }, [plotly, data, layout, height]);

  useEffect(() => {
    const element = root.current;
    if (!plotly || !element) return;
    // Plotly only sizes itself on window resizes; cards also change width when the layout reflows.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => void plotly.Plots.resize(element));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plotly.purge(element);
    };
  }, [plotly]);

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

function errorText(cause: unknown): string {
  return cause instanceof Error && cause.message ? cause.message : PLOT_ERROR;
}
