// From a SIESTA output to NOMAD's run and workflow2 sections, in SI units: one method (functional by libxc
// names, numeric atomic orbitals, smearing, spin), a system and calculation per geometry, and a last
// calculation for the final analysis after the run (final energies, static stress, Mulliken populations,
// dipole) on the last geometry.
import { ANGSTROM, BOHR, ELECTRON_VOLT, ELEMENTARY_CHARGE, KILOBAR, type Mat3, type Vec3 } from '@oasis/chem';
import type { CalculationCharges, CalculationEnergy, RunCalculation, Workflow } from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  type CodeArchive,
} from '../code-sections.ts';
import { bandStructureOf, eigenvaluesOf } from './archive-bands.ts';
import { dynamicsOf, latticeConstant, methodOf, optimizationOf } from './archive-method.ts';
import { fdfBlock } from './read-siesta-fdf.ts';
import type { SiestaBands } from './read-siesta-bands.ts';
import type { SiestaEigenvalues } from './read-siesta-eig.ts';
import type { SiestaMulliken, SiestaOutput, SiestaStep, SiestaTerm } from './read-siesta.ts';

/** Terms of the energy decompositions that NOMAD's Energy has a place for; the others are contributions. */
const TERMS: Readonly<
  Record<string, 'total' | 'free' | 'xc' | 'sum_eigenvalues' | 'electrostatic' | 'nuclear_repulsion'>
> = {
  Etot: 'total',
  FreeEng: 'free',
  Exc: 'xc',
  'Band Struct.': 'sum_eigenvalues',
  Hartree: 'electrostatic',
  'Exch.-corr.': 'xc',
  'Ion-ion': 'nuclear_repulsion',
  Total: 'total',
};

/** Energies of a decomposition: the terms NOMAD names in place, the others as contributions (eV). */
function energyOf(terms: readonly SiestaTerm[]): CalculationEnergy {
  const energy: CalculationEnergy = {};
  const contributions: { kind: string; value: number }[] = [];
  for (const { name, value } of terms) {
    const place = TERMS[name];
    if (name === 'Fermi') energy.fermi = value * ELECTRON_VOLT;
    else if (place) energy[place] = { value: value * ELECTRON_VOLT };
    else contributions.push({ kind: name, value: value * ELECTRON_VOLT });
  }
  if (contributions.length > 0) energy.contributions = contributions;
  return energy;
}

/** The stress tensor of SIESTA's Voigt line, whose order is xx yy zz xy yz xz. */
function voigtStress(v: readonly number[]): number[][] {
  const [xx, yy, zz, xy, yz, xz] = v.map((x) => x * KILOBAR) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [
    [xx, xy, xz],
    [xy, yy, yz],
    [xz, yz, zz],
  ];
}

function stepCalculation(step: SiestaStep, systemIndex: number): RunCalculation {
  const calculation: RunCalculation = calculationRefs(systemIndex);
  const energy = energyOf(step.decomposition);
  // The Kohn-Sham energy after the SCF is the step's total (the decomposition is the start's).
  if (step.energyKS !== undefined) energy.total = { value: step.energyKS * ELECTRON_VOLT };
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (step.forces.length > 0)
    calculation.forces = {
      total: { value: step.forces.map((f) => f.map((x) => (x * ELECTRON_VOLT) / ANGSTROM)) },
    };
  if (step.stressVoigt) calculation.stress = { total: { value: voigtStress(step.stressVoigt) } };
  if (step.scf.length > 0) {
    calculation.n_scf_iterations = step.scf.length;
    calculation.scf_iteration = step.scf.map(([harris, ks, free, , fermi]) => ({
      energy: {
        total: { value: ks! * ELECTRON_VOLT },
        free: { value: free! * ELECTRON_VOLT },
        fermi: fermi! * ELECTRON_VOLT,
        types: [{ kind: 'Harris', value: harris! * ELECTRON_VOLT }],
      },
    }));
    calculation.energy = { ...calculation.energy, fermi: step.scf.at(-1)![4]! * ELECTRON_VOLT };
  }
  return calculation;
}

