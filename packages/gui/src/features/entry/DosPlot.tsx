import { useTheme } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import { densityMaximum, type DosPlotData } from './electronic.ts';
import { axisTitle } from './units.ts';
import { NoReferenceIcon } from './EnergyReference.tsx';
import { energyAxis, highestOccupiedLine } from './plotParts.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/**
 * Density of states sideways (energy upwards) so that it lines up with a band structure next to it.
 * Phonon energies have no highest occupied energy to shift to, so `phonon` plots them as they are.
 */
export function DosPlot({
  dos,
  height,
  phonon = false,
  label = 'density of states',
}: {
  dos: DosPlotData;
  height: number;
  phonon?: boolean;
  label?: string;
}) {
  const theme = useTheme();
  const { energy, dos: density } = useEntryUnits();
  const { data, layout } = useMemo(() => {
    const energies = dos.energies.map((value) => energy.convert(value));
    const channels = dos.channels.map((values) => values.map((value) => density.convert(value)));
    const colors = [theme.palette.primary.main, theme.palette.secondary.main];
    const spinNames = dos.channels.length === 2 ? ['spin up', 'spin down'] : ['total'];
    const traces: Data[] = channels.map((values, spin) => ({
      x: values,
      y: energies,
      type: 'scatter',
      mode: 'lines',
      name: spinNames[spin],
      line: { color: colors[spin % 2], width: 2 },
    }));
    const shifted = !phonon && dos.highestOccupied !== undefined;
    const maxDensity = density.convert(
      densityMaximum(shifted ? dos : { ...dos, highestOccupied: undefined }),
    );
    if (shifted) traces.push(highestOccupiedLine([0, maxDensity]));
    const plotLayout: Partial<Layout> = {
      showlegend: true,
      legend: { x: 1, xanchor: 'right', y: 0, yanchor: 'bottom' },
      xaxis: {
        title: { text: axisTitle('DOS', density) },
        // Scaled to the densities in the energy window (5 % headroom), not to the whole grid.
        ...(shifted && maxDensity > 0
          ? { range: [0, maxDensity * 1.05], autorange: false }
          : { rangemode: 'tozero' }),
        zeroline: true,
        exponentformat: 'e',
      },
      yaxis: energyAxis(shifted, energy),
    };
    return { data: traces, layout: plotLayout };
  }, [dos, theme, energy, density, phonon]);
  return (
    <>
      <NoReferenceIcon shown={!phonon && dos.highestOccupied === undefined} />
      <Plot data={data} layout={layout} height={height} label={label} />
    </>
  );
}
