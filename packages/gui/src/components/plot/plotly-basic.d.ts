// The basic Plotly bundle (scatter, bar, pie) ships no types; it has the API of the full library.
declare module 'plotly.js-basic-dist-min' {
  import type * as Plotly from 'plotly.js';

  const plotly: typeof Plotly;
  export = plotly;
}
