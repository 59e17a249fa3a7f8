// SI conversion factors for VASP's output units (archives store SI, as NOMAD does).
import { ANGSTROM } from '../../structure.ts';

/** Joules per electronvolt (exact since the 2019 SI). */
export const ELECTRON_VOLT = 1.602176634e-19;
/** Newtons per eV/Å. */
export const EV_PER_ANGSTROM = ELECTRON_VOLT / ANGSTROM;
/** Pascals per kilobar (VASP prints stress 'in kB'). */
export const KILOBAR = 1e8;
