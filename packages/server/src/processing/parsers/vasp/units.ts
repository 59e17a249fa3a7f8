// The units vasprun.xml writes (eV, Å, kBar, amu) in SI, under the short names the VASP code uses.
export {
  ANGSTROM,
  ATOMIC_MASS_UNIT as AMU,
  ELECTRON_VOLT as EV,
  EV_PER_ANGSTROM,
  KILOBAR as KBAR,
} from '@oasis/chem';
