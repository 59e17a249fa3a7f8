// What a SIESTA output says, in its units (eV, Å, eV/Å, kbar, eV/Å³, Debye): the build header, the echo of
// the fdf input, the 'redata:' simulation parameters, the species with their valence charges, then per
// geometry (a single point, an optimisation move or an MD step) its coordinates, cell, energy
// decomposition, SCF iterations, Kohn-Sham energy, forces and stress; after the last one the final
// energies, static stress, Mulliken populations and dipole. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { spans } from '../../text/spans.ts';
import {
  type Convert,
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  table,
  tables,
  text,
  vector,
} from '../../text/rules.ts';
import { numbersIn } from '../../text/numbers.ts';
import { type FdfInput, readFdf } from './read-siesta-fdf.ts';

type Vec = [number, number, number];

interface SiestaAtoms {
  /** 'Ang', 'Bohr', 'fractional', 'scaled' (units of the lattice constant) as the output names it. */
  format: string;
  positions: Vec[];
  labels: string[];
}

export interface SiestaTerm {
  name: string;
  /** eV */
  value: number;
}

export interface SiestaMulliken {
  /** Per spin channel (one or two), per atom in the order printed: populations of the atom and its orbitals. */
  spins: { label: string; atom: number; total: number; orbitals: { name: string; value: number }[] }[][];
  /** Qtot of each spin channel. */
  totals: number[];
}

export interface SiestaStep {
  atoms?: SiestaAtoms;
  /** Å, rows */
  cell?: Vec[];
  /** The first energy decomposition of the step (eV). */
  decomposition: SiestaTerm[];
  /** Per SCF iteration: Eharris, E_KS, FreeEng, dDmax, Ef (eV but dDmax). */
  scf: number[][];
  /** eV */
  energyKS?: number;
  /** eV/Å */
  forces: Vec[];
  /** kbar, xx yy zz xy yz xz (SIESTA 4.0's order) */
  stressVoigt?: number[];
}

export interface SiestaOutput {
  version?: string;
  arch?: string;
  compilerFlags?: string;
  parallel: boolean;
  nodes?: number;
  /** 'D-MON-YYYY HH:MM:SS' */
  start?: string;
  end?: string;
  input: FdfInput;
  /** 'redata:' label and value as printed. */
  simulation: { key: string; value: string }[];
  /** Species label and valence charge, in the order the pseudopotentials are read. */
  valence: { label: string; charge: number }[];
  /** The initial coordinates (Bohr) with each atom's species index. */
  initialAtoms: { position: Vec; species: number }[];
  /** Species index to label (prinput's ChemicalSpeciesLabel). */
  speciesLabels: { index: number; label: string }[];
  /** Å, a molecule's automatic cell */
  automaticCell: Vec[];
  /** 'siesta: k-grid:' number of k-points and the supercell rows with their displacement. */
  kPoints?: number;
  kGrid: number[][];
  /** 'bulk', 'slab', 'chain', 'molecule' ('siesta: System type = ...'). */
  systemType?: string;
  /** 'single point', 'optimization' or 'md' (from the step banners). */
  kind: 'single point' | 'optimization' | 'md';
  /** The optimiser of the move banners ('CG', 'Broyden', 'FIRE'). */
  optimizer?: string;
  steps: SiestaStep[];
  relaxed: boolean;
  /** 'siesta: Final energy (eV):' terms. */
  finalEnergy: SiestaTerm[];
  /** eV/Å³ */
  staticStress?: Vec[];
  /** Debye */
  dipole?: number[];
  mulliken?: SiestaMulliken;
  finished: boolean;
  warnings: string[];
}

const F = '([-+]?\\d+\\.\\d*(?:[EeDd][-+]?\\d+)?)';
const vec3: Convert<Vec> = vector(3, 1) as Convert<Vec>;
const term = (pattern: RegExp) => every(pattern, fields({ name: text(1), value: real(2) }));

