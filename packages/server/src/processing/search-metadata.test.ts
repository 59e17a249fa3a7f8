import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryFiles, MAX_ENTRY_FILES, searchMetadata } from './search-metadata.ts';

const archive = {
  metadata: { entry_id: 'e1' },
  run: [{ program: { name: 'VASP' }, calculation: [{ energy: { total: { value: 1 } } }, {}] }],
  workflow2: { m_def: 'simulationworkflowschema.GeometryOptimization', results: {} },
  results: {
    material: {
      elements: ['Si', 'O'],
      chemical_formula_reduced: 'O2Si',
      chemical_formula_hill: 'O2Si',
      chemical_formula_descriptive: 'SiO2',
      chemical_formula_anonymous: 'A2B',
    },
    properties: {
      structures: {
        structure_original: { species_at_sites: ['Si', 'O', 'O'], nperiodic_dimensions: 3 },
      },
    },
  },
};

describe('search metadata of an archive', () => {
  const metadata = searchMetadata(archive, { entryId: 'e1', uploadId: 'u1', files: ['a/vasprun.xml'] });

  it('lists the built-in section definitions it instantiates, variants by their m_def', () => {
    expect(metadata.sections).toEqual(
      expect.arrayContaining([
        'nomad.datamodel.datamodel.EntryArchive',
        'nomad.datamodel.datamodel.EntryMetadata',
        'runschema.run.Run',
        'runschema.run.Program',
        'runschema.calculation.Calculation',
        'simulationworkflowschema.geometry_optimization.GeometryOptimization',
        'nomad.datamodel.results.Results',
        'nomad.datamodel.results.Material',
      ]),
    );
    expect(metadata.sections).not.toContain('runschema.system.System');
    expect(metadata.section_defs.map((def) => def.definition_qualified_name)).toEqual(metadata.sections);
    expect(metadata.section_defs[0]).toMatchObject({
      used_directly: true,
      definition_id: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('counts the filled paths and lists the section paths', () => {
    expect(metadata.quantities).toEqual(
      expect.arrayContaining([
        '',
        'run',
        'run.calculation',
        'run.calculation.energy.total',
        'results.material',
      ]),
    );
    expect(metadata.quantities).not.toContain('results.material.elements');
    // 14 section paths and 10 quantity paths (m_def is not a quantity).
    expect(metadata.quantities).toHaveLength(14);
    expect(metadata.n_quantities).toBe(24);
  });

  it("gives OPTIMADE's structure fields", () => {
    expect(metadata.optimade).toEqual({
      elements: ['O', 'Si'],
      nelements: 2,
      elements_ratios: [2 / 3, 1 / 3],
      nsites: 3,
      species_at_sites: ['Si', 'O', 'O'],
      nperiodic_dimensions: 3,
      structure_features: [],
      chemical_formula_descriptive: 'SiO2',
      chemical_formula_reduced: 'O2Si',
      chemical_formula_hill: 'O2Si',
      chemical_formula_anonymous: 'A2B',
    });
    expect(metadata.search_quantities).toBeUndefined();
  });

  it("adds data's search quantities and its section", () => {
    const eln = searchMetadata({ data: { name: 'x' } }, { entryId: 'e2', uploadId: 'u1', files: [] });
    expect(eln.search_quantities).toEqual([
      {
        id: 'data.name#entry_id:e2.data',
        definition: 'entry_id:e2.data.name',
        path_archive: 'data.name',
        str_value: 'x',
      },
    ]);
    expect(eln.sections).toContain('entry_id:e2.data');
    expect(eln.optimade).toBeUndefined();
  });
});

describe("an entry's files", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'oasis-entry-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are the mainfile, then the other files of its folder, without sub-folders, at most 100', async () => {
    mkdirSync(path.join(root, 'run', 'sub'), { recursive: true });
    for (const name of ['vasprun.xml', 'OUTCAR', 'INCAR']) writeFileSync(path.join(root, 'run', name), '');
    writeFileSync(path.join(root, 'run', 'sub', 'other.xml'), '');
    expect(await entryFiles('run/vasprun.xml', path.join(root, 'run'))).toEqual([
      'run/vasprun.xml',
      'run/INCAR',
      'run/OUTCAR',
    ]);
    for (let i = 0; i < 150; i++) writeFileSync(path.join(root, `${i}.cif`), '');
    const many = await entryFiles('7.cif', root);
    expect(many).toHaveLength(MAX_ENTRY_FILES);
    expect(many[0]).toBe('7.cif');
  });
});
