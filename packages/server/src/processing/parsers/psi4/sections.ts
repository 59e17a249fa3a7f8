// Psi4's tables as NOMAD sections in SI units: an energy table as named terms and contributions, orbital
// groups as eigenvalues, the functional by libxc names, and a property print as multipoles and charges.
import { BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import type { BandEnergies, CalculationEnergy, RunCalculation, XcFunctional } from '@oasis/schema';
import type { KeyValue, Psi4Functional, Psi4Properties } from './read-psi4.ts';

/** NOMAD's energy terms of Psi4's labels; other labels are contributions of their own kind. */
const TERMS: Readonly<Record<string, 'nuclear_repulsion' | 'total' | 'xc'>> = {
  'Nuclear Repulsion': 'nuclear_repulsion',
  'Nuclear Rep.': 'nuclear_repulsion',
  Total: 'total',
  'DFT Exchange-Correlation': 'xc',
};

/** An energy table: named terms, the rest as contributions; the last label with 'total' is the total. */
export function energyOf(table: readonly KeyValue[]): CalculationEnergy {
  const energy: CalculationEnergy = {};
  const contributions: { kind: string; value: number }[] = [];
  for (const { key, value } of table) {
    const term = TERMS[key];
    const entry = { value: value * HARTREE };
    if (term) energy[term] = entry;
    else contributions.push({ kind: key, ...entry });
    if (key.toLowerCase().includes('total')) energy.total = entry;
  }
  if (contributions.length > 0) energy.contributions = contributions;
  return energy;
}

/**
 * Orbital groups (occupied and virtual, alpha then beta) as eigenvalues: half the groups per spin channel,
 * an occupied group's orbitals holding 2 electrons (1 per spin channel), a virtual one's none.
 */
export function eigenvaluesOf(
  groups: readonly { label: string; energy: number }[][],
): BandEnergies | undefined {
  if (groups.length === 0) return undefined;
  const spins = Math.max(1, Math.floor(groups.length / 2));
  const all = groups.flatMap((group, n) =>
    group.map((o) => ({ ...o, occupation: n % 2 === 0 ? 2 / spins : 0 })),
  );
  if (all.length % spins !== 0) return undefined;
  const n = all.length / spins;
  const channels = Array.from({ length: spins }, (_, s) => all.slice(s * n, (s + 1) * n));
  return {
    n_spin_channels: spins,
    n_kpoints: 1,
    n_bands: n,
    orbital_labels: channels[0]!.map((o) => o.label),
    energies: channels.map((c) => [c.map((o) => o.energy * HARTREE)]),
    occupations: channels.map((c) => [c.map((o) => o.occupation)]),
  };
}

/** libxc names of Psi4's composite functionals. */
const COMPOSITES: Readonly<Record<string, string>> = {
  B3LYP: 'HYB_GGA_XC_B3LYP',
  B3LYP5: 'HYB_GGA_XC_B3LYP5',
  PW6B95: 'HYB_MGGA_XC_PW6B95',
  'wB97X-D': 'HYB_GGA_XC_WB97X_D',
};

/** Psi4 prints libxc names with an 'XC_' prefix; exact exchange is HF's. */
const libxcName = (name: string) => (name === 'HF' ? 'HF_X' : name.replace(/^XC_/, ''));

export function functionalOf(functional: Psi4Functional): XcFunctional {
  const composite = functional.composite && COMPOSITES[functional.composite.name];
  if (composite)
    return { contributions: [{ name: composite, parameters: functional.composite!.parameters }] };
  const terms = (list: readonly { weight: number; name: string }[]) =>
    list.map((t) => ({ name: libxcName(t.name), weight: t.weight }));
  const xc: XcFunctional = {};
  const exchange = [...terms(functional.exactExchange), ...terms(functional.exchange)];
  if (exchange.length > 0) xc.exchange = exchange;
  if (functional.correlation.length > 0) xc.correlation = terms(functional.correlation);
  if (functional.hybrid.length > 0) xc.hybrid = terms(functional.hybrid);
  return xc;
}

type Multipoles = NonNullable<RunCalculation['multipoles']>[number];

const ORDER: Readonly<Record<string, number>> = {
  Dipole: 1,
  Quadrupole: 2,
  Octupole: 3,
  Hexadecapole: 4,
  '32-pole': 5,
};

function setMultipole(section: Multipoles, kind: string, values: readonly number[]) {
  const order = ORDER[kind] ?? 1;
  const total = values.map((v) => v * ELEMENTARY_CHARGE * BOHR ** order);
  if (order === 1) section.dipole = { total };
  else if (order === 2) section.quadrupole = { total };
  else if (order === 3) section.octupole = { total };
  else
    section.higher_order = [
      ...(section.higher_order ?? []),
      { kind: order === 4 ? 'hexadecapole' : '32-pole', total },
    ];
}

/**
 * A property print into a calculation: multipoles of the electronic, nuclear and total charge (the
 * dipoles, then the table of all orders, which holds more digits), Mulliken and Löwdin charges. Returns
 * how many sections it added (NOMAD counts them).
 */
export function propertiesInto(calculation: RunCalculation, properties: Psi4Properties): number {
  let added = 0;
  const multipoles: Multipoles[] = [...(calculation.multipoles ?? [])];
  const kinds = ['electronic', 'nuclear', 'total'] as const;
  kinds.forEach((kind, n) => {
    const dipole = properties[kind]?.value;
    // As NOMAD does: a dipole opens the next multipoles section while there are at most n of them.
    if (!dipole || multipoles.length > n) return;
    multipoles.push({ kind });
    added += 1;
    setMultipole(multipoles.at(-1)!, 'Dipole', dipole);
  });
  for (const kind of Object.keys(ORDER)) {
    const rows = properties.multipoles.filter((row) => row.kind === kind);
    if (rows.length === 0) continue;
    for (let n = 0; n < 3; n += 1) {
      if (!multipoles[n]) {
        multipoles[n] = {};
        added += 1;
      }
      setMultipole(
        multipoles[n]!,
        kind,
        rows.map((row) => row.values[n]!),
      );
    }
  }
  if (multipoles.length > 0) calculation.multipoles = multipoles;
  const charges: NonNullable<RunCalculation['charges']>[number][] = [...(calculation.charges ?? [])];
  for (const method of ['mulliken', 'lowdin'] as const) {
    const table = properties[method];
    if (!table) continue;
    charges.push({
      analysis_method: method,
      n_atoms: table.atoms.length,
      value: table.atoms.map((a) => a[3]! * ELEMENTARY_CHARGE),
      spins: table.atoms.map((a) => a[2]!),
      spin_projected: table.atoms.flatMap((a, atom) =>
        [0, 1].map((spin) => ({ atom_index: atom, spin, value: a[spin]! * ELEMENTARY_CHARGE })),
      ),
      ...(table.total !== undefined ? { total: table.total * ELEMENTARY_CHARGE } : {}),
    });
    added += 1;
  }
  if (charges.length > 0) calculation.charges = charges;
  return added;
}
