// results.method from run.method, following NOMAD's method normaliser: method name, DFT settings
// (basis set, XC functional rung, SCF threshold, smearing) and numerical precision.
import type { Mat3 } from '@oasis/chem';
import { BASIS_SET_CONTAINER_TYPES, BASIS_SET_TYPES, METHOD_NAMES, RELATIVITY_METHODS } from '@oasis/schema';
import { isSection, type Section } from './normalizer.ts';
import {
  finiteNumber,
  indexedSections,
  numberArray,
  referencedSection,
  sectionAt,
  vectors3,
} from './archive-path.ts';
import { reciprocalCell } from './electronic-kspace.ts';
import { workflowClassName } from './workflow.ts';

/** libxc prefix -> rung on Jacob's ladder, lowest rung first (the order decides the highest rung). */
const XC_RUNGS: readonly [string, string][] = [
  ['lda', 'LDA'],
  ['gga', 'GGA'],
  ['mgg', 'meta-GGA'],
  ['hyb_mgg', 'hyper-GGA'],
  ['hyb', 'hybrid'],
];

const UNAVAILABLE = 'unavailable';

/** The metainfo's values without its placeholders for a missing value: only these are derived. */
function withoutPlaceholders(values: readonly string[]): readonly string[] {
  return values.filter((value) => value !== 'not processed' && value !== UNAVAILABLE);
}

const DFT_BASIS_SET_TYPES = withoutPlaceholders(BASIS_SET_TYPES);
const PRECISION_BASIS_SETS = withoutPlaceholders(BASIS_SET_CONTAINER_TYPES);
// 'quantum cms' (NOMAD's name for quantum-circuit runs) is not taken from a run.method's name.
const METHOD_NAMES_OF_RUNS = withoutPlaceholders(METHOD_NAMES).filter((name) => name !== 'quantum cms');
const RELATIVITY: readonly string[] = RELATIVITY_METHODS;

/** How programs treat core electrons (NOMAD's table; other programs are 'unavailable'). */
const CORE_ELECTRON_TREATMENTS: Record<string, string> = {
  VASP: 'pseudopotential',
  'FHI-aims': 'full all electron',
  exciting: 'full all electron',
  'quantum espresso': 'pseudopotential',
  QuantumESPRESSO: 'pseudopotential',
};
// NOMAD lists FHI-aims here too, but it expands in numeric atom-centred orbitals (docs/processing.md).
const APW_PROGRAMS = ['exciting', 'WIEN2k', 'Elk'];

/** Sorted, de-duplicated libxc names of all XC components (exchange, correlation, hybrid ...). */
export function xcFunctionalNames(xcFunctional: Section | undefined): string[] | undefined {
  const names = new Set<string>();
  for (const kind of ['exchange', 'correlation', 'hybrid', 'contributions']) {
    for (const [, component] of indexedSections(xcFunctional?.[kind])) {
      if (typeof component.name === 'string' && component.name !== '') names.add(component.name);
    }
  }
  return names.size > 0 ? [...names].sort() : undefined;
}

/**
 * The highest rung on Jacob's ladder among libxc names, from their prefixes: LDA_, GGA_, MGGA_,
 * HYB_MGGA_ (hyper-GGA), HYB_ (hybrid). Names without a known prefix (HF_X ...) are ignored.
 */
export function xcFunctionalType(names: readonly string[] | undefined): string {
  let best = -1;
  for (const name of names ?? []) {
    const match = /^((HYB_)?[A-Z]{3})/.exec(name);
    if (!match?.[1]) continue;
    const abbrev = match[1] === 'HYB_MGG' ? 'hyb_mgg' : match[1].slice(0, 3).toLowerCase();
    best = Math.max(
      best,
      XC_RUNGS.findIndex(([key]) => key === abbrev),
    );
  }
  return best >= 0 ? (XC_RUNGS[best] as [string, string])[1] : UNAVAILABLE;
}

/** Exact-exchange fraction: stated by the hybrid component, else known from the functional name. */
export function exactExchangeMixingFactor(
  xcFunctional: Section | undefined,
  names: readonly string[],
): number | undefined {
  for (const [, hybrid] of indexedSections(xcFunctional?.hybrid)) {
    const stated = finiteNumber(sectionAt(hybrid, 'parameters')?.exact_exchange_mixing_factor);
    if (stated !== undefined) return stated;
  }
  const endsWith = (name: string, patterns: string[]): boolean =>
    patterns.some((p) => name.endsWith(`_${p}`));
  for (const name of names) {
    if (!/_XC?_/.test(name)) continue;
    if (/_B3LYP[35]?$/.test(name)) return 0.2;
    if (endsWith(name, ['HSE', 'PBEH', 'PBE_MOL0', 'PBE_SOL0']) || /_HSE\d+$/.test(name)) return 0.25;
    if (name.endsWith('_M05')) return 0.28;
    if (name.endsWith('_PBE0_13')) return 1 / 3;
    if (name.endsWith('_PBE38')) return 3 / 8;
    if (name.endsWith('_PBE50')) return 0.5;
    if (name.endsWith('_M06_2X')) return 0.54;
    if (endsWith(name, ['M05_2X', 'PBE_2X'])) return 0.56;
  }
  return undefined;
}

