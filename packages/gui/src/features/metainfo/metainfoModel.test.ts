import { archiveDefinition, builtinPackages } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import {
  archivePathOf,
  baseSectionOf,
  inheritingSectionsOf,
  searchDefinitions,
  usagePathOf,
} from './metainfoModel.ts';

const sectionNamed = (name: string) =>
  builtinPackages.flatMap((pkg) => pkg.section_definitions).find((section) => section.name === name)!;

describe('metainfo model', () => {
  it('finds the shortest archive path of a section, the root as empty', () => {
    expect(archivePathOf(archiveDefinition)).toBe('');
    expect(archivePathOf(sectionNamed('Material'))).toBe('results.material');
    expect(archivePathOf(sectionNamed('Symmetry'))).toBe('results.material.symmetry');
  });

  it('names the search path a quantity, sub-section or section is used under', () => {
    const material = sectionNamed('Material');
    const formula = material.quantities.find((quantity) => quantity.name === 'chemical_formula_hill')!;
    expect(usagePathOf({ kind: 'quantity', quantity: formula, owner: material })).toBe(
      'results.material.chemical_formula_hill',
    );
    const symmetry = material.sub_sections.find((subSection) => subSection.name === 'symmetry')!;
    expect(usagePathOf({ kind: 'sub section', subSection: symmetry, owner: material })).toBe(
      'results.material.symmetry',
    );
    expect(usagePathOf({ kind: 'section', section: archiveDefinition, pkg: undefined })).toBeUndefined();
    expect(usagePathOf({ kind: 'package', pkg: builtinPackages[0]! })).toBeUndefined();
  });

  it('relates the variants a sub-section may hold to their base section', () => {
    const workflow = sectionNamed('Workflow');
    const names = inheritingSectionsOf(workflow).map((section) => section.name);
    expect(names).toEqual(expect.arrayContaining(['SinglePoint', 'GeometryOptimization']));
    expect(new Set(names).size).toBe(names.length);
    // Not results' GeometryOptimization of the same name: the workflow variant.
    const optimization = inheritingSectionsOf(workflow).find(
      (section) => section.name === 'GeometryOptimization',
    );
    expect(baseSectionOf(optimization!)).toBe(workflow);
    expect(baseSectionOf(workflow)).toBeUndefined();
  });

  it('searches names case-insensitively and bounds the hits', () => {
    expect(searchDefinitions('  ', undefined)).toEqual([]);
    const hits = searchDefinitions('SPACE_GROUP_NUMBER', 'nomad.datamodel.results');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.pkg === 'nomad.datamodel.results' && hit.kind === 'quantity')).toBe(true);
    expect(searchDefinitions('e', undefined).length).toBeLessThanOrEqual(100);
  });

  it("finds definitions of users' packages, reached through their root lane key", () => {
    const film = {
      name: 'Film lab',
      description: '',
      section_definitions: [
        {
          name: 'FilmSample',
          description: '',
          base_sections: [],
          quantities: [{ name: 'layers_count', description: '', type: 'int' as const, shape: [] }],
          sub_sections: [],
        },
      ],
    };
    expect(searchDefinitions('layers_co', undefined, [{ key: 'entry_id:e1', pkg: film }])).toEqual([
      {
        keys: ['entry_id:e1', 'FilmSample', 'layers_count'],
        name: 'layers_count',
        kind: 'quantity',
        pkg: 'Film lab',
        parent: 'FilmSample',
      },
    ]);
  });
});