/**
 * Mulliken populations are electron counts: the atoms' counts and their net charges (valence minus
 * population) where the species' valence charge is known, each spin's and each orbital's count.
 */
function chargesOf(mulliken: SiestaMulliken, valence: SiestaOutput['valence']): CalculationCharges {
  const atoms = mulliken.spins[0]!;
  const electrons = atoms.map((_, k) => mulliken.spins.reduce((sum, spin) => sum + (spin[k]?.total ?? 0), 0));
  const zval = atoms.map((atom) => valence.find((v) => v.label === atom.label)?.charge);
  const charges: CalculationCharges = {
    analysis_method: 'Mulliken',
    n_atoms: atoms.length,
    n_spin_channels: mulliken.spins.length,
    n_electrons: electrons,
    orbital_projected: mulliken.spins.flatMap((spin, s) =>
      spin.flatMap((atom) =>
        atom.orbitals.map((o) => ({
          spin: s,
          atom_label: atom.label,
          atom_index: atom.atom - 1,
          orbital: o.name,
          n_electrons: o.value,
        })),
      ),
    ),
  };
  if (zval.every((z) => z !== undefined)) {
    const net = electrons.map((n, k) => zval[k]! - n);
    charges.value = net.map((q) => q * ELEMENTARY_CHARGE);
    charges.total = net.reduce((a, b) => a + b, 0) * ELEMENTARY_CHARGE;
  }
  if (mulliken.spins.length === 2) {
    charges.spin_projected = mulliken.spins.flatMap((spin, s) =>
      spin.map((atom) => ({
        spin: s,
        atom_label: atom.label,
        atom_index: atom.atom - 1,
        n_electrons: atom.total,
      })),
    );
    charges.spins = atoms.map((_, k) => mulliken.spins[0]![k]!.total - (mulliken.spins[1]![k]?.total ?? 0));
  }
  return charges;
}

function finalCalculation(out: SiestaOutput, systemIndex: number): RunCalculation | undefined {
  const calculation: RunCalculation = calculationRefs(systemIndex);
  const energy = energyOf(out.finalEnergy);
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (out.staticStress)
    calculation.stress = {
      total: { value: out.staticStress.map((row) => row.map((x) => (x * ELECTRON_VOLT) / ANGSTROM ** 3)) },
    };
  if (out.mulliken) calculation.charges = [chargesOf(out.mulliken, out.valence)];
  // NOMAD keeps the dipole in Debye (the metainfo gives the moment no unit).
  if (out.dipole) calculation.multipoles = [{ kind: 'electric', dipole: { total: out.dipole } }];
  return Object.keys(calculation).length > 2 ? calculation : undefined;
}

/** The structure of a geometry: its own coordinates and cell, else the initial ones. */
function structureOf(out: SiestaOutput, step: SiestaStep | undefined, cell: Vec3[] | undefined): Structure {
  const lattice = cell && (cell.map((v) => v.map((x) => x * ANGSTROM)) as Mat3);
  // A molecule's cell is only the box SIESTA puts it in.
  const periodic: [boolean, boolean, boolean] =
    lattice && out.systemType !== 'molecule' ? [true, true, true] : [false, false, false];
  const atoms = step?.atoms;
  if (!atoms) {
    const label = (index: number) => out.speciesLabels.find((s) => s.index === index)?.label ?? 'X';
    return {
      species: out.initialAtoms.map((a) => label(a.species)),
      positions: out.initialAtoms.map((a) => a.position.map((x) => x * BOHR) as Vec3),
      lattice: lattice ?? null,
      periodic,
    };
  }
  const format = atoms.format.toLowerCase();
  let positions: Vec3[];
  if (format.startsWith('fractional') && lattice) positions = cartesian(atoms.positions, lattice);
  else if (format.startsWith('scaled')) {
    const length = latticeConstant(out.input) ?? ANGSTROM;
    positions = atoms.positions.map((p) => p.map((x) => x * length) as Vec3);
  } else {
    const unit = format.startsWith('bohr') ? BOHR : ANGSTROM;
    positions = atoms.positions.map((p) => p.map((x) => x * unit) as Vec3);
  }
  return { species: atoms.labels, positions, lattice: lattice ?? null, periodic };
}