/**
 * k-point line density (m): the k-points per unit reciprocal length along each reciprocal axis,
 * n_i / |b_i| with b_i including 2π, keeping the least dense axis. For a cubic cell of edge a
 * and an n×n×n grid this is n·a / 2π.
 */
export function kLineDensity(
  reciprocal2Pi: readonly number[][],
  grid: readonly number[],
): number | undefined {
  if (reciprocal2Pi.length !== 3 || grid.length !== 3) return undefined;
  const densities = grid.map((n, i) => {
    const b = reciprocal2Pi[i] ?? [];
    return n / Math.hypot(b[0] ?? 0, b[1] ?? 0, b[2] ?? 0);
  });
  const least = Math.min(...densities);
  return Number.isFinite(least) && least > 0 ? least : undefined;
}

/** Reciprocal lattice (rows, 1/m, with 2π) of a run system, as stored or from its cell. */
export function systemReciprocalLattice(system: Section | undefined): number[][] | undefined {
  const atoms = sectionAt(system, 'atoms');
  const stored = vectors3(atoms?.lattice_vectors_reciprocal);
  if (stored && stored.length === 3) return stored;
  const lattice = vectors3(atoms?.lattice_vectors);
  if (!lattice || lattice.length !== 3) return undefined;
  try {
    return reciprocalCell(lattice as Mat3).map((row) => row.map((v) => 2 * Math.PI * v));
  } catch {
    return undefined;
  }
}

/** A method given inline or by reference. */
function resolveSection(archive: Section, ref: unknown): Section | undefined {
  return isSection(ref) ? ref : referencedSection(archive, ref);
}

/**
 * The method the entry's results describe: the only one; else a method's core method (taking the
 * referencing method's electronic method name); else the one method no other starts from; else
 * the method of the last calculation.
 */
export function representativeMethod(archive: Section, run: Section): Section | undefined {
  const methods = indexedSections(run.method);
  if (methods.length === 0) return undefined;
  if (methods.length === 1) return methods[0]?.[1];
  for (const [, method] of methods) {
    const core = resolveSection(archive, method.core_method_ref);
    if (!core) continue;
    const name = sectionAt(method, 'electronic')?.method;
    return name === undefined
      ? core
      : { ...core, electronic: { ...sectionAt(core, 'electronic'), method: name } };
  }
  const started = new Set(
    methods
      .map(([, m]) => resolveSection(archive, m.starting_method_ref))
      .filter((m): m is Section => m !== undefined),
  );
  if (started.size === methods.length - 1) {
    const top = methods.find(([, m]) => !started.has(m));
    if (top) return top[1];
  }
  const calculations = indexedSections(run.calculation);
  return resolveSection(archive, calculations[calculations.length - 1]?.[1].method_ref);
}

/** 'DFT', 'GW', 'TB' ... from the electronic method or the method sub-sections present. */
export function methodName(method: Section | undefined): string {
  const electronic = sectionAt(method, 'electronic')?.method;
  if (typeof electronic === 'string' && electronic !== '') return electronic;
  const kinds: [string, string][] = [
    ['gw', 'GW'],
    ['tb', 'TB'],
    ['dmft', 'DMFT'],
    ['core_hole', 'CoreHole'],
    ['bse', 'BSE'],
  ];
  return kinds.find(([key]) => isSection(method?.[key]))?.[1] ?? UNAVAILABLE;
}

/** The wave-function representation of a method (new-style electrons_representation), if given. */
function wavefunctionRepresentation(method: Section): Section | undefined {
  return indexedSections(method.electrons_representation)
    .map(([, em]) => em)
    .find((em) => Array.isArray(em.scope) && em.scope.includes('wavefunction'));
}

export function basisSetType(method: Section, programName: string | undefined): string | undefined {
  if (programName && APW_PROGRAMS.includes(programName)) return '(L)APW+lo';
  const representation = wavefunctionRepresentation(method);
  // The representation's own type ('atom-centered orbitals' is none of the search values), else the type of
  // the basis sets it holds ('numeric AOs'), else an old-style basis_set's.
  const candidates: unknown[] = [
    representation?.type,
    ...indexedSections(representation?.basis_set).map(([, basis]) => basis.type),
    indexedSections(method.basis_set)[0]?.[1].type,
  ];
  return candidates.map(searchBasisSetType).find((type) => type !== undefined);
}

/** A basis set type as the search values name it, or undefined when it is none of them. */
function searchBasisSetType(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let name = raw;
  if (name.includes('APW')) name = '(L)APW+lo';
  if (name === 'gaussians + plane waves') name = 'plane waves';
  const key = name.replace(/[_\- ]/g, '').toLowerCase();
  const mapped = key === 'realspacegrid' ? 'real-space grid' : key === 'planewaves' ? 'plane waves' : name;
  return DFT_BASIS_SET_TYPES.includes(mapped) ? mapped : undefined;
}

