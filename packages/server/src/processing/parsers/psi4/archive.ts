// From a Psi4 output to NOMAD's run and workflow2 sections, in SI units. As NOMAD lays them out: per
// program of a module a method (post-HF ones refer to the first, the reference), a system when it prints
// a geometry, and a calculation with its iterations, energies, orbitals and properties; a further
// calculation per further energy table or property print (the MP programs' last table is their own);
// the SALC gradient goes to the module's last calculation, and each OPTKING step adds a system and a
// calculation.
import { ANGSTROM, BOHR, HARTREE, type Vec3 } from '@oasis/chem';
import type { RunCalculation, RunMethod, RunSystem, WithCodeSpecific, Workflow } from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import { systemSection } from '../../run-sections.ts';
import { type CodeArchive, geometryOptimization, singlePoint } from '../code-sections.ts';
import { molecularOptimizationType } from '../molecular-sections.ts';
import type { Psi4Module, Psi4Output, Psi4Submodule, Vec } from './read-psi4.ts';
import { eigenvaluesOf, energyOf, functionalOf, propertiesInto } from './sections.ts';

const DEFAULT_METHOD: Record<Psi4Submodule['kind'], string> = {
  scf: 'SCF',
  scf_grad: 'SCF',
  mp: 'MP',
  ci: 'CI',
  mcscf: 'MCSCF',
  mcscf_detci: 'MCSCF',
  cc: 'CC',
  cc_energy: 'CC',
  cc_lambda: 'CC',
  cc_density: 'CC',
};

const gradientForces = (gradient: readonly Vec[]) => gradient.map((g) => g.map((x) => (-x * HARTREE) / BOHR));

