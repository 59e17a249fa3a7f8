// The whole normaliser chain on NOMAD-shaped DFT archives: every reference in results and
// workflow2 must resolve inside the archive.
import type { Mat3, Vec3 } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../structure.ts';
import { resolveArchivePath } from './archive-path.ts';
import { normalizeArchive } from './index.ts';
import type { Section } from './normalizer.ts';
import { geometryOptimizationArchive, singlePointArchive } from './properties-fixtures.ts';

/** The structure a parser would hand over: the run's last system. */
function lastStructure(archive: Section): Structure {
  const systems = ((archive.run as Section[])[0] as Section).system as Section[];
  const atoms = (systems[systems.length - 1] as Section).atoms as Section;
  return {
    species: atoms.labels as string[],
    positions: atoms.positions as Vec3[],
    lattice: atoms.lattice_vectors as Mat3,
    periodic: [true, true, true],
  };
}

/** Every string under `node` that looks like an archive reference ('/run/...', '#/workflow2/...'). */
function references(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string' && /^#?\/(run|workflow2|workflow)\//.test(node)) out.push(node);
  else if (Array.isArray(node)) node.forEach((item) => references(item, out));
  else if (node && typeof node === 'object') Object.values(node).forEach((v) => references(v, out));
  return out;
}

async function normalise(archive: Section, structure?: Structure): Promise<string[]> {
  const errors: string[] = [];
  const context: Parameters<typeof normalizeArchive>[0] = {
    archive,
    log: (level, event) => {
      if (level === 'ERROR') errors.push(event);
    },
  };
  if (structure) context.structure = structure;
  await normalizeArchive(context);
  return errors;
}

function expectReferencesResolve(archive: Section): void {
  const refs = references({ results: archive.results, workflow2: archive.workflow2 });
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(resolveArchivePath(archive, ref), ref).toBeDefined();
}

describe('normaliser chain on DFT archives', () => {
  it('fills method, workflow, geometry optimisation and available properties', async () => {
    const archive = geometryOptimizationArchive();
    expect(await normalise(archive, lastStructure(archive))).toEqual([]);
    const results = archive.results as Section;
    const method = results.method as Section;
    expect(method.method_name).toBe('DFT');
    expect(method.workflow_name).toBe('GeometryOptimization');
    expect(((method.simulation as Section).precision as Section).k_line_density).toBeGreaterThan(0);
    const properties = results.properties as Section;
    expect(properties.n_calculations).toBe(3);
    expect(properties.available_properties).toEqual(['geometry_optimization']);
    expectReferencesResolve(archive);
  });

  it('lists electronic properties of a single point', async () => {
    const energies = [-1, 0, 1, 2].map((e) => e * 1.602176634e-19);
    const archive = singlePointArchive({
      dos_electronic: [{ energies, total: [{ spin: 0, value: [1e18, 0, 0, 1e18] }] }],
      band_structure_electronic: [
        {
          segment: [
            {
              kpoints: [
                [0, 0, 0],
                [0.5, 0, 0],
              ],
              energies: [
                [
                  [-1e-19, 3e-19],
                  [-2e-19, 4e-19],
                ],
              ],
            },
          ],
        },
      ],
    });
    expect(await normalise(archive, lastStructure(archive))).toEqual([]);
    const properties = (archive.results as Section).properties as Section;
    expect(properties.available_properties).toEqual([
      'band_structure_electronic',
      'dos_electronic',
      'electronic.band_structure_electronic.band_gap',
    ]);
    expect(((archive.workflow2 as Section).results as Section).n_scf_steps).toBe(4);
    expectReferencesResolve(archive);
  });
});

const example = fileURLToPath(
  new URL('../../../../../../shared/samples/archives/dft.archive-example.json', import.meta.url),
);

describe.skipIf(!existsSync(example))('normaliser chain on the NOMAD DFT example archive (../shared)', () => {
  it('runs without errors, keeps the archive results and leaves only resolvable references', async () => {
    const { metadata: _metadata, ...archive } = JSON.parse(readFileSync(example, 'utf8')) as Section;
    const before = JSON.stringify((archive.results as Section).material);
    expect(await normalise(archive)).toEqual([]);
    const results = archive.results as Section;
    expect(JSON.stringify(results.material)).toBe(before);
    expect((results.method as Section).method_name).toBe('DFT');
    expect((results.properties as Section).available_properties).toEqual(
      expect.arrayContaining(['band_structure_electronic', 'dos_electronic', 'trajectory']),
    );
    const refs = references((results.properties as Section).electronic);
    for (const ref of refs) expect(resolveArchivePath(archive, ref), ref).toBeDefined();
  });
});
