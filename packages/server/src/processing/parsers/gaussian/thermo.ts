// A Gaussian frequency job's thermochemistry as NOMAD's calculation.thermodynamics, per molecule in SI.
import { AVOGADRO, HARTREE } from '@oasis/chem';
import type { CalculationThermodynamics } from '@oasis/schema';
import type { GaussianThermo } from './read-gaussian.ts';

/** Pascals per standard atmosphere. */
const ATMOSPHERE = 101325;
/** Joules per thermochemical calorie. */
const CALORIE = 4.184;

/** cal/(mol K) per molecule: J/K. */
const perMoleculeKelvin = (value: number) => (value * CALORIE) / AVOGADRO;

export function thermodynamicsOf(thermo: GaussianThermo): CalculationThermodynamics | undefined {
  const section: CalculationThermodynamics = {};
  if (thermo.temperature !== undefined) section.temperature = thermo.temperature;
  if (thermo.pressure !== undefined) section.pressure = thermo.pressure * ATMOSPHERE;
  // Electronic plus thermal energy and enthalpy (Hartree per molecule).
  if (thermo.internalEnergy !== undefined) section.internal_energy = thermo.internalEnergy * HARTREE;
  if (thermo.enthalpy !== undefined) section.enthalpy = thermo.enthalpy * HARTREE;
  if (thermo.entropy !== undefined) section.entropy = perMoleculeKelvin(thermo.entropy);
  if (thermo.heatCapacity !== undefined) section.heat_capacity_c_v = perMoleculeKelvin(thermo.heatCapacity);
  return Object.keys(section).length > 0 ? section : undefined;
}
