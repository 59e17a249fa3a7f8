// exciting's info.xml beside INFO.OUT: per SCF iteration of the last SCF run (rewritten by each; a
// structure optimisation's info.xml holds its last step's) an <energies> element with the total energy
// to 12 digits (INFO.OUT prints 8 decimals) and the energy terms INFO.OUT leaves out at its normal
// output level (sum of eigenvalues, xc potential, Madelung, nuclear-nuclear). Its last <energies> are
// the converged ones.
import { HARTREE } from '@oasis/chem';
import type { CalculationEnergy, RunCalculation } from '@oasis/schema';
import { readSideFile } from './placed-side-file.ts';

const NAME = 'info.xml';
const MAX_INFO_XML_BYTES = 64 * 1024 ** 2;
/** info.xml belongs to INFO.OUT's last SCF when their energies agree to this (Hartree). */
const SAME_ENERGY = 1e-7;

/** NOMAD's energy terms of info.xml's <energies> attributes. */
const TERMS: Readonly<
  Record<
    string,
    keyof CalculationEnergy &
      (
        | 'sum_eigenvalues'
        | 'kinetic_electronic'
        | 'coulomb'
        | 'xc_potential'
        | 'madelung'
        | 'nuclear_repulsion'
        | 'exchange'
        | 'correlation'
      )
  >
> = {
  'sum-of-eigenvalues': 'sum_eigenvalues',
  'electronic-kinetic': 'kinetic_electronic',
  Coulomb: 'coulomb',
  'xc-potential': 'xc_potential',
  Madelung: 'madelung',
  'nuclear-nuclear': 'nuclear_repulsion',
  exchange: 'exchange',
  correlation: 'correlation',
};

/** The attributes of the last <energies>, in Hartree, or a sentence saying what is wrong. */
export function readFinalEnergies(text: string): Map<string, number> | string {
  const groundState = /<groundstate\b[\s\S]*?(?:<\/groundstate>|$)/.exec(text)?.[0];
  if (!groundState) return `${NAME} has no <groundstate>`;
  if (!/<\/groundstate>/.test(groundState)) return `${NAME} is cut off inside its <groundstate>`;
  const all = [...groundState.matchAll(/<energies\b([^>]*)\/>/g)];
  const last = all[all.length - 1];
  if (!last) return `${NAME} has no <energies> in its ground state`;
  const energies = new Map<string, number>();
  for (const [, key, value] of last[1]!.matchAll(/([\w-]+)="([^"]*)"/g)) {
    const number = Number(value);
    if (value!.trim() === '' || !Number.isFinite(number)) return `${NAME} has ${key}="${value}", no number`;
    energies.set(key!, number);
  }
  return energies;
}

/**
 * info.xml's final energies on the last calculation: its total energy (more digits than INFO.OUT's,
 * which it replaces) and Fermi energy, and the terms INFO.OUT does not give. A file too large,
 * malformed, or of another SCF (its energy not INFO.OUT's) is a warning naming it.
 */
export async function addInfoXmlEnergies(
  calculation: RunCalculation,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const energies = await readSideFile(mainfile, rawRoot, NAME, MAX_INFO_XML_BYTES, readFinalEnergies, warn);
  if (!energies) return;
  const energy = calculation.energy ?? {};
  const total = energies.get('totalEnergy');
  const printed = energy.total?.value;
  if (total === undefined || printed === undefined || Math.abs(total - printed / HARTREE) > SAME_ENERGY) {
    warn(`${NAME}'s total energy is not that of INFO.OUT's last SCF: not read`);
    return;
  }
  energy.total = { value: total * HARTREE };
  const fermi = energies.get('fermiEnergy');
  if (fermi !== undefined) energy.fermi = fermi * HARTREE;
  for (const [attribute, term] of Object.entries(TERMS)) {
    const value = energies.get(attribute);
    if (value !== undefined) energy[term] = { value: value * HARTREE };
  }
  calculation.energy = energy;
}
