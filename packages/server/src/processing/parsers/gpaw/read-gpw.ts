// What a GPAW restart file holds, from either format, in its own units (lengthUnit and energyUnit give
// them in SI: Å and eV for ulm files, what info.xml names for tar files, Bohr and Hartree as written by
// GPAW): version, parameters (mode, functional, charge, occupations, convergence criteria), the atoms,
// the energies, forces, magnetic moments, Fermi level, eigenvalues and occupations per spin and k-point,
// and of ulm files the density and effective potential on the grid.
import { ANGSTROM, BOHR, ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { bandPathOf, type GpawBandPath } from './band-path.ts';
import { type ByteSource, type NdArray, readArray } from './byte-source.ts';
import { readUlm, ulmArray, ulmArrayInfo, ulmAt, type UlmNode } from './read-ulm.ts';
import { tarMembers } from './read-tar.ts';

type Scalar = string | number | boolean | null;

export interface GpawRun {
  format: 'tar' | 'ulm';
  version?: string;
  /** SI factors of the file's units. */
  lengthUnit: number;
  energyUnit: number;
  /** 'fd', 'pw' or 'lcao' */
  mode: string;
  /** Plane-wave cut-off (energy unit). */
  cutoff?: number;
  xc: string;
  charge?: number;
  smearing: { kind: string; width: number };
  /** Energy convergence criterion (energy unit). */
  energyThreshold?: number;
  /** x_gpaw_* of the method, from the parameters. */
  methodExtras: Record<string, Scalar>;
  numbers: number[];
  /** file units */
  positions: number[][];
  cell: number[][];
  pbc: boolean[];
  /** Å/fs (ulm files) */
  momenta?: number[][];
  energies: Partial<Record<'total' | 'free' | 'xc' | 'kinetic_electronic' | 'correction_entropy', number>>;
  forces?: number[][];
  magneticMoments?: number[];
  fermi?: number;
  split?: number;
  converged?: boolean;
  /** [spin][k-point][band] */
  eigenvalues?: NdArray;
  occupations?: NdArray;
  kpoints?: number[][];
  kweights?: number[];
  /** All k-points of the Brillouin zone and the irreducible one of each (ulm files). */
  bzkpoints?: number[][];
  bz2ibz?: number[];
  /** The band path of a band-structure run, when kpts was an ASE BandPath (ulm files). */
  bandPath?: GpawBandPath;
  /** The Monkhorst-Pack grid and its offset, when the run used one. */
  kgrid?: number[];
  kgridOffset?: number[];
  /** Grid points along the cell vectors (of the density's grid). */
  gridPoints?: number[];
  /** [spin][x][y][z], electrons per volume (file units) and energy (file units). */
  density?: NdArray;
  potential?: NdArray;
  /** Values of each grid when they are too many to keep (see MAX_GRID_VALUES). */
  gridLeftOut?: number;
}

/** GPAW's file version numbers of tar files, to the release that wrote them. */
const TAR_VERSIONS: Readonly<Record<string, string>> = { '6': '1.1.0', '5': '0.11.0', '3': '0.10.0' };

/** Grids of more values than this are left out of the archive (a few MB of JSON each). */
export const MAX_GRID_VALUES = 250_000;

const rows = (array: NdArray | undefined): number[][] | undefined => {
  if (!array || array.shape.length !== 2) return undefined;
  const width = array.shape[1]!;
  return Array.from({ length: array.shape[0]! }, (_, i) => array.values.slice(i * width, (i + 1) * width));
};

const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A parameter of info.xml as Python printed it: True/False, a number, None, or text. */
function scalar(text: string): Scalar {
  if (text === 'True' || text === 'False') return text === 'True';
  if (text === 'None') return null;
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/** NOMAD's x_gpaw_ method names of info.xml's parameters. */
const METHOD_EXTRAS: Readonly<Record<string, string>> = {
  FixMagneticMoment: 'x_gpaw_fix_magnetic_moment',
  FixDensity: 'x_gpaw_fix_density',
  DensityConvergenceCriterion: 'x_gpaw_density_convergence_criterion',
  MixClass: 'x_gpaw_mix_class',
  MixBeta: 'x_gpaw_mix_beta',
  MixWeight: 'x_gpaw_mix_weight',
  MixOld: 'x_gpaw_mix_old',
  MaximumAngularMomentum: 'x_gpaw_maximum_angular_momentum',
  SymmetryTimeReversalSwitch: 'x_gpaw_symmetry_time_reversal_switch',
};

const TAR_TYPES: Readonly<Record<string, string>> = { int: 'int32', float: 'float64', complex: 'complex128' };

/** A tar .gpw: info.xml's parameters and array dimensions, then the arrays it names. */
async function readTarGpw(source: ByteSource): Promise<GpawRun> {
  const members = new Map((await tarMembers(source)).map((member) => [member.name, member]));
  const info = members.get('info.xml');
  if (!info)
    throw new Error(`the archive has no info.xml (it ends at byte ${source.size}): not a whole .gpw file`);
  const xml = (await source.read(info.offset, info.size)).toString('utf8');
  const parameters = new Map<string, Scalar>();
  for (const match of xml.matchAll(/<parameter\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g))
    parameters.set(match[1]!, scalar(xmlText(match[2]!)));
  const littleEndian = !/endianness="big"/.test(xml);
  const arrays = new Map<string, { dtype: string; shape: number[] }>();
  const dimensions = new Map<string, number>();
  for (const match of xml.matchAll(/<array\s+name="([^"]*)"\s+type="([^"]*)"\s*>([\s\S]*?)<\/array>/g)) {
    const shape = [...match[3]!.matchAll(/<dimension\s+length="(\d+)"\s+name="([^"]*)"/g)].map((d) => {
      dimensions.set(d[2]!, Number(d[1]));
      return Number(d[1]);
    });
    arrays.set(match[1]!, { dtype: TAR_TYPES[match[2]!] ?? match[2]!, shape });
  }
  const array = async (name: string, limit = Infinity): Promise<NdArray | undefined> => {
    const member = members.get(name);
    const declared = arrays.get(name);
    if (!member || !declared) return undefined;
    if (declared.shape.reduce((a, b) => a * b, 1) > limit) return undefined;
    return readArray(source, member.offset, declared.shape, declared.dtype, littleEndian);
  };
  const parameter = (name: string) => parameters.get(name);
  const num = (name: string) =>
    typeof parameter(name) === 'number' ? (parameter(name) as number) : undefined;
  const lengthName = String(parameter('lengthunit') ?? 'angstrom').toLowerCase();
  const energyName = String(parameter('energyunit') ?? 'eV').toLowerCase();
  const methodExtras: Record<string, Scalar> = {};
  for (const [name, key] of Object.entries(METHOD_EXTRAS)) {
    const value = parameter(name);
    if (value !== undefined && value !== null) methodExtras[key] = value;
  }
  const energies: GpawRun['energies'] = {};
  for (const [name, key] of [
    ['Epot', 'total'],
    ['Exc', 'xc'],
    ['Ekin', 'kinetic_electronic'],
    ['S', 'correction_entropy'],
  ] as const)
    if (num(name) !== undefined) energies[key] = num(name);
  const grid = ['ngptsx', 'ngptsy', 'ngptsz'].map((name) => dimensions.get(name));
  const gridValues = (arrays.get('PseudoElectronDensity')?.shape ?? []).reduce((a, b) => a * b, 1);
  const version = parameter('version');
  const mode = parameter('Mode');
  return {
    format: 'tar',
    version:
      version === undefined || version === null ? undefined : (TAR_VERSIONS[String(version)] ?? '0.9.0'),
    lengthUnit: lengthName === 'bohr' ? BOHR : ANGSTROM,
    energyUnit: energyName === 'hartree' ? HARTREE : ELECTRON_VOLT,
    mode: typeof mode === 'string' ? mode : 'fd',
    cutoff: num('PlaneWaveCutoff'),
    xc: String(parameter('XCFunctional') ?? 'LDA'),
    charge: num('Charge'),
    smearing: { kind: 'fermi', width: num('FermiWidth') ?? 0 },
    energyThreshold: num('EnergyConvergenceCriterion'),
    methodExtras,
    numbers: (await array('AtomicNumbers'))?.values ?? [],
    positions: rows(await array('CartesianPositions')) ?? [],
    cell: rows(await array('UnitCell')) ?? [],
    pbc: ((await array('BoundaryConditions'))?.values ?? [0, 0, 0]).map((x) => x !== 0),
    energies,
    forces: rows(await array('CartesianForces')),
    magneticMoments: (await array('MagneticMoments'))?.values,
    fermi: num('FermiLevel'),
    converged: typeof parameter('Converged') === 'boolean' ? (parameter('Converged') as boolean) : undefined,
    eigenvalues: await array('Eigenvalues'),
    occupations: await array('OccupationNumbers'),
    kpoints: rows(await array('IBZKPoints')),
    kweights: (await array('IBZKPointWeights'))?.values,
    kgrid: (await array('NBZKPoints'))?.values,
    kgridOffset: (await array('MonkhorstPackOffset'))?.values,
    ...(grid.every((n) => n !== undefined) ? { gridPoints: grid as number[] } : {}),
    ...(gridValues > MAX_GRID_VALUES ? { gridLeftOut: gridValues } : {}),
    // The pseudo density and the effective (pseudo) potential, as ulm files keep them.
    density: await array('PseudoElectronDensity', MAX_GRID_VALUES),
    potential: await array('PseudoPotential', MAX_GRID_VALUES),
  };
}

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** GPAW's default occupation width (eV) when none is given: none for Γ-only or finite systems. */
function defaultWidth(kpts: unknown, pbc: boolean[]): number {
  const gamma =
    kpts === undefined ||
    JSON.stringify(kpts) === '[1,1,1]' ||
    JSON.stringify(kpts) === '[[0,0,0]]' ||
    pbc.every((p) => !p);
  return gamma ? 0 : 0.1;
}

