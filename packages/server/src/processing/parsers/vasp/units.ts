// Conversions from the units vasprun.xml writes (eV, Å, kBar, amu) to the SI units of archives.
import { ANGSTROM } from '../../structure.ts';

/** One electronvolt in joule (exact, SI 2019). */
export const EV = 1.602176634e-19;

/** One atomic mass unit in kg (CODATA 2018), as NOMAD's unit registry uses. */
export const AMU = 1.6605390666e-27;

/** One kilobar in pascal. */
export const KBAR = 1e8;

/** Force unit of vasprun.xml (eV/Å) in newton. */
export const EV_PER_ANGSTROM = EV / ANGSTROM;

export { ANGSTROM };
