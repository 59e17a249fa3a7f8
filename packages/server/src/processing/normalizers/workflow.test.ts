import { ANGSTROM, ELECTRON_VOLT as EV, EV_PER_ANGSTROM, type Mat3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { resolveArchivePath } from './archive-path.ts';
import type { Section } from './normalizer.ts';
import { geometryOptimizationArchive, singlePointArchive } from './properties-fixtures.ts';
import {
  finalDifference,
  geometryOptimizationType,
  maxDisplacement,
  maxForceNorm,
  workflowClassName,
} from './workflow.ts';
import { normalizeWorkflow } from './workflow-normalizer.ts';

const noLog = (): void => {};

function workflowResults(archive: Section): Section {
  const workflow = archive.workflow2 as Section;
  return workflow.results as Section;
}

describe('workflow quantities', () => {
  it('takes the last non-zero difference, skipping repeated final values', () => {
    expect(finalDifference([-3, -5, -5.5, -5.5])).toBe(0.5);
    expect(finalDifference([1, 1])).toBe(0);
    expect(finalDifference([1])).toBeUndefined();
  });

  it('takes the largest force norm', () => {
    // |(3, 4, 0)| = 5 beats |(0, 0, 4.5)|.
    expect(
      maxForceNorm([
        [3, 4, 0],
        [0, 0, 4.5],
      ]),
    ).toBe(5);
  });

  it('uses the minimum image for periodic displacements', () => {
    const cell: Mat3 = [
      [10, 0, 0],
      [0, 10, 0],
      [0, 0, 10],
    ];
    const before = {
      positions: [[0.1, 5, 5]] as [number, number, number][],
      periodic: [true, true, true] as [boolean, boolean, boolean],
      lattice: cell,
    };
    const after = { ...before, positions: [[9.9, 5, 5]] as [number, number, number][] };
    // 9.9 - 0.1 = 9.8 raw, but the atom moved 0.2 across the boundary.
    expect(maxDisplacement(before, after)).toBeCloseTo(0.2, 12);
    const molecule = {
      positions: before.positions,
      periodic: [false, false, false] as [boolean, boolean, boolean],
    };
    expect(maxDisplacement(molecule, { ...molecule, positions: after.positions })).toBeCloseTo(9.8, 12);
  });

  it('names workflows by their definition, else by their name', () => {
    expect(
      workflowClassName({ m_def: 'simulationworkflowschema.geometry_optimization.GeometryOptimization' }),
    ).toBe('GeometryOptimization');
    expect(workflowClassName({ name: 'SinglePoint' })).toBe('SinglePoint');
    expect(workflowClassName({})).toBeUndefined();
  });

  it('classifies geometry optimisations by what changed', () => {
    const sys = (a: number, x: number): Section => ({
      atoms: {
        positions: [[x, 0, 0]],
        lattice_vectors: [
          [a, 0, 0],
          [0, a, 0],
          [0, 0, a],
        ],
        periodic: [true, true, true],
      },
    });
    expect(geometryOptimizationType([sys(1, 0), sys(1, 0)])).toBe('static');
    expect(geometryOptimizationType([sys(1, 0), sys(1, 0.1)])).toBe('atomic');
    expect(geometryOptimizationType([sys(1, 0), sys(1.1, 0)])).toBe('cell_volume');
    const sheared = sys(1, 0);
    ((sheared.atoms as Section).lattice_vectors as number[][])[1] = [0.1, 1, 0];
    expect(geometryOptimizationType([sys(1, 0), sheared])).toBe('cell_shape');
    expect(geometryOptimizationType([sys(1, 0)])).toBe('static');
  });
});

describe('workflow normaliser', () => {
  it('computes geometry optimisation results from the steps', () => {
    const archive = geometryOptimizationArchive();
    normalizeWorkflow(archive, noLog);
    const results = workflowResults(archive);
    expect(results.optimization_steps).toBe(3);
    expect(results.energies).toEqual([-10.0 * EV, -10.3 * EV, -10.32 * EV]);
    // |-10.32 - -10.3| eV
    expect(results.final_energy_difference as number).toBeCloseTo(0.02 * EV, 30);
    // |(0.03, 0.04, 0)| eV/Å = 0.05 eV/Å
    expect(results.final_force_maximum as number).toBeCloseTo(0.05 * EV_PER_ANGSTROM, 20);
    // Atom 0 went from x = 0 to x = 3.95 Å in a 4 Å cell: 0.05 Å by minimum image.
    expect(results.final_displacement_maximum as number).toBeCloseTo(0.05 * ANGSTROM, 22);
    // Energy criterion fails (0.02 > 0.001 eV), force criterion holds (0.05 <= 0.1 eV/Å).
    expect(results.is_converged_geometry).toBe(true);
    expect(results.calculation_result_ref).toBe('/run/0/calculation/2');
    expect(results.calculations_ref).toEqual([0, 1, 2].map((i) => `/run/0/calculation/${i}`));
    expect(((archive.workflow2 as Section).method as Section).type).toBe('atomic');
    for (const ref of [results.calculation_result_ref, ...(results.calculations_ref as string[])]) {
      expect(resolveArchivePath(archive, ref as string)).toBeDefined();
    }
  });

  it('is not converged when no criterion holds', () => {
    const archive = geometryOptimizationArchive();
    const method = (archive.workflow2 as Section).method as Section;
    method.convergence_tolerance_force_maximum = 0.01 * EV_PER_ANGSTROM;
    normalizeWorkflow(archive, noLog);
    expect(workflowResults(archive).is_converged_geometry).toBe(false);
  });

  it("leaves out the forces on atoms VASP's selective dynamics fixes", () => {
    const archive = geometryOptimizationArchive();
    const method = (archive.workflow2 as Section).method as Section;
    method.convergence_tolerance_force_maximum = 0.02 * EV_PER_ANGSTROM;
    const systems = ((archive.run as Section[])[0] as Section).system as Section[];
    // Atom 0 (the 0.05 eV/Å force) is held fixed; atom 1 may move along x only.
    systems[2]!.x_vasp_selective_dynamics = [
      [false, false, false],
      [true, false, false],
    ];
    normalizeWorkflow(archive, noLog);
    const results = workflowResults(archive);
    expect(results.final_force_maximum as number).toBeCloseTo(0.01 * EV_PER_ANGSTROM, 20);
    expect(results.is_converged_geometry).toBe(true);
  });

  it('stops the energy list at a step without energy and warns', () => {
    const archive = geometryOptimizationArchive();
    const calcs = ((archive.run as Section[])[0] as Section).calculation as Section[];
    delete (calcs[2] as Section).energy;
    const logs: string[] = [];
    normalizeWorkflow(archive, (level, event) => logs.push(`${level} ${event}`));
    expect(workflowResults(archive).energies).toEqual([-10.0 * EV, -10.3 * EV]);
    expect(logs.some((l) => l.startsWith('WARNING Energy not reported'))).toBe(true);
  });

  it('computes single-point SCF convergence', () => {
    const archive = singlePointArchive({ dos_electronic: [{ energies: [0, 1] }] });
    normalizeWorkflow(archive, noLog);
    const results = workflowResults(archive);
    expect(results.n_scf_steps).toBe(4);
    // |-10.2501 - -10.25| eV = 1e-4 eV, below the 1e-3 eV threshold.
    expect(results.final_scf_energy_difference as number).toBeCloseTo(1e-4 * EV, 30);
    expect(results.is_converged).toBe(true);
    expect(results.calculation_result_ref).toBe('/run/0/calculation/0');
    expect(results.dos).toEqual(['/run/0/calculation/0/dos_electronic/0']);
    expect(results.band_structure).toBeUndefined();
    expect(((archive.workflow2 as Section).method as Section).method).toBe('DFT');
  });

  it("links the input structure and output calculation, as NOMAD's simulation workflows do", () => {
    const archive = geometryOptimizationArchive();
    normalizeWorkflow(archive, noLog);
    const workflow = archive.workflow2 as Section;
    expect(workflow.inputs).toEqual([{ name: 'Input structure', section: '/run/0/system/0' }]);
    const calculations = ((archive.run as Section[])[0]!.calculation as Section[]).length;
    expect(workflow.outputs).toEqual([
      { name: 'Output calculation', section: `/run/0/calculation/${calculations - 1}` },
    ]);
    // Links the parser wrote stay.
    const linked = singlePointArchive();
    (linked.workflow2 as Section).inputs = [{ name: 'Input', section: '/run/0/system/0' }];
    normalizeWorkflow(linked, noLog);
    expect((linked.workflow2 as Section).inputs).toEqual([{ name: 'Input', section: '/run/0/system/0' }]);
  });

  it('keeps values the parser wrote', () => {
    const archive = singlePointArchive();
    (archive.workflow2 as Section).results = { n_scf_steps: 99, is_converged: false };
    normalizeWorkflow(archive, noLog);
    expect(workflowResults(archive).n_scf_steps).toBe(99);
    expect(workflowResults(archive).is_converged).toBe(false);
  });

  it('creates the workflow NOMAD assumes when the parser wrote none', () => {
    const single = singlePointArchive();
    delete single.workflow2;
    normalizeWorkflow(single, noLog);
    expect((single.workflow2 as Section).m_def).toBe('simulationworkflowschema.single_point.SinglePoint');
    expect(workflowResults(single).n_scf_steps).toBe(4);

    const relaxation = geometryOptimizationArchive();
    delete relaxation.workflow2;
    normalizeWorkflow(relaxation, noLog);
    expect(workflowDefinition(relaxation)).toBe(
      'simulationworkflowschema.geometry_optimization.GeometryOptimization',
    );
    // No tolerances known: convergence stays unknown.
    expect(workflowResults(relaxation).is_converged_geometry).toBeUndefined();
  });

  it('leaves archives without calculations and plain workflows alone', () => {
    const empty: Section = { run: [{ program: { name: 'VASP' } }] };
    normalizeWorkflow(empty, noLog);
    expect(empty.workflow2).toBeUndefined();
    const plain = singlePointArchive();
    plain.workflow2 = { m_def: 'nomad.datamodel.metainfo.workflow.Workflow', name: 'my tasks' };
    normalizeWorkflow(plain, noLog);
    expect((plain.workflow2 as Section).results).toBeUndefined();
  });
});

function workflowDefinition(archive: Section): unknown {
  return (archive.workflow2 as Section).m_def;
}
