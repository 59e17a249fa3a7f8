// Electronic structure of the last ionic step: eigenvalues, band edges, DOS and, for line-mode
// k-points, the band structure split into path segments. Energies in J, DOS in states/J.
import type { Mat3, Vec3 } from '@oasis/chem';
import { reciprocalCell } from '../../normalizers/electronic-kspace.ts';
import type { RawDos, RawEigenvalues, RawKpoints } from './raw.ts';
import { EV } from './units.ts';

export interface EigenvaluesSection {
  n_spin_channels: number;
  n_kpoints: number;
  n_bands: number;
  kpoints: Vec3[];
  kpoints_weights?: number[];
  /** [spin][kpoint][band], J */
  energies: number[][][];
  occupations: number[][][];
}

interface DosValues {
  spin: number;
  /** states/J */
  value: number[];
  value_integrated?: number[];
  atom_index?: number;
  atom_label?: string;
  m_kind?: string;
  /** [l, m] for m-resolved orbitals (m = -l..l in VASP's real-harmonic order). */
  lm?: [number, number];
  orbital?: string;
}

export interface DosSection {
  spin_channel?: number;
  energy_fermi?: number;
  n_energies: number;
  energies: number[];
  total: DosValues[];
  /** Per atom and orbital (NOMAD's name for atom- and orbital-resolved values). */
  orbital_projected?: DosValues[];
}

interface BandSegment {
  kpoints: Vec3[];
  /** [spin][kpoint][band], J */
  energies: number[][][];
  occupations: number[][][];
  endpoints_labels?: [string, string];
}

export interface BandStructureSection {
  /** Rows b1, b2, b3 in 1/m with a_i · b_j = δ_ij (no 2π, as NOMAD's normaliser and VASP's rec_basis). */
  reciprocal_cell: Mat3;
  energy_fermi?: number;
  segment: BandSegment[];
}

/** Occupations at or above one half count as occupied (per spin channel, vasprun scales to 1). */
const OCCUPIED = 0.5;

const toJoule = (values: number[]): number[] => values.map((v) => v * EV);

/** The eigenvalues section; undefined (after `warn`) when they do not fit the k-point list. */
export function eigenvaluesOf(
  raw: RawEigenvalues,
  kpoints: RawKpoints,
  warn: (message: string) => void,
): EigenvaluesSection | undefined {
  const nK = raw.energies[0]?.length ?? 0;
  if (kpoints.list.length !== nK) {
    warn(
      `eigenvalues cover ${nK} k-points but the k-point list has ${kpoints.list.length}: eigenvalues left out`,
    );
    return undefined;
  }
  const section: EigenvaluesSection = {
    n_spin_channels: raw.energies.length,
    n_kpoints: nK,
    n_bands: raw.energies[0]?.[0]?.length ?? 0,
    kpoints: kpoints.list,
    energies: raw.energies.map((spin) => spin.map(toJoule)),
    occupations: raw.occupations,
  };
  if (kpoints.weights.length === nK) section.kpoints_weights = kpoints.weights;
  return section;
}

/** Highest occupied and lowest unoccupied eigenvalue over all spins and k-points, in J. */
export function bandEdgesOf(raw: RawEigenvalues): { highestOccupied?: number; lowestUnoccupied?: number } {
  let highest = -Infinity;
  let lowest = Infinity;
  raw.energies.forEach((spin, s) =>
    spin.forEach((bands, k) =>
      bands.forEach((energy, b) => {
        const occupation = raw.occupations[s]?.[k]?.[b] ?? 0;
        if (occupation >= OCCUPIED) highest = Math.max(highest, energy);
        else lowest = Math.min(lowest, energy);
      }),
    ),
  );
  const edges: { highestOccupied?: number; lowestUnoccupied?: number } = {};
  if (Number.isFinite(highest)) edges.highestOccupied = highest * EV;
  if (Number.isFinite(lowest)) edges.lowestUnoccupied = lowest * EV;
  return edges;
}

