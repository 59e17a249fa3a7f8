import { useTheme } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import type { DisplayUnit } from '../units/index.ts';
import type { Series } from './propertySeries.ts';
import { axisTitle } from './units.ts';

/** The axis unit of values without one (g(r), intensities). */
export const NO_UNIT: DisplayUnit = { unit: undefined, label: '', convert: (value) => value };

/**
 * 'e' notation, as SI values (1e-19 J, 1e-12 s) would otherwise get Plotly's SI prefixes ('z', 'p'); and
 * plain numbers up to 1e5 (Plotly would write 10000 fs as '1e+4' and its neighbours as '0.2e+4').
 */
const NUMBER_AXIS = { zeroline: false, exponentformat: 'e', minexponent: 5 } as const;

export interface Axis {
  name: string;
  unit: DisplayUnit;
}

/** Lines (or markers) of y against x, converted to the units in force, with titled axes. */
export function SeriesPlot({
  series,
  x,
  y,
  label,
  height,
}: {
  series: readonly Series[];
  x: Axis;
  y: Axis;
  label: string;
  height: number;
}) {
  const theme = useTheme();
  const { data, layout } = useMemo(() => {
    const colors = [
      theme.palette.primary.main,
      theme.palette.secondary.main,
      theme.palette.success.main,
      theme.palette.warning.main,
      theme.palette.error.main,
    ];
    const traces: Data[] = series.map((line, index) => ({
      x: line.x.map((value) => x.unit.convert(value)),
      y: line.y.map((value) => y.unit.convert(value)),
      type: 'scatter',
      mode: line.markers ? 'markers' : 'lines',
      name: line.name,
      line: { color: colors[index % colors.length], width: 2 },
      marker: { color: colors[index % colors.length], size: 7 },
    }));
    const layout: Partial<Layout> = {
      showlegend: series.length > 1,
      legend: { x: 1, xanchor: 'right', y: 1, yanchor: 'top' },
      xaxis: { title: { text: axisTitle(x.name, x.unit) }, ...NUMBER_AXIS },
      yaxis: { title: { text: axisTitle(y.name, y.unit) }, ...NUMBER_AXIS },
    };
    return { data: traces, layout };
  }, [series, x, y, theme]);
  return <Plot data={data} layout={layout} height={height} label={label} />;
}
