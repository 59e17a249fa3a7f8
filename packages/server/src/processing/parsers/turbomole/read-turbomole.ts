// What a TURBOMOLE output says, in its units: the modules it ran one after another (dscf, ridft, grad,
// statpt, aoforce, escf, ricc2, ccsdf12, pnoccsd, freeh), each opened by its '<module> (<host>) :
// TURBOMOLE V...' header line, with its version, start and end dates, geometry, basis sets, functional,
// SCF or coupled-cluster iterations, energies, gradient, force constants, GW states and thermodynamics.
// Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import { plainNumber } from '../../text/convert-number.ts';
import {
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  last,
  real,
  text,
} from '../../text/rules.ts';
import {
  type Vec,
  atomicCoordinates,
  basisSets,
  ccIterations,
  duration,
  element,
  energyBoxes,
  freehCapacities,
  freehPotentials,
  gradient,
  gradientVectors,
  gw,
  hessianLines,
  hessianMatrix,
  normalModes,
  orbitalGroups,
  scfIterations,
  statptCoordinates,
} from './read-turbomole-blocks.ts';

export interface TurbomoleGeometry {
  species: string[];
  /** bohr */
  positions: Vec[];
}

/** A periodic set of point charges (or its clusters) a cluster is embedded in, in bohr. */
interface TurbomoleEmbedding {
  name: 'redefined' | 'pc_cluster' | 'qm_cluster';
  geometry: TurbomoleGeometry;
  /** bohr, for the redefined unit cell */
  cell?: Vec[];
}

interface TurbomoleBasis {
  auxiliary: boolean;
  spherical: boolean;
  rows: { symbol: string; contracted: number; name: string; shells: string }[];
}

interface TurbomoleScfIteration {
  /** Hartree */
  total: number;
  oneElectron: number;
  twoElectron: number;
  xc?: number;
  damping?: number;
  diis?: number;
  /** eV */
  deltaEigenvalues?: number;
}

/** A correlated energy box: 'Final <method> energy' and its correlation energy (Hartree). */
interface TurbomoleCorrelated {
  method: string;
  energy: number;
  correlation?: number;
}

export interface TurbomoleThermo {
  /** K, MPa */
  temperature: number;
  pressure: number;
  /** kJ/mol and kJ/(mol K) */
  chemicalPotential?: number;
  energy?: number;
  entropy?: number;
  cv?: number;
  cp?: number;
  enthalpy?: number;
}

export interface TurbomoleModule {
  name: string;
  version?: string;
  /** 'YYYY-MM-DD hh:mm:ss.sss' dates printed after the header and after 'all done'. */
  dates: string[];
  geometry?: TurbomoleGeometry;
  embedding: TurbomoleEmbedding[];
  basisSets: TurbomoleBasis[];
  /** TURBOMOLE's name of the functional ('B3-LYP', 'PBE0'). */
  functional?: string;
  d3Version?: string;
  /** Hartree */
  dispersionEnergy?: number;
  uhf: boolean;
  /** The wavefunction model of ricc2/ccsdf12 or the last 'Method n:' of pnoccsd. */
  wavefunctionModel?: string;
  scf: TurbomoleScfIteration[];
  scfConverged?: boolean;
  /** Hartree, and the wall seconds of each iteration. */
  ccIterations: { energy: number; wall: number }[];
  /** 'total energy' box (Hartree) and the virial ratio. */
  total?: number;
  kinetic?: number;
  potential?: number;
  virial?: number;
  correlated: TurbomoleCorrelated[];
  /** The orbitals printed around the frontier (Hartree), per spin channel, in energy order. */
  orbitals: { energy: number; occupation: number }[][];
  /** Hartree/bohr per atom */
  gradient?: Vec[];
  /** Hartree/bohr² (3N × 3N) */
  hessian?: number[][];
  /** cm⁻¹ and km/mol */
  frequencies: number[];
  intensities: number[];
  /** Hartree (aoforce) */
  zeroPoint?: number;
  scfEnergy?: number;
  scfPlusZeroPoint?: number;
  /** kJ/mol (freeh) */
  zeroPointKjMol?: number;
  thermo: TurbomoleThermo[];
  gw?: { spinChannels: number; type: number; eta?: number; states: number[][][] };
  /** statpt's options, by TURBOMOLE's label, as printed. */
  statptOptions: Record<string, string>;
  /** s */
  wallTime?: number;
  finished: boolean;
}

export interface TurbomoleOutput {
  modules: TurbomoleModule[];
  optimizationConverged: boolean;
  warnings: string[];
}

const embeddingRows = (heading: RegExp) =>
  block(
    heading,
    {
      rows: every(
        /^\s*([A-Za-z]{1,2})\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)(?:\s|$)/,
        fields({
          symbol: text(1),
          position: (m) => [Number(m[2]), Number(m[3]), Number(m[4])] as Vec,
        }),
      ),
    },
    { end: /^\s*$/ },
  );

const STATPT_OPTION =
  /^\s*(Maximum allowed trust radius|Minimum allowed trust radius|Initial trust radius|Hessian update method|Threshold for energy change|Threshold for max displacement element|Threshold for max gradient element|Threshold for RMS of displacement|Threshold for RMS of gradient)\s*:\s*(\S+)/;

