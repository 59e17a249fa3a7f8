// Physical constants of the phonon code, SI (exact since the 2019 SI unless noted), and the factor
// that turns eigenvalues of the dynamical matrix in eV/(Å² amu) into frequencies in THz.
import { ANGSTROM, ATOMIC_MASS_UNIT, atomicMass, ELECTRON_VOLT, PLANCK, SPEED_OF_LIGHT } from '@oasis/chem';

export const TERAHERTZ = 1e12;

/** ν (THz) = √λ · this, λ in eV/(Å² amu): √(eV / (Å² amu)) is an angular frequency in rad/s. */
export const EIGENVALUE_TO_THZ =
  Math.sqrt(ELECTRON_VOLT / (ANGSTROM * ANGSTROM * ATOMIC_MASS_UNIT)) / (2 * Math.PI) / TERAHERTZ;

/** THz per unit of each frequency unit phonopy-FHI-aims knows. */
export const THZ_PER_UNIT: Readonly<Record<'cm^-1' | 'THz' | 'meV', number>> = {
  'cm^-1': (SPEED_OF_LIGHT * 100) / TERAHERTZ,
  THz: 1,
  meV: (1e-3 * ELECTRON_VOLT) / PLANCK / TERAHERTZ,
};

/** Joules of a phonon of frequency 1 THz (E = hν), the unit NOMAD stores phonon energies in. */
export const JOULE_PER_THZ = PLANCK * TERAHERTZ;

/** The element's standard atomic weight in amu (NaN when it has none): the mass where a run gives none. */
export const standardAmu = (symbol: string): number => (atomicMass(symbol) ?? Number.NaN) / ATOMIC_MASS_UNIT;
