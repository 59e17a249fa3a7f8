import { useTheme } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import { bandLines, type BandStructurePlotData } from './electronic.ts';
import { NoReferenceIcon } from './EnergyReference.tsx';
import { energyAxis, highestOccupiedLine } from './plotParts.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/**
 * Bands along the k-path; high-symmetry points as ticks with dashed lines between segments. Phonon
 * bands have no highest occupied energy to shift to, so `phonon` plots them as they are.
 */
export function BandStructurePlot({
  bands,
  height,
  phonon = false,
  label = 'band structure',
}: {
  bands: BandStructurePlotData;
  height: number;
  phonon?: boolean;
  label?: string;
}) {
  const theme = useTheme();
  const { energy, reciprocalLength } = useEntryUnits();
  const { data, layout } = useMemo(() => {
    // Fractional path lengths (no reciprocal cell) have no unit to convert.
    const toPath = (value: number) => (bands.cartesian ? reciprocalLength.convert(value) : value);
    const distances = bands.distances.map(toPath);
    const positions = bands.ticks.positions.map(toPath);
    const colors = [theme.palette.primary.main, theme.palette.secondary.main];
    const spinNames = bands.bands.length === 2 ? ['spin up', 'spin down'] : ['bands'];
    const traces: Data[] = bands.bands.map((spin, index) => ({
      ...bandLines(
        distances,
        spin.map((band) => band.map((value) => energy.convert(value))),
      ),
      type: 'scatter',
      mode: 'lines',
      name: spinNames[index],
      showlegend: bands.bands.length === 2,
      line: { color: colors[index % 2], width: 1.5 },
    }));
    const start = distances[0] ?? 0;
    const end = distances[distances.length - 1] ?? 0;
    const shifted = !phonon && bands.highestOccupied !== undefined;
    if (shifted) traces.push(highestOccupiedLine([start, end]));
    const plotLayout: Partial<Layout> = {
      showlegend: true,
      legend: { x: 1, xanchor: 'right', y: 0, yanchor: 'bottom' },
      xaxis: {
        tickmode: 'array',
        tickvals: positions,
        ticktext: bands.ticks.labels,
        tickangle: 0,
        range: [start, end],
        zeroline: false,
        showgrid: false,
      },
      yaxis: energyAxis(shifted, energy),
      shapes: positions.slice(1, -1).map((x) => ({
        type: 'line',
        x0: x,
        x1: x,
        y0: 0,
        y1: 1,
        yref: 'paper',
        line: { color: '#999', width: 1, dash: 'dash' },
      })),
    };
    return { data: traces, layout: plotLayout };
  }, [bands, theme, energy, reciprocalLength, phonon]);
  return (
    <>
      <NoReferenceIcon shown={!phonon && bands.highestOccupied === undefined} />
      <Plot data={data} layout={layout} height={height} label={label} />
    </>
  );
}