/** One module's output: from its header line to the next module's. */
const moduleDeclaration = {
  header: first(
    /^\s*(\S+)\s*\(.*\)\s*:\s*TURBOMOLE\s+(?:V|rev\.)\s*([\d.]+\s*\([\d ]+\)|[\d.]+)/,
    fields({ name: text(1), version: text(2) }),
  ),
  dates: every(/^\s*(\d{4}-\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+)\s*$/, text()),
  atoms: atomicCoordinates,
  statptAtoms: statptCoordinates,
  redefined: embeddingRows(/^\s*Redefined unit cell content \(au\):/),
  pcCluster: embeddingRows(/^\s*PC cluster transformed to the center of cell 0/),
  qmCluster: embeddingRows(/^\s*QM cluster transformed to the center of cell 0/),
  cell: block(
    /^\s*Cell vectors \(au\):/,
    {
      rows: every(
        /^\s*(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/,
        (m) => [1, 2, 3].map((i) => Number(m[i])) as Vec,
      ),
    },
    { end: /^\s*$/ },
  ),
  basisSets,
  functional: block(
    /^\s*density functional\s*$/,
    {
      name: first(
        /(?:functional\s*:\s*(\S+)|^\s*(?!density\s)(\S+)\s+(?:meta-GGA\s+|hybrid\s+)*functional\s*$)/,
        (m) => m[1] ?? m[2],
      ),
    },
    { end: /^\s*$/ },
  ),
  d3Version: first(/DFTD3 V(\S+ Rev \d+)/, text()),
  dispersion: last(/Edisp \/kcal,au:\s*\S+\s+(-?\d+\.\d+)/, plainNumber()),
  uhf: flag(/UHF mod.+switched on/),
  wavefunctionModel: block(
    /closed shell calculation for the wavefunction models:/,
    { model: first(/^\s+([A-Z][\w()]*)\s+-\s/, text()) },
    { end: /^\s*$/ },
  ),
  methods: every(/^\s*Method\s+\d+:\s*(\S+)/, text()),
  scf: scfIterations,
  scfConverged: flag(/convergence criteria satisfied after/),
  ccIterations,
  // The lines of the 'total energy' box hold '=': read among those only.
  totals: among(/=/, {
    total: first(/\|\s*total energy\s*=\s*(-?\d+\.\d+)/, plainNumber()),
    kinetic: first(/:\s*kinetic energy\s*=\s*(-?\d+\.\d+)/, plainNumber()),
    potential: first(/:\s*potential energy\s*=\s*(-?\d+\.\d+)/, plainNumber()),
    virial: first(/:\s*virial theorem\s*=\s*(-?\d+\.\d+)/, plainNumber()),
  }),
  correlated: energyBoxes,
  orbitals: orbitalGroups,
  spinOrbitals: blocks(/^\s*(?:alpha|beta):\s*$/, { groups: orbitalGroups }),
  gradient,
  hessian: hessianLines,
  normalModes,
  zeroPoint: first(/zero point VIBRATIONAL energy\s*:\s*(-?\d+\.\d+)/, plainNumber()),
  scfEnergy: first(/^\s*\*\s*SCF-energy\s*:\s*(-?\d+\.\d+)/, plainNumber()),
  scfPlusZeroPoint: first(/^\s*\*\s*SCF \+ E\(vib0\)\s*:\s*(-?\d+\.\d+)/, plainNumber()),
  zeroPointKjMol: first(/^\s*zpe=\s*(\S+)\s*kJ\/mol/, real()),
  potentials: freehPotentials,
  capacities: freehCapacities,
  gw,
  statptOptions: every(STATPT_OPTION, fields({ label: text(1), value: text(2) })),
  wallTime: last(/total\s+wall-time\s*:\s*(.+?)\s*$/, duration),
  finished: flag(/\*\*\*\*\s+\S+\s*:\s*all done\s+\*\*\*\*/),
};

const output = {
  modules: blocks(/^\s*\S+\s*\(.*\)\s*:\s*TURBOMOLE\s+(?:V|rev)/, moduleDeclaration),
  optimizationConverged: flag(/CONVERGENCY CRITERIA FULFILLED/),
};

type ModuleRead = Parsed<typeof moduleDeclaration>;

const geometryOf = (rows: readonly { symbol: string; position: Vec }[]): TurbomoleGeometry | undefined =>
  rows.length === 0
    ? undefined
    : { species: rows.map((r) => element(r.symbol)), positions: rows.map((r) => r.position) };

function embeddingOf(read: ModuleRead): TurbomoleEmbedding[] {
  const found: TurbomoleEmbedding[] = [];
  const parts = [
    ['redefined', read.redefined],
    ['pc_cluster', read.pcCluster],
    ['qm_cluster', read.qmCluster],
  ] as const;
  for (const [name, part] of parts) {
    const geometry = part && geometryOf(part.rows);
    if (!geometry) continue;
    found.push({ name, geometry, ...(name === 'redefined' && read.cell ? { cell: read.cell.rows } : {}) });
  }
  return found;
}

type Groups = ModuleRead['orbitals'];

/** The printed orbital groups of a spin channel as orbitals in energy order (unprinted occupations are 0). */
const orbitalsOf = (groups: Groups) =>
  groups
    .flatMap((g) => (g.energies ?? []).map((energy, i) => ({ energy, occupation: g.occupations?.[i] ?? 0 })))
    .sort((a, b) => a.energy - b.energy);

/** freeh's two tables joined by temperature and pressure. */
function thermoOf(read: ModuleRead): TurbomoleThermo[] {
  const states = read.potentials.map((row): TurbomoleThermo => ({ ...row }));
  for (const row of read.capacities) {
    const state = states.find((s) => s.temperature === row.temperature && s.pressure === row.pressure);
    if (state) Object.assign(state, { cv: row.cv, cp: row.cp, enthalpy: row.enthalpy });
    else states.push({ ...row });
  }
  return states;
}

function moduleOf(read: ModuleRead): TurbomoleModule {
  const { header, totals } = read;
  const geometry = geometryOf(read.statptAtoms) ?? geometryOf(read.atoms);
  const wavefunctionModel = read.wavefunctionModel?.model ?? read.methods.at(-1);
  const functional = read.functional?.name;
  const module: TurbomoleModule = {
    name: header!.name,
    dates: read.dates,
    embedding: embeddingOf(read),
    basisSets: read.basisSets,
    uhf: read.uhf,
    scf: read.scf.flatMap((it) =>
      it.energies
        ? [
            Object.assign(
              { ...it.energies },
              it.xc !== undefined ? { xc: it.xc } : {},
              it.damping !== undefined ? { damping: it.damping } : {},
              it.diis !== undefined ? { diis: it.diis } : {},
              it.deltaEigenvalues !== undefined ? { deltaEigenvalues: it.deltaEigenvalues } : {},
            ),
          ]
        : [],
    ),
    ccIterations: read.ccIterations?.rows ?? [],
    correlated: read.correlated.flatMap((box) =>
      box.final
        ? [
            {
              ...box.final,
              ...((box.totalCorrelation ?? box.correlation) !== undefined
                ? { correlation: (box.totalCorrelation ?? box.correlation)! }
                : {}),
            },
          ]
        : [],
    ),
    orbitals: (read.spinOrbitals.length > 0 ? read.spinOrbitals.map((s) => s.groups) : [read.orbitals])
      .map(orbitalsOf)
      .filter((channel) => channel.length > 0),
    frequencies: read.normalModes?.frequencies.flat() ?? [],
    intensities: read.normalModes?.intensities.flat() ?? [],
    thermo: thermoOf(read),
    statptOptions: Object.fromEntries(read.statptOptions.map((o) => [o.label, o.value])),
    finished: read.finished,
  };
  const gradientRows = read.gradient?.rows ?? [];
  const hessian =
    read.hessian && read.hessian.lines.length > 0 ? hessianMatrix(read.hessian.lines) : undefined;
  return Object.assign(
    module,
    header!.version ? { version: header!.version } : {},
    geometry ? { geometry } : {},
    functional ? { functional } : {},
    read.d3Version ? { d3Version: read.d3Version } : {},
    read.dispersion !== undefined ? { dispersionEnergy: read.dispersion } : {},
    wavefunctionModel ? { wavefunctionModel } : {},
    read.scf.length > 0 ? { scfConverged: read.scfConverged } : {},
    totals.total !== undefined ? { total: totals.total } : {},
    totals.kinetic !== undefined ? { kinetic: totals.kinetic } : {},
    totals.potential !== undefined ? { potential: totals.potential } : {},
    totals.virial !== undefined ? { virial: totals.virial } : {},
    gradientRows.length > 0 ? { gradient: gradientVectors(gradientRows) } : {},
    hessian ? { hessian } : {},
    read.zeroPoint !== undefined ? { zeroPoint: read.zeroPoint } : {},
    read.scfEnergy !== undefined ? { scfEnergy: read.scfEnergy } : {},
    read.scfPlusZeroPoint !== undefined ? { scfPlusZeroPoint: read.scfPlusZeroPoint } : {},
    read.zeroPointKjMol !== undefined ? { zeroPointKjMol: read.zeroPointKjMol } : {},
    read.gw
      ? {
          gw: {
            spinChannels: read.gw.spinChannels ?? 1,
            type: read.gw.type ?? 0,
            ...(read.gw.eta !== undefined ? { eta: read.gw.eta } : {}),
            states: read.gw.tables.map((t) => t.rows).filter((rows) => rows.length > 0),
          },
        }
      : {},
    read.wallTime !== undefined ? { wallTime: read.wallTime } : {},
  );
}

export function readTurbomoleOutput(content: string, file = 'output'): TurbomoleOutput {
  const { values, warnings } = readText(output, content, file);
  const modules = values.modules.filter((m) => m.header).map(moduleOf);
  if (modules.length === 0)
    throw new Error("not a TURBOMOLE output: no '<module> (<host>) : TURBOMOLE V' line");
  return { modules, optimizationConverged: values.optimizationConverged, warnings };
}
