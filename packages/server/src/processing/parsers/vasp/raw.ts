// vasprun.xml content as the reader collects it, still in VASP's units (eV, Å, kBar, amu) and
// layout; the section builders convert it to NOMAD's archive shape in SI units.
import type { Vec3 } from '@oasis/chem';
import type { TagValue } from './values.ts';

export type TagMap = Record<string, TagValue>;

export interface RawStructure {
  /** Lattice vectors as rows, in Å. */
  basis?: Vec3[];
  /** Fractional positions. */
  positions: Vec3[];
  /** Selective-dynamics flags per atom and axis, when the run used them. */
  selective?: boolean[][];
}

export interface RawKpoints {
  /** 'Gamma', 'Monkhorst-Pack', 'Automatic', 'listgenerated' ... (the generation's param). */
  generation?: string;
  /** Mesh divisions (3 numbers) or, in line mode, the number of points per segment. */
  divisions?: number[];
  usershift?: number[];
  /** All k-points (fractional) and their weights. */
  list: Vec3[];
  weights: number[];
}

export interface RawAtomType {
  count: number;
  element: string;
  /** amu */
  mass?: number;
  valence?: number;
  pseudopotential?: string;
}

export interface RawEigenvalues {
  /** [spin][kpoint][band], eV. */
  energies: number[][][];
  /** [spin][kpoint][band]. */
  occupations: number[][][];
}

interface RawPartialDos {
  /** Orbital columns ('s', 'py', ... or 's', 'p', 'd'), the energy column left out. */
  fields: string[];
  /** [ion][spin][field][energy], states/eV. */
  values: number[][][][];
}

export interface RawDos {
  /** eV */
  efermi?: number;
  /** eV */
  energies: number[];
  /** [spin][energy], states/eV. */
  total: number[][];
  /** [spin][energy], states. */
  integrated: number[][];
  partial?: RawPartialDos;
}

export interface RawCalculation {
  structure?: RawStructure;
  /** Final energies of the ionic step by vasprun name (e_fr_energy ...), eV. */
  energies: Record<string, number>;
  /** Energies per electronic (scf) step, eV. */
  scsteps: Record<string, number>[];
  /** Wall time of each scf step ('total' timer), s; NaN where the step has none. */
  scstepWallTimes: number[];
  /** Wall time of the whole ionic step ('totalsc' timer), s. */
  wallTime?: number;
  /** eV/Å per atom. */
  forces?: Vec3[];
  /** kBar, 3×3. */
  stress?: Vec3[];
  eigenvalues?: RawEigenvalues;
  dos?: RawDos;
}

export interface Vasprun {
  generator: Record<string, string>;
  incar: TagMap;
  /** The <parameters> block (all separators flattened): the values the run actually used. */
  parameters: TagMap;
  kpoints: RawKpoints;
  /** Element per atom, as atominfo lists it. */
  elements: string[];
  atomTypes: RawAtomType[];
  initialStructure?: RawStructure;
  finalStructure?: RawStructure;
  /** One per <calculation> (ionic step). Only the last eigenvalues and DOS of the file are kept. */
  calculations: RawCalculation[];
  /** Why the file stops early (it ends inside open elements); the complete steps are still read. */
  truncated?: string;
}
