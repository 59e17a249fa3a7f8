// From a CRYSTAL output (and its fort.25) to NOMAD's run and workflow2 sections, in SI units: one method,
// a system per geometry, a calculation per single point or optimisation point, and the band structure and
// DOS of a properties run on the first calculation.
import { BOHR, HARTREE, atomicNumber } from '@oasis/chem';
import type {
  BasisSet,
  CalculationEnergy,
  MethodElectronic,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  geometryOptimization,
  singlePoint,
  type CodeArchive,
} from '../code-sections.ts';
import { bandStructureSection, dosSections } from './bands.ts';
import { functionalsOf, weightedXcFunctional } from './functional.ts';
import { nearestImages, structureOf } from './read-crystal-geometry.ts';
import type { CrystalCalculation, CrystalOutput } from './read-crystal.ts';
import type { F25Block } from './read-f25.ts';

/** x_crystal_ settings NOMAD keeps on the method, from the values the output prints. */
function codeSpecific(out: CrystalOutput): Record<string, unknown> {
  const v = out.values;
  const named: Record<string, unknown> = {
    x_crystal_n_atoms: v.nAtoms,
    x_crystal_n_shells: v.nShells,
    x_crystal_n_orbitals: v.nAo,
    x_crystal_n_electrons: v.nElectrons,
    x_crystal_n_core_electrons: v.nCoreElectrons,
    x_crystal_n_symmops: v.nSymmops,
    x_crystal_tol_coulomb_overlap: v.tolCoulombOverlap,
    x_crystal_tol_coulomb_penetration: v.tolCoulombPenetration,
    x_crystal_tol_exchange_overlap: v.tolExchangeOverlap,
    x_crystal_tol_pseudo_overlap_f: v.tolPseudoOverlapF,
    x_crystal_tol_pseudo_overlap_p: v.tolPseudoOverlapP,
    x_crystal_pole_order: v.poleOrder,
    x_crystal_type_of_calculation: out.calculationType,
    x_crystal_weight_f: v.weightF,
    x_crystal_convergence_deltap: v.convergenceDeltaP,
    x_crystal_shrink: v.shrink?.join(' '),
    x_crystal_shrink_gilat: v.shrinkGilat,
    x_crystal_n_k_points_ibz: v.nKpointsIbz,
    x_crystal_n_k_points_gilat: v.nKpointsGilat,
  };
  if (v.cappa) {
    const [is1, is2, is3, monk, k, g] = v.cappa;
    Object.assign(named, {
      x_crystal_is1: is1,
      x_crystal_is2: is2,
      x_crystal_is3: is3,
      x_crystal_k_pts_monk_net: monk,
      x_crystal_symmops_k: k,
      x_crystal_symmops_g: g,
    });
  }
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}

