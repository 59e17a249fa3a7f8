// run.method[0] of a VASP run: functional, electronic settings, plane-wave basis, k-point mesh,
// atom kinds and the INCAR tags as read and as used.
import { atomicNumber, type Vec3 } from '@oasis/chem';
import type { MethodKMesh } from '@oasis/schema';
import type { RawAtomType, RawKpoints, TagMap, Vasprun } from './raw.ts';
import {
  electronsRepresentationOf,
  pseudopotentialOf,
  type BasisSetContainer,
  type PotcarHeader,
  type PseudopotentialSection,
} from './potcar.ts';
import type { Settings } from './settings.ts';
import { AMU, EV } from './units.ts';
import { xcFunctionalOf, type XcFunctional } from './xc.ts';

export interface Smearing {
  kind: string;
  /** J; absent for the tetrahedron method, which has no width. */
  width?: number;
}

type SamplingMethod = NonNullable<MethodKMesh['sampling_method']>;

export interface KMesh {
  /** How the points were made: 'Gamma-centered' | 'Monkhorst-Pack' | 'Line-path' (line mode). */
  sampling_method?: SamplingMethod;
  grid?: number[];
  offset?: number[];
  n_points: number;
  points: number[][];
  weights?: number[];
  /** Line mode: k-points per path segment, and each segment's [start, end] (fractional). */
  x_vasp_n_points_per_segment?: number;
  x_vasp_line_path_endpoints?: [Vec3, Vec3][];
}

export interface AtomParameters {
  atom_number: number;
  label: string;
  /** kg */
  mass?: number;
  n_valence_electrons?: number;
  pseudopotential_name?: string;
  pseudopotential?: PseudopotentialSection;
}

export interface MethodSection {
  dft: { xc_functional: XcFunctional };
  electronic: {
    method: string;
    n_spin_channels: number;
    smearing?: Smearing;
    n_electrons?: number;
    n_bands?: number;
  };
  scf?: { threshold_energy_change?: number; n_max_iteration?: number };
  electrons_representation: BasisSetContainer[];
  k_mesh?: KMesh;
  atom_parameters: AtomParameters[];
  x_vasp_incar_in: TagMap;
  x_vasp_incar_out: TagMap;
}

/** ISMEAR -> NOMAD smearing kind (VASP wiki 'ISMEAR'); -2/-3 fix or scan occupations: none. */
export function smearingOf(settings: Settings): Smearing | undefined {
  const ismear = settings.number('ISMEAR');
  if (ismear === undefined || ismear === -2 || ismear === -3) return undefined;
  if (ismear === -4 || ismear === -5) return { kind: 'tetrahedra' };
  const kind = ismear === -1 ? 'fermi' : ismear === 0 ? 'gaussian' : 'methfessel-paxton';
  const sigma = settings.number('SIGMA');
  return sigma === undefined ? { kind } : { kind, width: sigma * EV };
}

const SAMPLING_METHODS: Readonly<Record<string, SamplingMethod>> = {
  // 'Automatic' (length-based) meshes are Gamma-centred in VASP.
  Automatic: 'Gamma-centered',
  Gamma: 'Gamma-centered',
  'Monkhorst-Pack': 'Monkhorst-Pack',
  listgenerated: 'Line-path',
};

export function kMeshOf(kpoints: RawKpoints): KMesh | undefined {
  if (kpoints.list.length === 0) return undefined;
  const mesh: KMesh = { n_points: kpoints.list.length, points: kpoints.list };
  if (kpoints.weights.length === kpoints.list.length) mesh.weights = kpoints.weights;
  const sampling = kpoints.generation === undefined ? undefined : SAMPLING_METHODS[kpoints.generation];
  if (sampling) mesh.sampling_method = sampling;
  if (kpoints.generation === 'listgenerated') {
    const perSegment = kpoints.divisions?.[0];
    if (perSegment !== undefined && perSegment > 1) {
      mesh.x_vasp_n_points_per_segment = perSegment;
      // The generated list holds each segment's points, ends included: its chunks give the path.
      // (The generation block's own point list does not always follow the path order.)
      if (kpoints.list.length % perSegment === 0) {
        mesh.x_vasp_line_path_endpoints = [];
        for (let start = 0; start < kpoints.list.length; start += perSegment) {
          mesh.x_vasp_line_path_endpoints.push([
            kpoints.list[start] as Vec3,
            kpoints.list[start + perSegment - 1] as Vec3,
          ]);
        }
      }
    }
  } else if (kpoints.divisions?.length === 3) {
    mesh.grid = kpoints.divisions;
    if (kpoints.usershift?.length === 3) mesh.offset = kpoints.usershift;
  }
  return mesh;
}

