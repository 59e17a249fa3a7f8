import type { Config, Data, Layout } from 'plotly.js';

/** The part of Plotly's API the Plot component uses. */
export interface PlotlyApi {
  react(
    root: HTMLElement,
    data: Data[],
    layout?: Partial<Layout>,
    config?: Partial<Config>,
  ): Promise<unknown>;
  purge(root: HTMLElement): void;
  Plots: { resize(root: HTMLElement): Promise<void> | void };
}

/**
 * Loads Plotly on first use. The dynamic import makes the bundler put the (large) library in a chunk of
 * its own that only pages showing a plot fetch; the module system caches it after the first load.
 */
export async function loadPlotly(): Promise<PlotlyApi> {
  const module = await import('plotly.js-basic-dist-min');
  return module.default;
}