const SMEARING_KINDS: Readonly<Record<string, string>> = {
  'fermi-dirac': 'fermi',
  'marzari-vanderbilt': 'marzari-vanderbilt',
  'methfessel-paxton': 'methfessel-paxton',
  'improved-tetrahedron-method': 'tetrahedra',
};

/** The Monkhorst-Pack size of a kpts parameter: [n1, n2, n3] or {size: [...]} (a list of points has none). */
function kgridOf(kpts: unknown): number[] | undefined {
  const size = Array.isArray(kpts) ? kpts : (kpts as UlmNode | undefined)?.size;
  return Array.isArray(size) && size.length === 3 && size.every((n) => typeof n === 'number')
    ? (size as number[])
    : undefined;
}

/** A ulm .gpw (ASE units: Å, eV). */
async function readUlmGpw(source: ByteSource): Promise<GpawRun> {
  const { root } = await readUlm(source);
  const at = (path: string) => ulmAt(root, path);
  const parameters = (at('parameters') ?? {}) as UlmNode;
  const modeParameter = parameters.mode;
  const mode =
    typeof modeParameter === 'string'
      ? modeParameter
      : typeof (modeParameter as UlmNode | undefined)?.name === 'string'
        ? ((modeParameter as UlmNode).name as string)
        : 'fd';
  const pbc = ((at('atoms.pbc') as boolean[] | undefined) ?? [false, false, false]).map(Boolean);
  const occupations = parameters.occupations as UlmNode | undefined | null;
  const width = number(occupations?.width) ?? defaultWidth(parameters.kpts, pbc);
  const kind = SMEARING_KINDS[String(occupations?.name ?? 'fermi-dirac')] ?? 'fermi';
  const convergence = (parameters.convergence ?? {}) as UlmNode;
  const numbers = await ulmArray(source, root, 'atoms.numbers');
  const gridInfo = ulmArrayInfo(root, 'density.density');
  const gridValues = gridInfo ? gridInfo.shape.reduce((a, b) => a * b, 1) : 0;
  const grid = async (path: string) =>
    gridValues > 0 && gridValues <= MAX_GRID_VALUES ? ulmArray(source, root, path) : undefined;
  const energies: GpawRun['energies'] = {};
  for (const [name, key] of [
    ['e_total_extrapolated', 'total'],
    ['e_total_free', 'free'],
    ['e_xc', 'xc'],
    ['e_kinetic', 'kinetic_electronic'],
    ['e_entropy', 'correction_entropy'],
  ] as const) {
    const value = number(at(`hamiltonian.${name}`));
    if (value !== undefined) energies[key] = value;
  }
  const converged = at('scf.converged');
  return {
    format: 'ulm',
    version: typeof at('gpaw_version') === 'string' ? (at('gpaw_version') as string) : undefined,
    lengthUnit: ANGSTROM,
    energyUnit: ELECTRON_VOLT,
    mode,
    cutoff: number((modeParameter as UlmNode | undefined)?.ecut) ?? (mode === 'pw' ? 340 : undefined),
    xc: typeof parameters.xc === 'string' ? parameters.xc : 'LDA',
    charge: number(parameters.charge) ?? 0,
    smearing: { kind, width },
    energyThreshold: number(convergence.energy) ?? 0.0005,
    methodExtras: { x_gpaw_fix_density: parameters.fixdensity === true },
    numbers: numbers?.values ?? [],
    positions: rows(await ulmArray(source, root, 'atoms.positions')) ?? [],
    cell: (at('atoms.cell') as number[][] | undefined) ?? [],
    pbc,
    momenta: rows(await ulmArray(source, root, 'atoms.momenta')),
    energies,
    forces: rows(await ulmArray(source, root, 'results.forces')),
    magneticMoments: (await ulmArray(source, root, 'results.magmoms'))?.values,
    fermi: number(at('occupations.fermilevel')),
    split: number(at('occupations.split')),
    converged: typeof converged === 'boolean' ? converged : undefined,
    eigenvalues: await ulmArray(source, root, 'wave_functions.eigenvalues'),
    occupations: await ulmArray(source, root, 'wave_functions.occupations'),
    kpoints: rows(await ulmArray(source, root, 'wave_functions.kpts.ibzkpts')),
    kweights: (await ulmArray(source, root, 'wave_functions.kpts.weights'))?.values,
    kgrid: kgridOf(parameters.kpts),
    bzkpoints: rows(await ulmArray(source, root, 'wave_functions.kpts.bzkpts')),
    bz2ibz: (await ulmArray(source, root, 'wave_functions.kpts.bz2ibz'))?.values,
    bandPath: bandPathOf(parameters.kpts),
    ...(gridInfo ? { gridPoints: gridInfo.shape.slice(-3) } : {}),
    ...(gridValues > MAX_GRID_VALUES ? { gridLeftOut: gridValues } : {}),
    density: await grid('density.density'),
    potential: await grid('hamiltonian.potential'),
  };
}

/** Either format, by the file's first bytes. */
export async function readGpw(source: ByteSource): Promise<GpawRun> {
  const head = (await source.read(0, Math.min(source.size, 8))).toString('latin1');
  return /^(?:AFFormat|- of Ulm)/.test(head) ? readUlmGpw(source) : readTarGpw(source);
}
