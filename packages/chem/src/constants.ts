// CODATA 2018 constants and the SI values of the non-SI units codes write; archives store SI, as NOMAD does.

/** Metres per ångström. */
export const ANGSTROM = 1e-10;

/** Joules per electronvolt (exact since the 2019 SI). */
export const ELECTRON_VOLT = 1.602176634e-19;

/** Coulombs per elementary charge (exact since the 2019 SI; ELECTRON_VOLT's number): codes print charges in e. */
export const ELEMENTARY_CHARGE = 1.602176634e-19;

/** Newtons per eV/Å (the force unit of VASP and extended XYZ). */
export const EV_PER_ANGSTROM = ELECTRON_VOLT / ANGSTROM;

/** Pascals per kilobar (VASP writes stress in kB). */
export const KILOBAR = 1e8;

/** Unified atomic mass unit in kg (CODATA 2018), the factor NOMAD applies to its mass table. */
export const ATOMIC_MASS_UNIT = 1.6605390666e-27;

/**
 * Joules per Hartree: CODATA 2018's 2 R∞ h c to the last bit as pint derives it (NOMAD converts with pint),
 * so a value read here and NOMAD's of the same file are the same number, not one a last digit apart.
 */
export const HARTREE = 4.35974472220717e-18;

/** Joules per Rydberg: half a Hartree. */
export const RYDBERG = HARTREE / 2;

/** Metres per bohr: CODATA 2018's ħ/(α mₑ c) as pint derives it (see HARTREE). */
export const BOHR = 5.2917721090397754e-11;

/** Seconds per picosecond. */
export const PICOSECOND = 1e-12;

/** Seconds per femtosecond. */
export const FEMTOSECOND = 1e-15;

/** Seconds per atomic unit of time (ħ/Hartree, CODATA 2018). */
export const AU_TIME = 2.4188843265857e-17;

/** Kilograms per electron mass (CODATA 2018). */
export const ELECTRON_MASS = 9.1093837015e-31;

/** Metres per second (exact by the definition of the metre). */
export const SPEED_OF_LIGHT = 299792458;

/** Particles per mole (exact since the 2019 SI): force fields state energies per mole. */
export const AVOGADRO = 6.02214076e23;

/** Joule seconds (exact since the 2019 SI). */
export const PLANCK = 6.62607015e-34;

/** Joules per kelvin (exact since the 2019 SI). */
export const BOLTZMANN = 1.380649e-23;
