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
import type { AbinitOutput } from './read-abinit.ts';

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

function structureOf(out: AbinitOutput): Structure {
  const v = (name: string) => out.variables.get(name)!;
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

function methodOf(out: AbinitOutput, warnings: string[]): Section {
  const ixc = out.variables.get('ixc')?.[0] ?? 1;
  const names = IXC[ixc];
  if (!names) warnings.push(`ixc ${ixc} has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const electronic: Section = { method: 'DFT', n_spin_channels: out.variables.get('nsppol')?.[0] ?? 1 };
  const occopt = out.variables.get('occopt')?.[0];
  const tsmear = out.variables.get('tsmear')?.[0];
  if (occopt !== undefined && SMEARING[occopt])
    electronic.smearing = {
      kind: SMEARING[occopt],
      ...(tsmear !== undefined ? { width: tsmear * HARTREE } : {}),
    };
  const ecut = out.variables.get('ecut')?.[0];
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
  const ngkpt = out.variables.get('ngkpt');
  if (ngkpt?.length === 3) method.k_mesh = { grid: ngkpt };
  return method;
}

export function abinitArchive(out: AbinitOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Calculation completed.': the run did not finish");
  if (out.datasets > 1) warnings.push(`${out.datasets} datasets: the last one's results are kept`);
  const structure = structureOf(out);
  const etotal = out.variables.get('etotal')?.[0] ?? out.iterations[out.iterations.length - 1];
  const calculation: Section = { system_ref: '/run/0/system/0', method_ref: '/run/0/method/0', energy: {} };
  const energy = calculation.energy as Section;
  if (etotal !== undefined) energy.total = { value: etotal * HARTREE };
  if (out.fermi !== undefined) energy.fermi = out.fermi * HARTREE;
  Object.assign(calculation, scfIterations(out.iterations, HARTREE));
  if (out.forces) calculation.forces = forcesSection(out.forces, HARTREE / BOHR);
  const run: Section = {
    program: { name: 'ABINIT', ...(out.version ? { version: out.version } : {}) },
    method: [methodOf(out, warnings)],
    system: [systemSection(structure)],
    calculation: [calculation],
  };
  return {
    run,
    workflow2: singlePoint(),
    structure,
    warnings,
  };
}