/** x_crystal_ quantities NOMAD keeps on the run: the release and what the runner script says. */
function runSpecific(out: CrystalOutput): Record<string, string> {
  const named: Record<string, string | undefined> = {
    x_crystal_distribution: out.distribution?.name,
    x_crystal_version_minor: out.distribution?.minor,
    x_crystal_hostname: out.runner.hostname,
    x_crystal_user: out.runner.user,
    x_crystal_executable_path: out.runner.executable,
    x_crystal_input_path: out.runner.input,
    x_crystal_output_path: out.runner.output,
    x_crystal_tmpdir: out.runner.tmpdir,
  };
  return Object.fromEntries(
    Object.entries(named).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The basis set per species (the first atom of each that prints shells), as NOMAD's atom_centered. */
function basisOf(out: CrystalOutput): WithCodeSpecific<NonNullable<BasisSet['atom_centered']>[number]>[] {
  const seen = new Set<string>();
  return (out.basisSet[0]?.atoms ?? []).flatMap((atom) => {
    const label = atom.label;
    if (!label || atom.shells.length === 0 || seen.has(label)) return [];
    seen.add(label);
    const symbol = label.charAt(0) + label.slice(1).toLowerCase();
    return [
      {
        atom_number: atomicNumber(symbol) ?? 0,
        x_crystal_section_shell: atom.shells.flatMap((shell) =>
          shell.head
            ? [
                {
                  x_crystal_shell_range: shell.head.range,
                  x_crystal_shell_type: shell.head.type,
                  x_crystal_shell_coefficients: shell.coefficients,
                },
              ]
            : [],
        ),
      },
    ];
  });
}

function methodOf(out: CrystalOutput, warnings: string[]): WithCodeSpecific<RunMethod> {
  const hf = out.hamiltonian === 'HARTREE-FOCK';
  const electronic: MethodElectronic = {
    method: hf ? 'HF' : 'DFT',
    n_spin_channels: out.spinPolarized ? 2 : 1,
  };
  if (out.smearing !== undefined) electronic.smearing = { kind: 'fermi', width: out.smearing * HARTREE };
  // Grimme's D3 (DFTD3) or D2 (GRIMME) as NOMAD's CRYSTAL parser names them.
  if (out.dftd3) electronic.van_der_waals_method = 'DFT-D3';
  else if (out.grimme) electronic.van_der_waals_method = 'G06';
  const method: WithCodeSpecific<RunMethod> = {
    electronic,
    electrons_representation: [
      {
        type: 'atom-centered orbitals',
        scope: ['wavefunction'],
        basis_set: [{ type: 'gaussians', atom_centered: basisOf(out) }],
      },
    ],
    ...codeSpecific(out),
  };
  const parts = functionalsOf({
    keywords: out.dftKeywords,
    ...(out.hamiltonian ? { hamiltonian: out.hamiltonian } : {}),
    ...(out.functional ? { functional: out.functional } : {}),
    ...(out.hybrid !== undefined ? { hybrid: out.hybrid } : {}),
  });
  if (parts.length > 0) method.dft = { xc_functional: weightedXcFunctional(parts) };
  else if (out.functional)
    warnings.push(
      `the functional (${out.functional.exchange})[${out.functional.correlation}] has no libxc names here`,
    );
  const scf: NonNullable<RunMethod['scf']> = {};
  if (out.values.maxScfCycles !== undefined) scf.n_max_iteration = out.values.maxScfCycles;
  if (out.values.convergenceEnergy !== undefined)
    scf.threshold_energy_change = out.values.convergenceEnergy * HARTREE;
  if (Object.keys(scf).length > 0) method.scf = scf;
  if (out.values.shrink) method.k_mesh = { grid: out.values.shrink };
  return method;
}

function calculationOf(calc: CrystalCalculation, systemIndex: number): RunCalculation {
  const calculation: RunCalculation = calculationRefs(systemIndex);
  const total = calc.energyWithDispersion ?? calc.energy ?? calc.iterations.at(-1)?.total;
  const energy: CalculationEnergy = {};
  if (total !== undefined) energy.total = { value: total * HARTREE };
  // A locked spin state (SPINLOCK) prints -1 and +1 Hartree in place of the edges: no edges then.
  const placeholder = (e: CrystalCalculation['edges'][number]) =>
    e.top.every((x) => x === -1) && e.bottom.every((x) => x === 1);
  const edges = calc.edges.filter((e) => (e.top.length > 0 && !placeholder(e)) || e.fermi.length > 0).at(-1);
  if (edges?.fermi.length) energy.fermi = edges.fermi.at(-1)! * HARTREE;
  else if (edges) {
    energy.highest_occupied = Math.max(...edges.top) * HARTREE;
    if (edges.bottom.length > 0) energy.lowest_unoccupied = Math.min(...edges.bottom) * HARTREE;
  }
  if (calc.dispersion !== undefined) energy.van_der_waals = { value: calc.dispersion * HARTREE };
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (calc.iterations.length > 0) {
    calculation.n_scf_iterations = calc.iterations.length;
    calculation.scf_iteration = calc.iterations.map((it) => ({
      energy: { total: { value: it.total * HARTREE }, change: it.change * HARTREE },
    }));
  }
  if (calc.scfEnded !== undefined)
    calculation.calculation_converged = calc.scfEnded.startsWith('CONVERGENCE');
  // Ghost atoms (atomic number 0) are no atoms of the system: their rows are left out.
  const forces = calc.forces.filter((row) => row.nat % 100 !== 0);
  if (forces.length > 0)
    calculation.forces = {
      total: { value: forces.map((row) => row.force.map((f) => (f * HARTREE) / BOHR)) },
    };
  return calculation;
}

/** Systems and calculations: an optimisation point that prints a geometry starts a new system. */
function stepsOf(
  out: CrystalOutput,
  first: Structure,
): { structures: Structure[]; calculations: RunCalculation[] } {
  const structures = [first];
  const calculations = out.calculations.map((calc, k) => {
    // The first optimisation point computes the starting geometry, already the run's first system.
    if (calc.atoms.length > 0 && k > 0) {
      const parameters = calc.parameters[0];
      const structure = structureOf(
        { atoms: calc.atoms, ...(parameters ? { parameters } : {}) },
        out.dimensionality,
        out.rotation,
      );
      structures.push(nearestImages(structure, structures.at(-1)!));
    }
    return calculationOf(calc, structures.length - 1);
  });
  // Elapsed time at the end of each point, and at the end of the run for the last one.
  let previous = 0;
  calculations.forEach((calculation, k) => {
    const isLast = k === calculations.length - 1;
    const elapsed = isLast ? (out.endElapsed ?? out.calculations[k]!.elapsed) : out.calculations[k]!.elapsed;
    if (elapsed === undefined) return;
    calculation.time_physical = elapsed;
    calculation.time_calculation = elapsed - previous;
    previous = elapsed;
  });
  return { structures, calculations };
}

export function crystalArchive(
  out: CrystalOutput,
  f25: F25Block[] | undefined,
  warnings: string[],
): CodeArchive {
  if (!out.geometry) throw new Error('the output has no geometry (no atoms table)');
  if (!out.finished) warnings.push("the output has no 'EEEEEEEEEE TERMINATION' line: the run did not finish");
  const first = structureOf(out.geometry, out.dimensionality);
  const method = methodOf(out, warnings);
  const { structures, calculations } = stepsOf(out, first);
  // A properties run computes no energy: its band structure and DOS get a calculation of their own.
  if (calculations.length === 0 && (out.hasBands || out.hasDos)) {
    const calculation: RunCalculation = calculationRefs(0);
    const energy: CalculationEnergy = {};
    if (out.restartEnergy !== undefined) energy.total = { value: out.restartEnergy * HARTREE };
    if (out.restartFermi !== undefined) energy.fermi = out.restartFermi * HARTREE;
    if (Object.keys(energy).length > 0) calculation.energy = energy;
    calculations.push(calculation);
  }
  const target = calculations[0];
  if (target && f25) {
    const bands = out.hasBands ? bandStructureSection(out, f25, first, warnings) : undefined;
    if (bands) target.band_structure_electronic = [bands];
    const dos = out.hasDos ? dosSections(f25) : [];
    if (dos.length > 0) target.dos_electronic = dos;
    const fermi = f25[0]?.fermi;
    if (fermi !== undefined && (bands || dos.length > 0))
      target.energy = { ...target.energy, fermi: fermi * HARTREE };
  }
  const version = out.version;
  const run = codeRun('Crystal', version, method, structures, calculations);
  const timeRun: NonNullable<typeof run.time_run> = {};
  const start = unixTime(out.started);
  const end = unixTime(out.ended);
  if (start !== undefined) timeRun.date_start = start;
  if (end !== undefined) timeRun.date_end = end;
  if (Object.keys(timeRun).length > 0) run.time_run = timeRun;
  Object.assign(run, runSpecific(out));
  const system = run.system?.[0] as WithCodeSpecific<NonNullable<typeof run.system>[number]> | undefined;
  if (system) {
    system.x_crystal_dimensionality = out.dimensionality;
    if (out.family) system.x_crystal_family = out.family;
    if (out.crystalClass) system.x_crystal_class = out.crystalClass;
    if (out.spaceGroup) system.x_crystal_spacegroup = out.spaceGroup;
    if (out.values.nSymmops !== undefined) system.x_crystal_n_symmops = out.values.nSymmops;
  }
  const workflow2: Workflow = out.optimization
    ? geometryOptimization(
        {
          type: out.cellOptimization ? 'cell_shape' : 'atomic',
          ...(out.optimization.energyChange !== undefined
            ? { convergence_tolerance_energy_difference: out.optimization.energyChange * HARTREE }
            : {}),
          ...(out.optimization.maxDisplacement !== undefined
            ? { convergence_tolerance_displacement_maximum: out.optimization.maxDisplacement * BOHR }
            : {}),
          ...(out.optimization.maxGradient !== undefined
            ? { convergence_tolerance_force_maximum: (out.optimization.maxGradient * HARTREE) / BOHR }
            : {}),
        },
        out.optimization.converged,
      )
    : singlePoint();
  return { run, workflow2, structure: structures.at(-1)!, warnings };
}

/** Seconds since the epoch of 'dd mm yyyy TIME hh:mm:ss.s' (read as UTC: the output names no zone). */
function unixTime(stamp: string | undefined): number | undefined {
  const match = stamp && /^(\d+)\s+(\d+)\s+(\d+)\s+TIME\s+(\d+):(\d+):([\d.]+)/.exec(stamp);
  if (!match) return undefined;
  const [day, month, year, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute) / 1000 + Number(match[6]);
}
