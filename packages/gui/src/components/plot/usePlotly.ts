import { useEffect, useState } from 'react';
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