/** Real-harmonic orbitals of vasprun's lm-resolved partial DOS columns, as [l, m]. */
const ORBITAL_LM: Readonly<Record<string, [number, number]>> = {
  s: [0, 0],
  py: [1, -1],
  pz: [1, 0],
  px: [1, 1],
  dxy: [2, -2],
  dyz: [2, -1],
  dz2: [2, 0],
  dxz: [2, 1],
  'x2-y2': [2, 2],
  dx2: [2, 2],
  fy3x2: [3, -3],
  fxyz: [3, -2],
  fyz2: [3, -1],
  fz3: [3, 0],
  fxz2: [3, 1],
  fzx2: [3, 2],
  fx3: [3, 3],
};

/**
 * One DOS section per spin channel (spin_channel only when spin-polarised), with the total DOS and,
 * when present, the DOS projected on each atom and orbital. `nSpin` is ISPIN: non-collinear runs
 * write 4 sets (density and magnetisation along x, y, z), of which only the first is a DOS.
 */
export function dosOf(raw: RawDos, elements: readonly string[], nSpin: number): DosSection[] {
  const channels = raw.total.slice(0, Math.max(1, nSpin));
  const polarized = channels.length === 2;
  const energies = toJoule(raw.energies);
  return channels.map((total, spin) => {
    const section: DosSection = { n_energies: energies.length, energies, total: [] };
    if (polarized) section.spin_channel = spin;
    if (raw.efermi !== undefined) section.energy_fermi = raw.efermi * EV;
    const values: DosValues = { spin, value: total.map((v) => v / EV) };
    const integrated = raw.integrated[spin];
    if (integrated) values.value_integrated = integrated;
    section.total.push(values);
    const partial = raw.partial;
    if (partial) {
      section.orbital_projected = [];
      // Orbital by orbital, each over all atoms (the order NOMAD lists them in).
      partial.fields.forEach((orbital, field) => {
        partial.values.forEach((ion, atomIndex) => {
          const column = ion[spin]?.[field];
          if (!column) return;
          const projected: DosValues = {
            spin,
            atom_index: atomIndex,
            m_kind: 'spherical',
            orbital,
            value: column.map((v) => v / EV),
          };
          const label = elements[atomIndex];
          if (label !== undefined) projected.atom_label = label;
          const lm = ORBITAL_LM[orbital];
          if (lm) projected.lm = lm;
          section.orbital_projected?.push(projected);
        });
      });
    }
    return section;
  });
}

/**
 * The band structure of a line-mode run: VASP generates `pointsPerSegment` k-points on each path
 * segment, end points included, so the k-point list splits into equal consecutive chunks.
 * Returns undefined (after `warn`) when the list does not split that way.
 */
export function bandStructureOf(
  raw: RawEigenvalues,
  kpoints: RawKpoints,
  lattice: Mat3,
  efermi: number | undefined,
  warn: (message: string) => void,
): BandStructureSection | undefined {
  const perSegment = kpoints.divisions?.[0];
  const nK = kpoints.list.length;
  if (perSegment === undefined || perSegment < 2 || nK === 0 || nK % perSegment !== 0) {
    warn(
      `line-mode k-points (${nK}) do not split into segments of ${perSegment ?? '?'} points: no band structure`,
    );
    return undefined;
  }
  const segment: BandSegment[] = [];
  for (let start = 0; start < nK; start += perSegment) {
    const end = start + perSegment;
    segment.push({
      kpoints: kpoints.list.slice(start, end),
      energies: raw.energies.map((spin) => spin.slice(start, end).map(toJoule)),
      occupations: raw.occupations.map((spin) => spin.slice(start, end)),
    });
  }
  const section: BandStructureSection = { reciprocal_cell: reciprocalCell(lattice), segment };
  if (efermi !== undefined) section.energy_fermi = efermi * EV;
  return section;
}
