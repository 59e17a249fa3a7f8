// freeh's partition-function results as NOMAD calculations: one per temperature and pressure, with its
// thermodynamics section and the entropy correction T·S as an energy (freeh prints per mole).
import { AVOGADRO } from '@oasis/chem';
import type { RunCalculation } from '@oasis/schema';
import type { TurbomoleThermo } from './read-turbomole.ts';

/** J per molecule of kJ/mol. */
const PER_MOLE = 1000 / AVOGADRO;

export function thermoCalculations(states: readonly TurbomoleThermo[]): RunCalculation[] {
  return states.map((state) => {
    const thermodynamics: NonNullable<RunCalculation['thermodynamics']>[number] = {
      temperature: state.temperature,
      pressure: state.pressure * 1e6,
    };
    if (state.chemicalPotential !== undefined)
      thermodynamics.chemical_potential = state.chemicalPotential * PER_MOLE;
    if (state.energy !== undefined) thermodynamics.internal_energy = state.energy * PER_MOLE;
    if (state.entropy !== undefined) thermodynamics.entropy = state.entropy * PER_MOLE;
    if (state.enthalpy !== undefined) thermodynamics.enthalpy = state.enthalpy * PER_MOLE;
    if (state.cv !== undefined) thermodynamics.heat_capacity_c_v = state.cv * PER_MOLE;
    if (state.cp !== undefined) thermodynamics.heat_capacity_c_p = state.cp * PER_MOLE;
    const calculation: RunCalculation = { thermodynamics: [thermodynamics] };
    if (state.entropy !== undefined)
      calculation.energy = { correction_entropy: { value: state.entropy * state.temperature * PER_MOLE } };
    return calculation;
  });
}
