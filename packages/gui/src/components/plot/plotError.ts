/** Shown when Plotly cannot be loaded or refuses the data (spec 3 §8), unless the error has a message. */
export const PLOT_ERROR = 'Could not load plot due to an unexpected error.';

/** What to show when Plotly refuses to draw: its own message if it has one. */
export const plotErrorText = (cause: unknown): string =>
  cause instanceof Error && cause.message ? cause.message : PLOT_ERROR;
