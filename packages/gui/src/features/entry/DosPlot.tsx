import { Alert, useTheme } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import type { DosPlotData } from './electronic.ts';
import { energyAxis, highestOccupiedLine, NO_REFERENCE_WARNING } from './plotParts.ts';

/** Density of states sideways (energy upwards) so that it lines up with a band structure next to it. */
export function DosPlot({ dos, height }: { dos: DosPlotData; height: number }) {
  const theme = useTheme();
  const { data, layout } = useMemo(() => {
    const colors = [theme.palette.primary.main, theme.palette.secondary.main];
    const spinNames = dos.channels.length === 2 ? ['spin up', 'spin down'] : ['total'];
    const traces: Data[] = dos.channels.map((values, spin) => ({
      x: values,
      y: dos.energies,
      type: 'scatter',
      mode: 'lines',
      name: spinNames[spin],
      line: { color: colors[spin % 2], width: 2 },
    }));
    const maxDensity = Math.max(0, ...dos.channels.flat());
    const shifted = dos.highestOccupied !== undefined;
    if (shifted) traces.push(highestOccupiedLine([0, maxDensity]));
    const plotLayout: Partial<Layout> = {
      showlegend: true,
      legend: { x: 1, xanchor: 'right', y: 0, yanchor: 'bottom' },
      xaxis: { title: { text: 'DOS (states/eV)' }, rangemode: 'tozero', zeroline: true },
      yaxis: energyAxis(shifted),
    };
    return { data: traces, layout: plotLayout };
  }, [dos, theme]);
  return (
    <>
      {dos.highestOccupied === undefined ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {NO_REFERENCE_WARNING}
        </Alert>
      ) : null}
      <Plot data={data} layout={layout} height={height} label="density of states" />
    </>
  );
}
