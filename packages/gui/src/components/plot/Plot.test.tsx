import { render, screen, waitFor } from '@testing-library/react';
import type { Data, Layout } from 'plotly.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlotlyApi } from './loadPlotly.ts';
import { Plot, PLOT_ERROR } from './Plot.tsx';

const data: Data[] = [{ x: [0, 1], y: [2, 3], type: 'scatter', mode: 'lines' }];

function fakePlotly(react: PlotlyApi['react'] = () => Promise.resolve()) {
  return { react: vi.fn(react), purge: vi.fn(), Plots: { resize: vi.fn() } };
}

describe('Plot', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws the data with the given layout and height, and purges the figure on unmount', async () => {
    const plotly = fakePlotly();
    const layout: Partial<Layout> = { xaxis: { title: { text: 'k' } } };
    const { unmount } = render(
      <Plot
        data={data}
        layout={layout}
        height={300}
        label="band structure"
        load={() => Promise.resolve(plotly)}
      />,
    );
    expect(screen.getByText('loading plot ...')).toBeInTheDocument();
    await waitFor(() => expect(plotly.react).toHaveBeenCalled());
    const [root, drawn, drawnLayout, config] = plotly.react.mock.calls[0]!;
    expect(root).toBe(screen.getByRole('img', { name: 'band structure' }));
    expect(drawn).toBe(data);
    expect(drawnLayout).toMatchObject({ height: 300, xaxis: { title: { text: 'k' } } });
    expect(config).toMatchObject({ toImageButtonOptions: { format: 'png', width: 1280, filename: 'plot' } });
    expect(screen.queryByText('loading plot ...')).not.toBeInTheDocument();
    unmount();
    expect(plotly.purge).toHaveBeenCalledWith(root);
  });

  it('says so when Plotly cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Plot data={data} label="dos" load={() => Promise.reject(new Error('chunk missing'))} />);
    expect(await screen.findByText(PLOT_ERROR)).toBeInTheDocument();
  });

  it("shows Plotly's own message when it refuses the figure", async () => {
    const plotly = fakePlotly(() => Promise.reject(new Error('Bad trace')));
    render(<Plot data={data} label="dos" load={() => Promise.resolve(plotly)} />);
    expect(await screen.findByText('Bad trace')).toBeInTheDocument();
  });

  it('loads the real Plotly bundle lazily and draws an SVG', async () => {
    render(<Plot data={data} label="real" />);
    const root = screen.getByRole('img', { name: 'real' });
    await waitFor(() => expect(root.querySelector('svg.main-svg')).not.toBeNull());
  });
});
