/**
 * Where an entry's band gaps are searched: the band-structure section's band gaps, which processing fills
 * (as NOMAD's band structure normaliser does) and which NOMAD's default apps filter and plot (nomad.yaml
 * `ui.apps`, env.json). NOMAD fills `results.properties.electronic.band_gap` only from calculation-level
 * band gaps (`run.calculation.band_gap`), which the parsers here do not write. One name for the server's
 * default app and the tests of processing and of the GUI's filter.
 */
export const BAND_GAP_SECTION = 'results.properties.electronic.band_structure_electronic.band_gap';
export const BAND_GAP_VALUE = `${BAND_GAP_SECTION}.value`;
