import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { archiveDefinition, builtinPackages, resultsDefinition } from './builtin/archive.ts';
import { builtinElnSchemas, elnBasePackages } from './builtin/eln-base.ts';
import { definitionAt, quantityAt, searchQuantitiesOf, sectionAt, sectionsOf, variantOf } from './lookup.ts';
import { PackageDefinitionSchema, type SectionDefinition } from './model.ts';

const reachable = (root: SectionDefinition): Set<SectionDefinition> => {
  const seen = new Set<SectionDefinition>();
  const visit = (section: SectionDefinition) => {
    if (seen.has(section)) return;
    seen.add(section);
    section.sub_sections.flatMap(sectionsOf).forEach(visit);
  };
  visit(root);
  return seen;
};

describe('definition lookup', () => {
  it('finds quantities by dotted path with NOMAD types and units', () => {
    expect(quantityAt('results.material.symmetry.space_group_number')).toMatchObject({
      type: 'int',
      shape: [],
      searchable: true,
    });
    expect(
      quantityAt('results.properties.electronic.band_structure_electronic.band_gap.value'),
    ).toMatchObject({
      type: 'float',
      unit: 'joule',
    });
    expect(quantityAt('run.calculation.forces.total.value')).toMatchObject({
      shape: ['n_atoms', 3],
      unit: 'newton',
    });
    expect(quantityAt('run.calculation.dos_electronic.total.value')?.unit).toBe('1 / joule');
    expect(quantityAt('results.properties.structures.structure_original.mass_density')?.unit).toBe(
      'kilogram / meter ** 3',
    );
  });

  it('finds sections, and quantities of workflow2 variants', () => {
    expect(sectionAt('results.material.symmetry')?.name).toBe('Symmetry');
    expect(sectionAt('run.calculation.energy.total')?.name).toBe('EnergyEntry');
    // The base Workflow has no results; the geometry-optimisation variant has.
    expect(quantityAt('workflow2.results.final_force_maximum')?.unit).toBe('newton');
    expect(quantityAt('workflow2.method.convergence_tolerance_energy_difference')?.unit).toBe('joule');
    expect(quantityAt('workflow2.results.n_scf_steps')?.type).toBe('int');
  });

  it('answers undefined for unknown paths and for the wrong kind', () => {
    expect(quantityAt('results.material.nonsense')).toBeUndefined();
    expect(quantityAt('results.material.symmetry')).toBeUndefined();
    expect(sectionAt('results.material.elements')).toBeUndefined();
    expect(definitionAt('')).toBeUndefined();
    expect(quantityAt('symmetry.space_group_number', sectionAt('results.material'))?.type).toBe('int');
  });

  it('lists searchable quantities with their index names', () => {
    const names = searchQuantitiesOf().map((q) => q.name);
    expect(names).toContain('results.material.symmetry.space_group_symbol');
    expect(names).toContain('results.method.simulation.dft.xc_functional_names');
    expect(names).toContain('results.properties.geometry_optimization.final_force_maximum');
    expect(names).toContain('results.properties.structures.structure_primitive.lattice_parameters.a');
    // Positions, DOS references and everything under run stay out of the index.
    expect(names).not.toContain('results.properties.structures.structure_original.cartesian_site_positions');
    expect(names).not.toContain('results.properties.electronic.dos_electronic.energies');
    expect(names.some((n) => !n.startsWith('results.'))).toBe(false);
    const gap = searchQuantitiesOf().find(
      (q) => q.name === 'results.properties.electronic.dos_electronic.band_gap.value',
    );
    expect(gap?.repeats).toBe(true);
    expect(searchQuantitiesOf(resultsDefinition, 'results').map((q) => q.name)).toEqual(names);
  });

  it('lists every reachable section in exactly one package, and validates as data', () => {
    const listed = builtinPackages.flatMap((p) => p.section_definitions);
    expect(new Set(listed).size).toBe(listed.length);
    // Besides what an archive reaches, the base sections users' schemas inherit from, and sections that
    // are instances of those.
    const bases = new Set([
      ...reachable(archiveDefinition),
      ...elnBasePackages.flatMap((p) => p.section_definitions),
      ...listed.filter((section) => section.base_sections),
    ]);
    bases.forEach((section) => section.sub_sections.forEach((sub) => bases.add(sub.section)));
    expect(new Set(listed)).toEqual(bases);
    const qualified = new Set(
      builtinPackages.flatMap((p) => p.section_definitions.map((s) => `${p.name}.${s.name}`)),
    );
    for (const section of listed)
      for (const base of section.base_sections ?? []) expect(qualified).toContain(base);
    for (const pkg of builtinPackages) expect(Value.Check(PackageDefinitionSchema, pkg)).toBe(true);
  });

  it("offers built-in entry types for 'Create from schema' that are sections inheriting EntryData", () => {
    const byName = new Map(
      builtinPackages.flatMap((p) =>
        p.section_definitions.map((s): [string, SectionDefinition] => [`${p.name}.${s.name}`, s]),
      ),
    );
    const isEntryType = (name: string): boolean =>
      name === 'nomad.datamodel.data.EntryData' || (byName.get(name)?.base_sections ?? []).some(isEntryType);
    for (const schema of builtinElnSchemas)
      expect(isEntryType(schema.qualifiedName), schema.qualifiedName).toBe(true);
  });

  it('has reference targets that resolve', () => {
    const targets = [...reachable(archiveDefinition)].flatMap((s) =>
      s.quantities.flatMap((q) => (q.type === 'reference' && q.target ? [q.target] : [])),
    );
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((t) => definitionAt(t) === undefined)).toEqual([]);
  });
});

describe('variantOf', () => {
  const workflow2 = archiveDefinition.sub_sections.find((s) => s.name === 'workflow2')!;
  it('finds workflow kinds by qualified and short m_def', () => {
    expect(
      variantOf(workflow2, 'simulationworkflowschema.geometry_optimization.GeometryOptimization')?.name,
    ).toBe('GeometryOptimization');
    expect(variantOf(workflow2, 'simulationworkflowschema.GeometryOptimization')?.name).toBe(
      'GeometryOptimization',
    );
    expect(variantOf(workflow2, 'simulationworkflowschema.SinglePoint')?.name).toBe('SinglePoint');
    expect(variantOf(workflow2, 'simulationworkflowschema.MolecularDynamics')?.name).toBe(
      'MolecularDynamics',
    );
    expect(variantOf(workflow2, 'simulationworkflowschema.DFTPlusGW')?.name).toBe('DFTPlusGW');
    expect(variantOf(workflow2, 'simulationworkflowschema.GW')).toBeUndefined();
    expect(variantOf(workflow2, 'other.GeometryOptimization')).toBeUndefined();
  });
});
