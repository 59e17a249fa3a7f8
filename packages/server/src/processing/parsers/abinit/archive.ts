// From an ABINIT output to NOMAD's run and workflow2 sections, in SI units.
import { CHEMICAL_SYMBOLS } from '../../elements.ts';
import { systemSection } from '../../run-sections.ts';
import type { Structure, Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  cartesian,
  forcesSection,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import { variableOf, type AbinitDataset, type AbinitOutput } from './read-abinit.ts';

type Section = Record<string, unknown>;

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

const SMEARING: Readonly<Record<number, string>> = {
  3: 'fermi',
  4: 'marzari-vanderbilt',
  5: 'marzari-vanderbilt',
  6: 'methfessel-paxton',
  7: 'gaussian',
};

function structureOf(out: AbinitOutput, dataset: number): Structure {
  const v = (name: string) => variableOf(out, name, dataset)!;
  const acell = v('acell');
  const rprim = v('rprim');
  const cell = [0, 1, 2].map((r) => [0, 1, 2].map((c) => rprim[r * 3 + c]! * acell[r]! * BOHR)) as [
    Vec3,
    Vec3,
    Vec3,
  ];
  const xred = v('xred');
  const typat = v('typat');
  const znucl = v('znucl');
  const species = typat.map((type) => CHEMICAL_SYMBOLS[Math.round(znucl[type - 1] ?? 0)] ?? 'X');
  const positions = cartesian(
    typat.map((_, atom) => xred.slice(atom * 3, atom * 3 + 3)),
    cell,
  );
  return { species, positions, lattice: cell, periodic: [true, true, true] };
}

function methodOf(out: AbinitOutput, dataset: number, warnings: Set<string>): Section {
  const v = (name: string) => variableOf(out, name, dataset);
  const ixc = v('ixc')?.[0] ?? 1;
  const names = IXC[ixc];
  if (!names) warnings.add(`ixc ${ixc} has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const electronic: Section = { method: 'DFT', n_spin_channels: v('nsppol')?.[0] ?? 1 };
  const occopt = v('occopt')?.[0];
  const tsmear = v('tsmear')?.[0];
  if (occopt !== undefined && SMEARING[occopt])
    electronic.smearing = {
      kind: SMEARING[occopt],
      ...(tsmear !== undefined ? { width: tsmear * HARTREE } : {}),
    };
  const ecut = v('ecut')?.[0];
  const method: Section = {
    dft: { xc_functional: functional },
    electronic,
    basis_set: [
      {
        type: 'plane waves',
        ...(ecut !== undefined
          ? { cell_dependent: [{ kind: 'plane waves', planewave_cutoff: ecut * HARTREE }] }
          : {}),
      },
    ],
  };
  const ngkpt = v('ngkpt');
  if (ngkpt?.length === 3) method.k_mesh = { grid: ngkpt };
  return method;
}

/** The index of `item` in `items` by content, adding it when new: datasets often share one. */
function indexOf<T>(items: T[], item: T): number {
  const key = JSON.stringify(item);
  const found = items.findIndex((existing) => JSON.stringify(existing) === key);
  if (found >= 0) return found;
  items.push(item);
  return items.length - 1;
}

function calculationOf(out: AbinitOutput, dataset: AbinitDataset, system: number, method: number): Section {
  const etotal =
    variableOf(out, 'etotal', dataset.index)?.[0] ?? dataset.iterations[dataset.iterations.length - 1];
  const energy: Section = {};
  if (etotal !== undefined) energy.total = { value: etotal * HARTREE };
  if (dataset.fermi !== undefined) energy.fermi = dataset.fermi * HARTREE;
  return {
    system_ref: `/run/0/system/${system}`,
    method_ref: `/run/0/method/${method}`,
    energy,
    ...scfIterations(dataset.iterations, HARTREE),
    ...(dataset.forces ? { forces: forcesSection(dataset.forces, HARTREE / BOHR) } : {}),
  };
}

/** One calculation per dataset, on its own structure and method (shared where the datasets agree). */
export function abinitArchive(out: AbinitOutput): CodeArchive {
  const warnings = new Set<string>();
  if (!out.finished) warnings.add("the output has no 'Calculation completed.': the run did not finish");
  const structures: Structure[] = [];
  const methods: Section[] = [];
  const calculations = out.datasets.map((dataset) =>
    calculationOf(
      out,
      dataset,
      indexOf(structures, structureOf(out, dataset.index)),
      indexOf(methods, methodOf(out, dataset.index, warnings)),
    ),
  );
  const run: Section = {
    program: { name: 'ABINIT', ...(out.version ? { version: out.version } : {}) },
    method: methods,
    system: structures.map(systemSection),
    calculation: calculations,
  };
  return {
    run,
    // Datasets are independent calculations; the entry's results are the last one's.
    workflow2: singlePoint(),
    structure: structures[structures.length - 1]!,
    warnings: [...warnings],
  };
}
