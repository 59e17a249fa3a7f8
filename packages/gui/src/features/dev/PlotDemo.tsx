import { Stack } from '@mui/material';
import type { Data } from 'plotly.js';
import { Plot } from '../../components/plot/Plot.tsx';

const xs = Array.from({ length: 101 }, (_, i) => i / 10);

const LINES: Data[] = [
  { x: xs, y: xs.map(Math.sin), type: 'scatter', mode: 'lines', name: 'sin(x)' },
  { x: xs, y: xs.map(Math.cos), type: 'scatter', mode: 'lines', name: 'cos(x)' },
];

const MARKERS: Data[] = [
  {
    x: xs.filter((_, i) => i % 5 === 0),
    y: xs.filter((_, i) => i % 5 === 0).map((x) => Math.exp(-x / 3)),
    type: 'scatter',
    mode: 'markers',
    name: 'exp(-x/3)',
  },
];

const HEATMAP: Data[] = [
  {
    z: Array.from({ length: 20 }, (_, i) =>
      Array.from({ length: 20 }, (_, j) => Math.sin(i / 3) * Math.cos(j / 3)),
    ),
    type: 'heatmap',
    colorscale: 'Viridis',
  },
];

/** /dev/plot: the plot component with lines, markers and a heatmap (Plotly, loaded on first use). */
export function PlotDemo() {
  return (
    <Stack spacing={2}>
      <Plot
        label="lines"
        data={LINES}
        height={300}
        layout={{ showlegend: true, xaxis: { title: { text: 'x' } } }}
      />
      <Plot label="markers" data={MARKERS} height={300} layout={{ yaxis: { type: 'log' } }} />
      <Plot label="heatmap" data={HEATMAP} height={400} />
    </Stack>
  );
}