/**
 * One entry per atom type; repeated elements get numbered labels ('Fe', 'Fe1') as NOMAD does.
 * `headers` are the types' POTCAR headers, where known (cutoff, functional of each potential).
 */
export function atomParametersOf(
  types: readonly RawAtomType[],
  headers: readonly (PotcarHeader | undefined)[] = [],
): AtomParameters[] {
  const seen = new Map<string, number>();
  return types.map((type, index) => {
    const count = seen.get(type.element) ?? 0;
    seen.set(type.element, count + 1);
    const parameters: AtomParameters = {
      atom_number: atomicNumber(type.element) ?? 0,
      label: count > 0 ? `${type.element}${count}` : type.element,
    };
    if (type.mass !== undefined && Number.isFinite(type.mass)) parameters.mass = type.mass * AMU;
    if (type.valence !== undefined && Number.isFinite(type.valence))
      parameters.n_valence_electrons = type.valence;
    if (type.pseudopotential) {
      parameters.pseudopotential_name = type.pseudopotential;
      parameters.pseudopotential = pseudopotentialOf(type.pseudopotential, headers[index]);
    }
    return parameters;
  });
}

/** The electronic settings both VASP parsers read from the tags; `ldau` says whether DFT+U ran. */
export function electronicOf(settings: Settings, ldau: boolean): MethodSection['electronic'] {
  const electronic: MethodSection['electronic'] = {
    method: ldau ? 'DFT+U' : 'DFT',
    n_spin_channels: settings.number('ISPIN') ?? 1,
  };
  const smearing = smearingOf(settings);
  if (smearing) electronic.smearing = smearing;
  const nelect = settings.number('NELECT');
  if (nelect !== undefined) electronic.n_electrons = nelect;
  const nbands = settings.number('NBANDS');
  if (nbands !== undefined) electronic.n_bands = nbands;
  return electronic;
}

/** SCF convergence settings (EDIFF, NELM); undefined when neither is set. */
export function scfOf(settings: Settings): MethodSection['scf'] {
  const ediff = settings.number('EDIFF');
  const nelm = settings.number('NELM');
  if (ediff === undefined && nelm === undefined) return undefined;
  const scf: NonNullable<MethodSection['scf']> = {};
  if (ediff !== undefined) scf.threshold_energy_change = ediff * EV;
  if (nelm !== undefined) scf.n_max_iteration = nelm;
  return scf;
}

export function methodOf(
  run: Vasprun,
  settings: Settings,
  warn: (message: string) => void,
  headers: readonly (PotcarHeader | undefined)[] = [],
): MethodSection {
  const titles = run.atomTypes.flatMap((t) => (t.pseudopotential ? [t.pseudopotential] : []));
  // ENMAX in <parameters> is the cutoff used (ENCUT when set, else the POTCARs' largest ENMAX).
  const cutoff = settings.number('ENMAX') ?? settings.number('ENCUT');
  const method: MethodSection = {
    dft: { xc_functional: xcFunctionalOf(settings, titles, warn) },
    electronic: electronicOf(settings, settings.boolean('LDAU') === true),
    electrons_representation: [electronsRepresentationOf(settings, cutoff, settings.number('ENAUG'))],
    atom_parameters: atomParametersOf(run.atomTypes, headers),
    x_vasp_incar_in: run.incar,
    x_vasp_incar_out: run.parameters,
  };
  const scf = scfOf(settings);
  if (scf) method.scf = scf;
  const kMesh = kMeshOf(run.kpoints);
  if (kMesh) method.k_mesh = kMesh;
  return method;
}
