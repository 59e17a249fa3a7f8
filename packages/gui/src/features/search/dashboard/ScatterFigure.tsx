import { Alert, Box, Typography } from '@mui/material';
import type { Config, Data, Layout } from 'plotly.js';
import { useEffect, useRef } from 'react';
import { loadPlotly, type PlotlyApi } from '../../../components/plot/loadPlotly.ts';
import { plotErrorText } from '../../../components/plot/plotError.ts';
import { useFigureLifetime, usePlotly } from '../../../components/plot/usePlotly.ts';

/** The parts of Plotly's event data the scatter plot reads. */
export interface PlotClick {
  points: readonly { customdata?: unknown }[];
}
export interface PlotSelection {
  range?: { x?: readonly (number | string)[]; y?: readonly (number | string)[] };
}

/** Plotly adds an event emitter to the element it draws into. */
type GraphElement = HTMLDivElement & {
  on?: (event: string, handler: (data: never) => void) => void;
};

const CONFIG: Partial<Config> = { displaylogo: false, displayModeBar: false, responsive: true };

export interface ScatterFigureProps {
  data: Data[];
  layout: Partial<Layout>;
  height: number;
  label: string;
  onPointClick: (data: PlotClick) => void;
  onSelect: (data: PlotSelection) => void;
  /** Loads Plotly; replaced in tests. */
  load?: () => Promise<PlotlyApi>;
}

/**
 * A Plotly scatter figure that reports point clicks and box selections. Plotly is fetched lazily the
 * first time a plot mounts (the shared loader keeps it out of the search page's bundle).
 */
export function ScatterFigure(props: ScatterFigureProps) {
  const { data, layout, height, label, load = loadPlotly } = props;
  const root = useRef<GraphElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const { plotly, error, setError } = usePlotly(load);
  const listening = useRef(false);

  useEffect(() => {
    const element = root.current;
    if (!plotly || !element) return;
    plotly.react(element, data, { ...layout, height }, CONFIG).then(
      () => {
        setError(undefined);
        // Plotly's emitter exists once the figure is drawn; handlers read the latest props.
        if (!listening.current && element.on) {
          listening.current = true;
          element.on('plotly_click', (event: PlotClick) => handlers.current.onPointClick(event));
          element.on('plotly_selected', (event: PlotSelection | undefined) => {
            if (event) handlers.current.onSelect(event);
          });
        }
      },
      (cause: unknown) => setError(plotErrorText(cause)),
    );
  }, [plotly, data, layout, height, setError]);

  useFigureLifetime(plotly, root, () => {
    listening.current = false;
  });

  return (
    <Box sx={{ position: 'relative', width: '100%', height }}>
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
