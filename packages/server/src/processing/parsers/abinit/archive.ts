// From an ABINIT output to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, AU_TIME, BOHR, ELECTRON_VOLT, ELEMENT_SYMBOLS, HARTREE, type Vec3 } from '@oasis/chem';
import type {
  BandEnergies,
  CalculationEnergy,
  GwMethod,
  MethodElectronic,
  MethodKMesh,
  MethodScf,
  Run,
  RunCalculation,
  RunDos,
  RunMethod,
  Workflow,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  geometryOptimization,
  molecularDynamics,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { AbinitDos } from './read-dos.ts';
import { variableOf, type AbinitDataset, type AbinitOutput, type AbinitStep } from './read-abinit.ts';
import type { AbinitEigenvalues } from './read-eigenvalues.ts';

/** libxc names of ABINIT's native ixc values (negative ixc values are libxc ids, not listed here). */
const IXC: Readonly<Record<number, readonly string[]>> = {
  1: ['LDA_XC_TETER93'],
  2: ['LDA_X', 'LDA_C_PZ'],
  7: ['LDA_X', 'LDA_C_PW'],
  11: ['GGA_X_PBE', 'GGA_C_PBE'],
  14: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  15: ['GGA_X_RPBE', 'GGA_C_PBE'],
  23: ['GGA_X_WC', 'GGA_C_PBE'],
};

/** libxc names by libxc id, for negative ixc ('-XXXCCC'): the few common ones. */
const LIBXC_IDS: Readonly<Record<number, string>> = {
  1: 'LDA_X',
  7: 'LDA_C_VWN',
  9: 'LDA_C_PZ',
  12: 'LDA_C_PW',
  20: 'LDA_XC_TETER93',
  101: 'GGA_X_PBE',
  116: 'GGA_X_PBE_SOL',
  117: 'GGA_X_RPBE',
  130: 'GGA_C_PBE',
  133: 'GGA_C_PBE_SOL',
  406: 'HYB_GGA_XC_PBEH',
  402: 'HYB_GGA_XC_B3LYP',
};

const SMEARING: Readonly<Record<number, string>> = {
  3: 'fermi',
  4: 'marzari-vanderbilt',
  5: 'marzari-vanderbilt',
  6: 'methfessel-paxton',
  7: 'gaussian',
};

/** ionmov values that relax the structure, with the algorithm's name. */
const RELAXATIONS: Readonly<Record<number, string>> = {
  1: 'damped MD',
  2: 'bfgs',
  3: 'bfgs',
  4: 'conjugate gradient',
  5: 'broyden',
  7: 'quenched MD',
  10: 'bfgs',
  11: 'conjugate gradient',
  15: 'fire',
  20: 'diis',
  22: 'lbfgs',
};
const DYNAMICS = new Set([6, 8, 9, 12, 13, 14, 23, 24, 25]);

/** ppmodel: the plasmon-pole models by NOMAD's names. */
const PLASMON_POLE: Readonly<Record<number, NonNullable<GwMethod['analytical_continuation']>>> = {
  1: 'ppm_GodbyNeeds',
  2: 'ppm_HybertsenLouie',
  3: 'ppm_vonderLindenHorsh',
  4: 'ppm_FaridEngel',
};

/** libxc names of an ixc: native, or two libxc ids packed as -XXXCCC. */
function functionalNames(ixc: number): readonly string[] | undefined {
  if (ixc >= 0) return IXC[ixc];
  const packed = -ixc;
  const ids = packed >= 1000 ? [Math.floor(packed / 1000), packed % 1000] : [packed];
  const names = ids.map((id) => LIBXC_IDS[id]);
  return names.every((n) => n !== undefined) ? (names as string[]) : undefined;
}

/** Cartesian positions in bohr of the atoms: xcart, xangst, xred (in that order of precedence), or 0. */
function positionsOf(
  v: (name: string) => number[] | undefined,
  natom: number,
  cell: Vec3[],
  warnings: Set<string>,
): Vec3[] {
  const rows = (values: number[], unit: number) =>
    Array.from(
      { length: natom },
      (_, atom) => values.slice(atom * 3, atom * 3 + 3).map((x) => x * unit) as Vec3,
    );
  const xcart = v('xcart');
  if (xcart && xcart.length >= natom * 3) return rows(xcart, 1);
  const xangst = v('xangst');
  if (xangst && xangst.length >= natom * 3) return rows(xangst, ANGSTROM / BOHR);
  const xred = v('xred');
  if (xred && xred.length >= natom * 3) return cartesian(rows(xred, 1), cell) as Vec3[];
  // ABINIT leaves an all-zero xred out of the echo: its default.
  if (natom > 1)
    warnings.add("the output echoes no 'xred', 'xcart' nor 'xangst': atoms placed at the origin");
  return Array.from({ length: natom }, () => [0, 0, 0] as Vec3);
}

/** The structure of a dataset's step: the step's own coordinates, else the echoed ones. */
function structureOf(out: AbinitOutput, dataset: number, step: AbinitStep, warnings: Set<string>): Structure {
  const v = (name: string) => variableOf(out, name, dataset);
  // Documented defaults: acell 1 1 1 bohr, rprim the identity.
  const acell = v('acell') ?? [1, 1, 1];
  const rprim = v('rprim') ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const cell = [0, 1, 2].map((r) => [0, 1, 2].map((c) => rprim[r * 3 + c]! * acell[r]!)) as Vec3[];
  const natom = v('natom')?.[0] ?? step.xcart?.length ?? v('typat')?.length ?? 1;
  const typat = (v('typat') ?? []).slice(0, natom);
  if (typat.length < natom) {
    if ((v('ntypat')?.[0] ?? 1) > 1) warnings.add("the output echoes no 'typat': all atoms taken of type 1");
    while (typat.length < natom) typat.push(1);
  }
  const znucl = v('znucl');
  if (!znucl) warnings.add("the output echoes no 'znucl': the species are unknown ('X')");
  const species = typat.map((type) => ELEMENT_SYMBOLS[Math.round(znucl?.[type - 1] ?? 0)] ?? 'X');
  const positions =
    step.xcart && step.xcart.length === natom ? step.xcart : positionsOf(v, natom, cell, warnings);
  return {
    species,
    positions: positions.map((p) => p.map((x) => x * BOHR) as Vec3),
    lattice: cell.map((row) => row.map((x) => x * BOHR)) as Structure['lattice'],
    periodic: [true, true, true],
  };
}

function kMeshOf(v: (name: string) => number[] | undefined): MethodKMesh | undefined {
  const mesh: MethodKMesh = {};
  const ngkpt = v('ngkpt');
  if (ngkpt?.length === 3) mesh.grid = ngkpt;
  const shiftk = v('shiftk');
  if (shiftk?.length === 3) mesh.offset = shiftk;
  // The points themselves are NOMAD's complex numbers, which our metainfo does not define.
  const nkpt = v('nkpt')?.[0];
  if (nkpt !== undefined) mesh.n_points = nkpt;
  const wtk = v('wtk');
  if (wtk && wtk.length === nkpt) mesh.weights = wtk;
  return Object.keys(mesh).length > 0 ? mesh : undefined;
}

/**
 * method.gw of a sigma (optdriver 4) dataset, with the number of bands of its screening (`screeningSet`,
 * the dataset that computed the screening's frequencies).
 */
function gwOf(out: AbinitOutput, dataset: AbinitDataset, screeningSet: AbinitDataset | undefined): GwMethod {
  const v = (name: string) => variableOf(out, name, dataset.index);
  const gwcalctyp = v('gwcalctyp')?.[0] ?? 0;
  const nband = v('nband')?.[0];
  const { nelect } = dataset;
  const occupied = nelect !== undefined ? Math.round(nelect / 2) : undefined;
  const gw: GwMethod = { type: Math.floor(gwcalctyp / 10) % 10 === 0 ? 'G0W0' : 'scGW' };
  // gwcalctyp's last digit: 0 plasmon-pole model (of ppmodel), 1 contour deformation, 2 Padé.
  const integration = gwcalctyp % 10;
  if (integration === 0) {
    const model = PLASMON_POLE[v('ppmodel')?.[0] ?? 1];
    if (model) gw.analytical_continuation = model;
  } else if (integration === 1) gw.analytical_continuation = 'contour_deformation';
  else if (integration === 2) gw.analytical_continuation = 'pade';
  const bdgw = v('bdgw');
  if (bdgw && bdgw.length >= 2) gw.interval_qp_corrections = [Math.min(...bdgw), Math.max(...bdgw)];
  if (nband !== undefined) {
    gw.n_states = nband;
    if (occupied !== undefined) gw.n_empty_states = nband - occupied;
  }
  const screening: NonNullable<GwMethod['screening']> = {};
  const screeningBands = screeningSet ? variableOf(out, 'nband', screeningSet.index)?.[0] : undefined;
  if (screeningBands !== undefined) {
    screening.n_states = screeningBands;
    if (occupied !== undefined) screening.n_empty_states = screeningBands - occupied;
  }
  if (Object.keys(screening).length > 0) gw.screening = screening;
  const nkptgw = v('nkptgw')?.[0];
  if (nkptgw !== undefined) gw.k_mesh = { n_points: nkptgw };
  const nkpt = v('nkpt')?.[0];
  // The q-points of W are the k-point differences; on a full grid they are the k-points themselves.
  if (nkpt !== undefined) gw.q_mesh = { n_points: nkpt };
  return gw;
}

function methodOf(out: AbinitOutput, dataset: AbinitDataset, warnings: Set<string>): RunMethod {
  const v = (name: string) => variableOf(out, name, dataset.index);
  const ixc = v('ixc')?.[0] ?? 1;
  const names = functionalNames(ixc);
  if (!names) warnings.add(`ixc ${ixc} has no libxc names here`);
  const electronic: MethodElectronic = { method: 'DFT', n_spin_channels: v('nsppol')?.[0] ?? 1 };
  const occopt = v('occopt')?.[0];
  const tsmear = v('tsmear')?.[0];
  if (occopt !== undefined && SMEARING[occopt])
    electronic.smearing = {
      kind: SMEARING[occopt],
      ...(tsmear !== undefined ? { width: tsmear * HARTREE } : {}),
    };
  const ecut = v('ecut')?.[0];
  const scf: MethodScf = { n_max_iteration: v('nstep')?.[0] ?? 30 };
  const toldfe = v('toldfe')?.[0];
  if (toldfe) scf.threshold_energy_change = toldfe * HARTREE;
  const method: RunMethod = {
    dft: { xc_functional: xcFunctional(names ?? []) },
    electronic,
    scf,
    electrons_representation: [
      {
        type: 'plane waves',
        scope: ['wavefunction'],
        basis_set: [
          {
            type: 'plane waves',
            scope: ['valence'],
            ...(ecut !== undefined ? { cutoff: ecut * HARTREE } : {}),
          },
        ],
      },
    ],
  };
  const mesh = kMeshOf(v);
  if (mesh) method.k_mesh = mesh;
  const znucl = v('znucl');
  if (znucl)
    method.atom_parameters = znucl.map((z, type) => {
      const file = out.pseudopotentials.get(type + 1);
      return {
        atom_number: Math.round(z),
        label: ELEMENT_SYMBOLS[Math.round(z)] ?? 'X',
        ...(file ? { pseudopotential_name: file } : {}),
      };
    });
  if (v('optdriver')?.[0] === 4) {
    // The screening: the first dataset that computed screening frequencies (getscr is not followed).
    const screeningSet = out.datasets.find((d) => d.screeningFrequencies.length > 0);
    method.gw = gwOf(out, dataset, screeningSet);
    if (screeningSet)
      method.frequency_mesh = [{ dimensionality: 1, n_points: screeningSet.screeningFrequencies.length }];
  }
  return method;
}

/**
 * Items kept once by content, and the index of each: datasets often share a method or structure. The
 * keys are kept, so a long relaxation or MD compares each step's structure once, not with every other.
 */
function distinct<T>(): { items: T[]; indexOf: (item: T) => number } {
  const items: T[] = [];
  const indices = new Map<string, number>();
  const indexOf = (item: T) => {
    const key = JSON.stringify(item);
    let index = indices.get(key);
    if (index === undefined) {
      index = items.push(item) - 1;
      indices.set(key, index);
    }
    return index;
  };
  return { items, indexOf };
}

const STRESS_UNIT = HARTREE / BOHR ** 3;

/** Energy components by NOMAD's names (the Hartree energy has none: it is no double-counting term). */
const COMPONENTS: Readonly<Record<string, 'kinetic_electronic' | 'xc' | 'ewald'>> = {
  'Kinetic energy': 'kinetic_electronic',
  'XC energy': 'xc',
  'Ewald energy': 'ewald',
};

function dosSections(dos: AbinitDos): RunDos[] {
  return dos.channels.map((channel, spin) => ({
    spin_channel: spin,
    n_energies: dos.energies.length,
    energies: dos.energies.map((e) => e * HARTREE),
    ...(dos.fermi !== undefined ? { energy_fermi: dos.fermi * HARTREE } : {}),
    total: [{ value: channel.value.map((x) => x / HARTREE), value_integrated: channel.integrated }],
  }));
}

function kohnShamEigenvalues(ks: AbinitEigenvalues): BandEnergies {
  return {
    n_spin_channels: ks.energies.length,
    n_kpoints: ks.kpoints.length,
    n_bands: ks.energies[0]![0]!.length,
    kpoints: ks.kpoints,
    kpoints_weights: ks.weights,
    energies: ks.energies.map((spin) => spin.map((k) => k.map((e) => e * HARTREE))),
    ...(ks.occupations ? { occupations: ks.occupations } : {}),
  };
}

/** One eigenvalues section per k-point of a GW run (the bands corrected differ between k-points). */
function qpEigenvalues(dataset: AbinitDataset): BandEnergies[] {
  const ev = (values: number[]) => [[values.map((x) => x * ELECTRON_VOLT)]];
  return dataset.qp.map((k) => ({
    n_spin_channels: 1,
    n_kpoints: 1,
    n_bands: k.bands.length,
    kpoints: [k.kpoint],
    value_ks: ev(k.ks),
    value_xc_potential: ev(k.vxc),
    value_exchange: ev(k.sigx),
    value_correlation: ev(k.sigc),
    qp_linearization_prefactor: [[k.z]],
    value_qp: ev(k.qp),
  }));
}

function calculationOf(
  out: AbinitOutput,
  dataset: AbinitDataset,
  step: AbinitStep,
  last: boolean,
  refs: RunCalculation,
  dos: AbinitDos | undefined,
): RunCalculation {
  // The echoed etotal is the dataset's final one: the last step's.
  const etotal =
    step.etotal ??
    (last ? variableOf(out, 'etotal', dataset.index)?.[0] : undefined) ??
    step.iterations[step.iterations.length - 1];
  const energy: CalculationEnergy = {};
  if (etotal !== undefined) energy.total = { value: etotal * HARTREE };
  const calculation: RunCalculation = { ...refs, energy, ...scfIterations(step.iterations, HARTREE) };
  const forces = step.forces ?? (last ? dataset.forces : undefined);
  if (forces) {
    const value = forces.map((f) => f.map((x) => x * (HARTREE / BOHR)));
    calculation.forces = { total: { value, value_raw: value } };
  }
  const stress = step.stress ?? (last ? dataset.stress : undefined);
  if (stress) calculation.stress = { total: { value: stress.map((row) => row.map((x) => x * STRESS_UNIT)) } };
  if (last) {
    if (dataset.fermi !== undefined) energy.fermi = dataset.fermi * HARTREE;
    for (const [name, key] of Object.entries(COMPONENTS)) {
      const value = dataset.components.get(name);
      if (value !== undefined) energy[key] = { value: value * HARTREE };
    }
    if (dos) calculation.dos_electronic = dosSections(dos);
    const eigenvalues = [
      ...(dataset.eigenvalues ? [kohnShamEigenvalues(dataset.eigenvalues)] : []),
      ...qpEigenvalues(dataset),
    ];
    if (eigenvalues.length > 0) calculation.eigenvalues = eigenvalues;
  }
  return calculation;
}

function workflowOf(out: AbinitOutput): Workflow {
  for (const dataset of out.datasets) {
    const ionmov = variableOf(out, 'ionmov', dataset.index)?.[0] ?? 0;
    const relaxation = RELAXATIONS[ionmov];
    if (relaxation) return geometryOptimization({ method: relaxation }, dataset.converged);
    if (DYNAMICS.has(ionmov)) {
      const dtion = variableOf(out, 'dtion', dataset.index)?.[0];
      // dtion is in atomic time units (ħ/Hartree).
      return molecularDynamics(dtion !== undefined ? { integration_timestep: dtion * AU_TIME } : {});
    }
  }
  return singlePoint();
}

/** A calculation per step of each dataset, on its own structure and method (shared where they agree). */
export function abinitArchive(
  out: AbinitOutput,
  dosFiles: ReadonlyMap<number, AbinitDos> = new Map(),
): CodeArchive {
  const warnings = new Set<string>();
  if (!out.finished) warnings.add("the output has no 'Calculation completed.': the run did not finish");
  const structures = distinct<Structure>();
  const methods = distinct<RunMethod>();
  const calculations: RunCalculation[] = [];
  for (const dataset of out.datasets) {
    const method = methods.indexOf(methodOf(out, dataset, warnings));
    dataset.steps.forEach((step, index) => {
      const system = structures.indexOf(structureOf(out, dataset.index, step, warnings));
      const refs = calculationRefs(system, method);
      const last = index === dataset.steps.length - 1;
      calculations.push(calculationOf(out, dataset, step, last, refs, dosFiles.get(dataset.index)));
    });
  }
  const run: Run = {
    program: { name: 'ABINIT', ...(out.version ? { version: out.version } : {}) },
    clean_end: out.finished,
    ...(out.dateStart !== undefined
      ? {
          time_run: {
            date_start: out.dateStart,
            ...(out.wallTime !== undefined ? { date_end: out.dateStart + out.wallTime } : {}),
          },
        }
      : {}),
    method: methods.items,
    system: structures.items.map(systemSection),
    calculation: calculations,
  };
  return {
    run,
    workflow2: workflowOf(out),
    structure: structures.items[structures.items.length - 1]!,
    warnings: [...warnings],
  };
}
