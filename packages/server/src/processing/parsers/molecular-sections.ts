// Sections the molecular (Gaussian-basis) code parsers write alike: orbital energies of a molecule as
// NOMAD's eigenvalues (one k-point), atomic charges, and the atom-centred basis set. Gaussian, ORCA and
// NWChem use them.

import { ELEMENTARY_CHARGE } from '@oasis/chem';
import type {
  BandEnergies,
  BasisSet,
  BasisSetContainer,
  CalculationCharges,
  WithCodeSpecific,
} from '@oasis/schema';

/** An orbital: its energy in the code's unit and its occupation (electrons). */
export interface Orbital {
  energy: number;
  occupation: number;
}

/**
 * calculation.eigenvalues of a molecule's orbitals per spin channel (energies in `unit`). Channels of
 * unequal length are cut to the shortest, as the section is one array per spin.
 */
export function molecularEigenvalues(
  channels: readonly (readonly Orbital[])[],
  unit: number,
): BandEnergies[] {
  const used = channels.filter((channel) => channel.length > 0);
  if (used.length === 0) return [];
  const nBands = Math.min(...used.map((channel) => channel.length));
  return [
    {
      n_spin_channels: used.length,
      n_kpoints: 1,
      n_bands: nBands,
      energies: used.map((channel) => [channel.slice(0, nBands).map((o) => o.energy * unit)]),
      occupations: used.map((channel) => [channel.slice(0, nBands).map((o) => o.occupation)]),
    },
  ];
}

/** calculation.charges of per-atom charges in e, stored in coulomb. */
export const atomicCharges = (method: string, charges: readonly number[]): CalculationCharges => ({
  analysis_method: method,
  n_atoms: charges.length,
  value: charges.map((q) => q * ELEMENTARY_CHARGE),
});

/**
 * method.electrons_representation of an atom-centred Gaussian basis: one basis_set per named basis (the
 * whole system's, or per element), with its atom_centered name.
 */
export function gaussianBasisRepresentation(
  basisSets: readonly { name?: string; formula?: string; extra?: WithCodeSpecific<BasisSet> }[],
): BasisSetContainer[] {
  return [
    {
      type: 'atom-centered orbitals',
      scope: ['wavefunction'],
      basis_set: basisSets.map((basis) => ({
        type: 'gaussians',
        scope: ['full-electron'],
        ...(basis.extra ?? {}),
        ...(basis.name || basis.formula
          ? {
              atom_centered: [
                {
                  ...(basis.name ? { name: basis.name } : {}),
                  ...(basis.formula ? { formula: basis.formula } : {}),
                },
              ],
            }
          : {}),
      })),
    },
  ];
}

/**
 * GeometryOptimization method.type of a molecule's optimisation: 'atomic' when its atoms moved between the
 * first and last geometry (a molecule has no cell to change), else 'static'.
 */
export function molecularOptimizationType(
  structures: readonly { positions: readonly (readonly number[])[] }[],
): 'atomic' | 'static' {
  const first = structures[0]?.positions;
  const last = structures[structures.length - 1]?.positions;
  if (!first || !last || first.length !== last.length) return 'static';
  return first.some((p, i) => p.some((x, j) => x !== last[i]![j])) ? 'atomic' : 'static';
}
