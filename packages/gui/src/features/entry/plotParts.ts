import type { Data, LayoutAxis } from 'plotly.js';
import { ENERGY_RANGE } from './electronic.ts';

/** Shown above a DOS or band structure whose energies could not be shifted (spec: a warning). */
export const NO_REFERENCE_WARNING =
  'The highest occupied energy is unknown, so the energies are not shifted to it.';

/** The black line at 0 eV marking the highest occupied energy, as a legend entry of its own. */
export function highestOccupiedLine(x: [number, number]): Data {
  return {
    x,
    y: [0, 0],
    type: 'scatter',
    mode: 'lines',
    name: 'Highest occupied',
    line: { color: '#000', width: 1, dash: 'dash' },
    hoverinfo: 'skip',
  };
}

/**
 * The energy axis shared by the band structure and the DOS beside it, so that both show the same window
 * around the highest occupied energy; unshifted energies keep Plotly's own range.
 */
export function energyAxis(shifted: boolean): Partial<LayoutAxis> {
  return shifted
    ? { title: { text: 'Energy (eV)' }, range: [...ENERGY_RANGE], autorange: false, zeroline: false }
    : { title: { text: 'Energy (eV)' }, zeroline: false };
}