function structureOf(species: readonly string[], positions: readonly Vec[], unit: number): Structure {
  return {
    species: species.map((s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase()),
    positions: positions.map((p) => p.map((x) => x * unit) as Vec3),
    lattice: null,
    periodic: [false, false, false],
  };
}

function methodOf(sub: Psi4Submodule, name: string, first: number | undefined): WithCodeSpecific<RunMethod> {
  // A Kohn-Sham reference ('RKS', 'DF-UKS') with a DFT potential is DFT; unrestricted ones have two spins.
  const method: WithCodeSpecific<RunMethod> = {
    electronic: {
      method: sub.functional ? 'DFT' : name,
      ...(/^(?:DF-|CD-)?U/.test(name)
        ? { n_spin_channels: 2 }
        : /^(?:DF-|CD-)?R(?:HF|KS)$/.test(name)
          ? { n_spin_channels: 1 }
          : {}),
    },
  };
  if (sub.functional) method.x_psi4_reference = name;
  if (first !== undefined && ['MP', 'CI', 'MC', 'CC'].includes(name.slice(0, 2))) {
    method.core_method_ref = `/run/0/method/${first}`;
    method.methods_ref = [`/run/0/method/${first}`];
  }
  const basisSets = [sub.basis, ...sub.auxiliaryBasis]
    .filter((entries) => entries.length > 0)
    .map((entries) => ({
      type: 'gaussians' as const,
      scope: ['full-electron'],
      atom_centered: entries.map((entry) => {
        const functions = Number(entry.values['Number of basis function']);
        const shells = Number(entry.values['Number of shells']);
        return {
          name: entry.name,
          ...(Number.isFinite(functions) ? { n_basis_functions: functions } : {}),
          ...(Number.isFinite(shells) ? { x_psi4_n_shells: shells } : {}),
        };
      }),
    }));
  if (basisSets.length > 0)
    method.electrons_representation = [
      { type: 'atom-centered orbitals', scope: ['wavefunction'], basis_set: basisSets },
    ];
  if (Object.keys(sub.jk).length > 0)
    method.x_psi4_jk_matrices_parameters = Object.fromEntries(
      Object.entries(sub.jk).map(([k, v]) => [k, Number.isFinite(Number(v)) ? Number(v) : v]),
    );
  const a = sub.algorithm;
  if (a) {
    method.scf = {
      ...(a.type ? { minimization_algorithm: a.type } : {}),
      ...(a.energyThreshold !== undefined ? { threshold_energy_change: a.energyThreshold * HARTREE } : {}),
      ...(a.densityThreshold !== undefined ? { threshold_density_change: a.densityThreshold } : {}),
      ...(a.mom !== undefined ? { x_psi4_mom: a.mom } : {}),
      ...(a.diis !== undefined ? { x_psi4_diis: a.diis } : {}),
      ...(a.integralThreshold !== undefined ? { x_psi4_integral_threshold: a.integralThreshold } : {}),
    } as RunMethod['scf'];
  }
  if (sub.functional) {
    method.dft = { xc_functional: functionalOf(sub.functional) };
    if (Object.keys(sub.functional.quadrature).length > 0)
      (method.dft as WithCodeSpecific<NonNullable<RunMethod['dft']>>).x_psi4_molecular_quadrature =
        sub.functional.quadrature;
  }
  return method;
}

/** The calculation of a program and those its further energy tables and property prints make. */
function calculationsOf(sub: Psi4Submodule, name: string): { main?: RunCalculation; all: RunCalculation[] } {
  const main: WithCodeSpecific<RunCalculation> = {};
  let changes = 0;
  const extras: RunCalculation[] = [];
  if (sub.iterations.length > 0) {
    main.scf_iteration = sub.iterations.map((it) => ({
      energy: {
        total: { value: it.energy * HARTREE },
        ...(it.change !== undefined ? { change: it.change * HARTREE } : {}),
      },
    }));
    main.n_scf_iterations = sub.iterations.length;
    changes += sub.iterations.length;
  }
  const own = name.startsWith('MP') ? sub.energies.length - 1 : 0;
  sub.energies.forEach((table, n) => {
    const energy = energyOf(table);
    if (n === own) {
      main.energy = energy;
      changes += 1;
    } else extras.push({ energy });
  });
  if (sub.gradient) {
    main.forces = { total: { value: gradientForces(sub.gradient) } };
    changes += 1;
  }
  if (sub.s2?.observed !== undefined) {
    main.spin_S2 = sub.s2.observed;
    if (sub.s2.sExpected !== undefined) main.x_psi4_s_expected = sub.s2.sExpected;
    changes += 2;
  }
  const eigenvalues = eigenvaluesOf(sub.orbitals);
  if (eigenvalues) {
    main.eigenvalues = [eigenvalues];
    changes += 1;
  }
  sub.properties.forEach((properties, n) => {
    if (n === 0) changes += propertiesInto(main, properties);
    else {
      const extra: RunCalculation = {};
      propertiesInto(extra, properties);
      extras.push(extra);
    }
  });
  if (extras.length > 0) changes += 1;
  // NOMAD drops a program's calculation that holds nothing.
  const kept = changes > 0;
  return { ...(kept ? { main } : {}), all: [...(kept ? [main] : []), ...extras] };
}

/** The archive; an output that prints no geometry (the MCSCF program alone) has no structure. */
export type Psi4Archive = Omit<CodeArchive, 'structure'> & { structure?: Structure };

export function psi4Archive(out: Psi4Output): Psi4Archive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Psi4 exiting successfully': the run did not finish");
  const methods: RunMethod[] = [];
  const systems: RunSystem[] = [];
  const structures: Structure[] = [];
  const calculations: RunCalculation[] = [];
  /** References between calculations, resolved to indices at the end. */
  const starting = new Map<RunCalculation, RunCalculation>();
  const refs = new Map<RunCalculation, RunCalculation[]>();
  let optimizationSteps = 0;
  let criteria: [number, number, number] | undefined;
  const addSystem = (structure: Structure) => {
    structures.push(structure);
    systems.push(systemSection(structure));
  };
  const timed = (calculation: RunCalculation, module: Psi4Module) => {
    if (module.moduleTime !== undefined) calculation.time_calculation = module.moduleTime;
    if (module.totalTime !== undefined) calculation.time_physical = module.totalTime;
  };
  for (const module of out.modules) {
    for (const sub of module.submodules) {
      const name = sub.method ?? DEFAULT_METHOD[sub.kind];
      if (sub.geometry)
        addSystem(
          structureOf(
            sub.geometry.species,
            sub.geometry.positions,
            sub.geometry.unit === 'Bohr' ? BOHR : ANGSTROM,
          ),
        );
      methods.push(methodOf(sub, name, methods.length > 0 ? 0 : undefined));
      const { main, all } = calculationsOf(sub, name);
      const extras = all.filter((c) => c !== main);
      if (main && extras.length > 0) refs.set(main, extras);
      for (const extra of extras) if (main) starting.set(extra, main);
      if (main) {
        if (systems.length > 0) main.system_ref = `/run/0/system/${systems.length - 1}`;
        main.method_ref = `/run/0/method/${methods.length - 1}`;
        timed(main, module);
      }
      calculations.push(...all);
    }
    const last = calculations.at(-1);
    if (module.salc && last) {
      last.forces = {
        ...(module.salc.total.length > 0 ? { total: { value: gradientForces(module.salc.total) } } : {}),
        contributions: module.salc.contributions.map((c) => ({
          kind: c.name,
          value: gradientForces(c.value),
        })),
      };
    }
    const opt = module.optking;
    if (opt) {
      addSystem(structureOf(opt.geometry.species, opt.geometry.positions, BOHR));
      const calculation: RunCalculation = { system_ref: `/run/0/system/${systems.length - 1}` };
      if (opt.gradient.length > 0) calculation.forces = { total: { value: gradientForces(opt.gradient) } };
      if (opt.energy)
        calculation.energy = {
          total: { value: opt.energy.total * HARTREE },
          change: opt.energy.change * HARTREE,
        };
      timed(calculation, module);
      calculations.push(calculation);
      optimizationSteps += 1;
      criteria = opt.criteria ?? criteria;
    }
  }
  for (const [calculation, main] of starting) {
    const index = calculations.indexOf(main);
    if (index >= 0) calculation.starting_calculation_ref = `/run/0/calculation/${index}`;
  }
  for (const [main, extras] of refs)
    main.calculations_ref = extras.map((e) => `/run/0/calculation/${calculations.indexOf(e)}`);
  const run: CodeArchive['run'] = {
    program: { name: 'Psi4', ...(out.version ? { version: out.version } : {}) },
    method: methods,
    system: systems,
    ...(calculations.length > 0 ? { calculation: calculations } : {}),
    ...(out.started !== undefined ? { time_run: { date_start: out.started } } : {}),
  };
  let workflow2: Workflow = singlePoint();
  if (optimizationSteps > 0)
    workflow2 = geometryOptimization({
      type: molecularOptimizationType(structures),
      ...(criteria
        ? {
            convergence_tolerance_energy_difference: criteria[0] * HARTREE,
            convergence_tolerance_force_maximum: (criteria[1] * HARTREE) / BOHR,
            convergence_tolerance_displacement_maximum: criteria[2] * BOHR,
          }
        : {}),
    });
  const structure = structures.at(-1);
  return { run, workflow2, ...(structure ? { structure } : {}), warnings };
}