/** The date of 'D-MON-YYYY HH:MM:SS' in seconds since the epoch (the output gives no time zone: UTC). */
function dateOf(text: string | undefined): number | undefined {
  const match = /^(\d+)-([A-Za-z]{3})-(\d{4})\s+(\d+):(\d+):(\d+)/.exec(text ?? '');
  if (!match) return undefined;
  const month = 'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC'.indexOf(match[2]!.toUpperCase()) / 3;
  if (month < 0) return undefined;
  const [, day, , year, h, m, s] = match.map(Number) as number[];
  return Date.UTC(year!, month, day, h, m, s) / 1000;
}

export function siestaArchive(
  out: SiestaOutput,
  eigenvalues?: SiestaEigenvalues,
  bands?: SiestaBands,
): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'End of run': the run did not finish");
  const method = methodOf(out, warnings);
  const fdfCell = fdfBlock(out.input, 'LatticeVectors');
  const constant = latticeConstant(out.input);
  let cell: Vec3[] | undefined =
    out.automaticCell.length === 3
      ? out.automaticCell
      : fdfCell?.length === 3 && constant !== undefined
        ? (fdfCell.map((row) => row.slice(0, 3).map((x) => (Number(x) * constant) / ANGSTROM)) as Vec3[])
        : undefined;
  const structures = out.steps.map((step) => {
    cell = step.cell ?? cell;
    return structureOf(out, step, cell);
  });
  if (structures.length === 0 && out.initialAtoms.length > 0)
    structures.push(structureOf(out, undefined, cell));
  const calculations = out.steps.map((step, index) => stepCalculation(step, index));
  const final = structures.length > 0 ? finalCalculation(out, structures.length - 1) : undefined;
  if (final) calculations.push(final);
  // The .EIG file holds the eigenvalues of the last SCF.
  const target = calculations.at(-1);
  if (eigenvalues && target && eigenvalues.energies[0]?.length) {
    target.eigenvalues = [eigenvaluesOf(eigenvalues, structures.at(-1)?.lattice ?? null)];
    target.energy = { ...target.energy, fermi: eigenvalues.fermi * ELECTRON_VOLT };
  }
  if (bands && target) {
    const structure = bandStructureOf(out, bands, structures.at(-1)?.lattice ?? null, warnings);
    if (structure) target.band_structure_electronic = [structure];
  }
  const run = codeRun('SIESTA', out.version, method, structures, calculations);
  Object.assign(run, {
    ...(out.arch ? { x_siesta_arch: out.arch } : {}),
    ...(out.compilerFlags ? { x_siesta_compiler_flags: out.compilerFlags } : {}),
    x_siesta_parallel: out.parallel,
    ...(out.nodes !== undefined ? { x_siesta_n_nodes: out.nodes } : {}),
  });
  const [start, end] = [dateOf(out.start), dateOf(out.end)];
  if (start !== undefined || end !== undefined)
    run.time_run = {
      ...(start !== undefined ? { date_start: start } : {}),
      ...(end !== undefined ? { date_end: end } : {}),
    };
  const workflow2: Workflow =
    out.kind === 'optimization'
      ? geometryOptimization(optimizationOf(out), out.relaxed)
      : out.kind === 'md'
        ? molecularDynamics(dynamicsOf(out.input))
        : singlePoint();
  return { run, workflow2, structure: structures.at(-1)!, warnings };
}