/** One geometry: from its banner to its 'Target enthalpy' line. */
const step = {
  format: first(/^outcoor: Atomic coordinates \(([^)]*)\)/, text()),
  atoms: table(
    /^outcoor: Atomic coordinates/,
    new RegExp(`^\\s*(${F}\\s+${F}\\s+${F})\\s+\\d+\\s+\\d+\\s+(\\S+)`),
    fields({ position: vec3, label: text(5) }),
  ),
  cell: table(/^outcell: Unit cell vectors \(Ang\):/, new RegExp(`^\\s*(${F}\\s+${F}\\s+${F})\\s*$`), vec3),
  decomposition: spans(/^siesta: Program's energy decomposition/, /^siesta:\s+\S+\s*=/, {
    terms: term(new RegExp(`^siesta:\\s+(\\S+)\\s*=\\s*${F}`)),
  }),
  scf: every(new RegExp(`^\\s*scf:\\s+\\d+\\s+(${F}\\s+${F}\\s+${F}\\s+${F}\\s+${F})`), vector(5, 1)),
  energyKS: last(new RegExp(`^siesta: E_KS\\(eV\\)\\s*=\\s*${F}`), real()),
  forces: table(
    /^siesta: Atomic forces \(eV\/Ang\):/,
    new RegExp(`^(?:siesta:)?\\s*\\d+\\s+(${F}\\s+${F}\\s+${F})\\s*$`),
    vec3,
  ),
  // SIESTA 4.0 prints xx yy zz xy yz xz; later versions name their order, xx yy zz yz xz xy.
  stressVoigt: first(/^Stress[- ]tensor[- ]Voigt(\[[^\]]*\])? \(kbar\):(.*)$/, (match, warn) => {
    const v = vector(6, 2)(match, warn);
    return v && (match[1] ? [v[0]!, v[1]!, v[2]!, v[5]!, v[3]!, v[4]!] : v);
  }),
};

/** A Mulliken analysis: per species block, the orbital names and each atom's row (wrapped over lines). */
const mulliken = {
  spinDown: flag(/^mulliken: Spin DOWN/),
  species: spans(/^Species:\s*(\S+)/, /\S/, {
    label: first(/^Species:\s*(\S+)/, text()),
    names: every(/^\s+(\d[A-Za-z][\w-]*(?:\s+\d[A-Za-z][\w-]*)*)\s*$/, (m) => m[1]!.trim().split(/\s+/)),
    rows: every(new RegExp(`^\\s*(\\d+\\s+)?(${F}(?:\\s+${F})*)\\s*$`), (m) => ({
      atom: m[1] === undefined ? undefined : Number(m[1]),
      values: numbersIn(m[2]!),
    })),
  }),
  totals: every(new RegExp(`^mulliken: Qtot\\s*=\\s*${F}`), real()),
};

const output = {
  version: first(/^(?:Siesta Version\s*:|SIESTA(?= \d))\s*(\S.*?)\s*$/, text()),
  arch: first(/^Architecture\s*:\s*(.+?)\s*$/, text()),
  compilerFlags: first(/^Compiler flags\s*:\s*(.+?)\s*$/, text()),
  parallel: flag(/^PARALLEL version/),
  nodes: first(/Running on\s+(\d+) nodes/, integer()),
  start: first(/Start of run:\s+(\S+\s+\S+)/, text()),
  end: last(/End of run:\s+(\S+\s+\S+)/, text()),
  input: block(
    /Dump of input data file/,
    { lines: every(/^(?!\*+ End of input data file)(.*)$/, text()) },
    { end: /End of input data file/ },
  ),
  simulation: every(/^redata: (.+?)\s+=\s+(.+?)\s*$/, fields({ key: text(1), value: text(2) })),
  calledFor: every(/^atom: Called for (\S+)/, text()),
  valence: every(new RegExp(`^Total valence charge:\\s*${F}`), real()),
  initialAtoms: table(
    /^siesta: Atomic coordinates \(Bohr\) and species/,
    new RegExp(`^siesta:\\s+(${F}\\s+${F}\\s+${F})\\s+(\\d+)\\s+\\d+`),
    fields({ position: vec3, species: integer(5) }),
  ),
  speciesLabels: block(
    /^%block ChemicalSpeciesLabel/,
    { rows: every(/^\s*(\d+)\s+-?\d+\s+(\S+)/, fields({ index: integer(1), label: text(2) })) },
    { end: /^%endblock/ },
  ),
  automaticCell: table(
    /^siesta: Automatic unit cell vectors \(Ang\):/,
    new RegExp(`^siesta:\\s+(${F}\\s+${F}\\s+${F})\\s*$`),
    vec3,
  ),
  kPoints: first(/^siesta: k-grid: Number of k-points\s*=\s*(\d+)/, integer()),
  kGrid: every(new RegExp(`^siesta: k-grid:\\s+(\\d+\\s+\\d+\\s+\\d+\\s+${F})\\s*$`), vector(4, 1)),
  systemType: first(/^siesta: System type = (\S+)/, text()),
  singlePoint: flag(/^\s+Single-point calculation\s*$/),
  md: flag(/^\s+Begin .*MD step\s*=/),
  steps: blocks(/^\s+(?:Single-point calculation\s*$|Begin .*(?:opt\. move|MD step)\s*=)/, step, {
    end: /^Target enthalpy/,
  }),
  optimizer: first(/^\s+Begin (\S+) opt\. move\s*=/, text()),
  relaxed: flag(/^outcoor: Relaxed atomic coordinates/),
  finalEnergy: spans(/^siesta: Final energy \(eV\):/, /^siesta:\s+.+=/, {
    terms: term(new RegExp(`^siesta:\\s+(.+?)\\s*=\\s*${F}`)),
  }),
  staticStress: tables(
    /^siesta: Stress tensor \(static\) \(eV\/Ang\*\*3\):/,
    new RegExp(`^siesta:\\s+(${F}\\s+${F}\\s+${F})\\s*$`),
    vec3,
  ),
  dipole: last(/^siesta: Electric dipole \(Debye\)\s*=(.*)$/, vector(3, 1)),
  mulliken: blocks(/^mulliken: Atomic and Orbital Populations/, mulliken),
  finished: flag(/End of run:/),
};

