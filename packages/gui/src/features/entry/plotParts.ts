import type { Data, LayoutAxis } from 'plotly.js';
import type { DisplayUnit } from '../units/index.ts';
import { ENERGY_RANGE } from './electronic.ts';
import { axisTitle } from './units.ts';

/** Shown above a DOS or band structure whose energies could not be shifted (spec: a warning). */
export const NO_REFERENCE_WARNING =
  'The highest occupied energy is unknown, so the energies are not shifted to it.';

/** The black line at energy 0 marking the highest occupied energy, as a legend entry of its own. */
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
 * The energy axis (in the energy unit in force) shared by the band structure and the DOS beside it, so that
 * both show the same window around the highest occupied energy; unshifted energies keep Plotly's own range.
 */
export function energyAxis(shifted: boolean, energy: DisplayUnit): Partial<LayoutAxis> {
  // 'e' notation: in J the energies are around 1e-19, which Plotly's SI prefixes would write as 'z'.
  const axis: Partial<LayoutAxis> = {
    title: { text: axisTitle('Energy', energy) },
    zeroline: false,
    exponentformat: 'e',
  };
  if (!shifted) return axis;
  return { ...axis, range: ENERGY_RANGE.map((value) => energy.convert(value)), autorange: false };
}