function dftSection(method: Section, programName: string | undefined): Section {
  const dft: Section = {};
  dft.basis_set_type = basisSetType(method, programName);
  dft.core_electron_treatment = (programName && CORE_ELECTRON_TREATMENTS[programName]) || UNAVAILABLE;
  const electronic = sectionAt(method, 'electronic');
  const smearing = sectionAt(electronic, 'smearing');
  if (typeof smearing?.kind === 'string') dft.smearing_kind = smearing.kind;
  dft.smearing_width = finiteNumber(smearing?.width);
  const nSpin = finiteNumber(electronic?.n_spin_channels);
  if (nSpin) dft.spin_polarized = nSpin > 1;
  if (typeof electronic?.van_der_waals_method === 'string')
    dft.van_der_Waals_method = electronic.van_der_waals_method;
  const relativity = electronic?.relativity_method;
  if (typeof relativity === 'string' && RELATIVITY.includes(relativity)) dft.relativity_method = relativity;
  const xc = sectionAt(sectionAt(method, 'dft'), 'xc_functional');
  const names = xcFunctionalNames(xc);
  if (names) dft.xc_functional_names = names;
  dft.jacobs_ladder = xcFunctionalType(names);
  dft.xc_functional_type = dft.jacobs_ladder;
  if (names) dft.exact_exchange_mixing_factor = exactExchangeMixingFactor(xc, names);
  dft.scf_threshold_energy_change = finiteNumber(sectionAt(method, 'scf')?.threshold_energy_change);
  return dropUndefined(dft);
}

function precisionSection(
  run: Section,
  lastMethod: Section,
  programName: string | undefined,
  structuralType: unknown,
): Section {
  const precision: Section = {};
  const systems = indexedSections(run.system);
  const grid = numberArray(sectionAt(lastMethod, 'k_mesh')?.grid);
  const reciprocal = systemReciprocalLattice(systems[systems.length - 1]?.[1]);
  // Only bulk materials: for slabs and molecules the vacuum directions make the number meaningless.
  if (structuralType === 'bulk' && grid && reciprocal)
    precision.k_line_density = kLineDensity(reciprocal, grid);

  const representation = wavefunctionRepresentation(lastMethod);
  if (representation) {
    if (typeof representation.type === 'string' && PRECISION_BASIS_SETS.includes(representation.type)) {
      precision.basis_set = representation.type;
    }
    if (typeof representation.native_tier === 'string') {
      precision.native_tier = programName
        ? `${programName} - ${representation.native_tier}`
        : representation.native_tier;
    }
    const typed = indexedSections(representation.basis_set).find(([, bs]) => bs.type !== undefined)?.[1];
    precision.planewave_cutoff = finiteNumber(typed?.cutoff);
  } else {
    // Older run layout: basis_set[].cell_dependent[].planewave_cutoff.
    for (const [, basisSet] of indexedSections(lastMethod.basis_set)) {
      if (typeof basisSet.type === 'string' && PRECISION_BASIS_SETS.includes(basisSet.type)) {
        precision.basis_set ??= basisSet.type;
      }
      for (const [, dependent] of indexedSections(basisSet.cell_dependent)) {
        precision.planewave_cutoff ??= finiteNumber(dependent.planewave_cutoff);
      }
    }
  }
  return dropUndefined(precision);
}

function dropUndefined(section: Section): Section {
  return Object.fromEntries(Object.entries(section).filter(([, v]) => v !== undefined));
}

/**
 * results.method of an archive with a run: program, method name, DFT settings and precision.
 * `structuralType` is results.material.structural_type (k_line_density is for bulk only).
 */
export function resultsMethod(archive: Section, structuralType?: unknown): Section | undefined {
  const run = indexedSections(archive.run)[0]?.[1];
  if (!run) return undefined;
  const method: Section = {};
  const program = sectionAt(run, 'program');
  const programName = typeof program?.name === 'string' ? program.name : undefined;
  const workflow = archive.workflow2;
  const workflowName = isSection(workflow) ? workflowClassName(workflow) : undefined;
  if (workflowName) method.workflow_name = workflowName;
  const representative = representativeMethod(archive, run);
  const name = methodName(representative);
  const simulation: Section = {};
  if (programName !== undefined) simulation.program_name = programName;
  if (typeof program?.version === 'string') simulation.program_version = program.version;
  if (representative && (name === 'DFT' || name === 'DFT+U')) {
    method.method_name = 'DFT';
    simulation.dft = dftSection(representative, programName);
  } else if (METHOD_NAMES_OF_RUNS.includes(name)) {
    method.method_name = name;
  }
  const methods = indexedSections(run.method);
  const lastMethod = methods[methods.length - 1]?.[1];
  if (lastMethod) simulation.precision = precisionSection(run, lastMethod, programName, structuralType);
  if (Object.keys(simulation).length > 0) method.simulation = simulation;
  return method;
}