type Mulliken = Parsed<typeof mulliken>;
type Step = Parsed<typeof step>;

/** Atoms with their orbital rows: a row with an atom index starts an atom, rows without continue it. */
function mullikenOf(read: Mulliken): SiestaMulliken {
  const atoms = read.species.flatMap((species) => {
    const names = species.names.flat();
    const found: { label: string; atom: number; values: number[] }[] = [];
    for (const row of species.rows) {
      if (row.atom !== undefined) found.push({ label: species.label ?? 'X', atom: row.atom, values: [] });
      found.at(-1)?.values.push(...row.values);
    }
    return found.map(({ label, atom, values }) => ({
      label,
      atom,
      total: values[0] ?? 0,
      orbitals: names.slice(0, values.length - 1).map((name, k) => ({ name, value: values[k + 1]! })),
    }));
  });
  const half = atoms.length / 2;
  const spins = read.spinDown && Number.isInteger(half) ? [atoms.slice(0, half), atoms.slice(half)] : [atoms];
  return { spins, totals: read.totals };
}

const stepOf = (read: Step): SiestaStep => {
  const out: SiestaStep = {
    decomposition: read.decomposition[0]?.terms ?? [],
    scf: read.scf,
    forces: read.forces,
  };
  if (read.atoms.length > 0)
    out.atoms = {
      format: read.format ?? 'Ang',
      positions: read.atoms.map((a) => a.position),
      labels: read.atoms.map((a) => a.label),
    };
  if (read.cell.length === 3) out.cell = read.cell;
  if (read.energyKS !== undefined) out.energyKS = read.energyKS;
  if (read.stressVoigt) out.stressVoigt = read.stressVoigt;
  return out;
};

export function readSiestaOutput(content: string, file = 'out'): SiestaOutput {
  const { values, warnings } = readText(output, content, file);
  if (!values.version && !/WELCOME TO SIESTA/.test(content.slice(0, 8192)))
    throw new Error("not a SIESTA output: no 'Siesta Version' line");
  const { input, calledFor, valence, speciesLabels, singlePoint, md, steps, finalEnergy, staticStress } =
    values;
  const read: SiestaOutput = {
    parallel: values.parallel,
    input: readFdf(input?.lines ?? []),
    simulation: values.simulation,
    valence: calledFor.flatMap((label, k) =>
      valence[k] === undefined ? [] : [{ label, charge: valence[k] }],
    ),
    initialAtoms: values.initialAtoms,
    speciesLabels: speciesLabels?.rows ?? [],
    automaticCell: values.automaticCell,
    kGrid: values.kGrid.slice(0, 3),
    kind: singlePoint && steps.length <= 1 ? 'single point' : md ? 'md' : 'optimization',
    steps: steps.map(stepOf),
    relaxed: values.relaxed,
    finalEnergy: finalEnergy.at(-1)?.terms ?? [],
    finished: values.finished,
    warnings,
  };
  for (const key of [
    'version',
    'arch',
    'compilerFlags',
    'nodes',
    'start',
    'end',
    'dipole',
    'systemType',
    'kPoints',
    'optimizer',
  ] as const)
    if (values[key] !== undefined) Object.assign(read, { [key]: values[key] });
  const stress = staticStress.at(-1);
  if (stress?.length === 3) read.staticStress = stress;
  const populations = values.mulliken.at(-1);
  if (populations && populations.species.length > 0) read.mulliken = mullikenOf(populations);
  return read;
}
