import { useEffect, useRef, useState, type RefObject } from 'react';
import { PLOT_ERROR } from './plotError.ts';
import type { PlotlyApi } from './loadPlotly.ts';

/**
 * Plotly, once loaded (it is fetched the first time any plot mounts), and the error to show instead of
 * the figure: the generic text when the chunk cannot be loaded, a drawing error's own message otherwise.
 */
export function usePlotly(load: () => Promise<PlotlyApi>) {
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
  return { plotly, error, setError };
}

/**
 * Keeps a drawn figure as wide as its element (Plotly only follows window resizes; cards change width when
 * the layout reflows) and purges it when Plotly or the element goes; `onPurge` runs just before.
 */
export function useFigureLifetime(
  plotly: PlotlyApi | undefined,
  root: RefObject<HTMLElement | null>,
  onPurge?: () => void,
) {
  const purge = useRef(onPurge);
  purge.current = onPurge;
  useEffect(() => {
    const element = root.current;
    if (!plotly || !element) return;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => void plotly.Plots.resize(element));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      purge.current?.();
      plotly.purge(element);
    };
  }, [plotly, root]);
}
