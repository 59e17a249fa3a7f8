import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ArtifactsSchema } from '../artifacts/artifacts.ts';
import {
  metainfoArtifactPackages,
  type MetainfoArtifactPackage,
  type MetainfoArtifactSection,
} from './artifacts-format.ts';
import { builtinPackages } from './builtin/archive.ts';

const packages = metainfoArtifactPackages(builtinPackages);

const deref = (all: MetainfoArtifactPackage[], ref: string): MetainfoArtifactSection => {
  const [, i, j] = /^\/packages\/(\d+)\/section_definitions\/(\d+)/.exec(ref) ?? [];
  const section = all[Number(i)]?.section_definitions[Number(j)];
  if (!section) throw new Error(`dangling ${ref}`);
  return section;
};

/** Follows sub-sections from the EntryArchive section, as NOMAD's GUI does. */
const sectionAtPath = (path: string): MetainfoArtifactSection =>
  path.split('.').reduce(
    (section, name) => {
      const sub = section.sub_sections.find((s) => s.name === name);
      if (!sub) throw new Error(`no sub-section ${name} in ${section.name}`);
      return deref(packages, sub.sub_section);
    },
    packages.flatMap((p) => p.section_definitions).find((s) => s.name === 'EntryArchive')!,
  );

describe('metainfo in NOMAD artifacts format', () => {
  it('fits the artifacts contract and links sections by package index', () => {
    expect(Value.Check(ArtifactsSchema.properties.metainfo, { packages })).toBe(true);
    expect(packages.map((p) => p.name)).toContain('nomad.datamodel.results');
    const symmetry = sectionAtPath('results.material.symmetry');
    expect(symmetry.name).toBe('Symmetry');
    expect(symmetry.quantities.find((q) => q.name === 'space_group_number')?.type).toEqual({
      type_kind: 'python',
      type_data: 'int',
    });
    const gap = sectionAtPath('results.properties.electronic.dos_electronic.band_gap');
    expect(gap.quantities.find((q) => q.name === 'value')).toMatchObject({
      type: { type_kind: 'numpy', type_data: 'float64' },
      unit: 'joule',
    });
  });

  it('resolves quantity and section references', () => {
    const dos = sectionAtPath('results.properties.electronic.dos_electronic');
    const energies = dos.quantities.find((q) => q.name === 'energies');
    expect(energies?.type.type_kind).toBe('quantity_reference');
    const [sectionRef, index] = String(energies?.type.type_data).split('/quantities/');
    const target = deref(packages, sectionRef!);
    expect(target.name).toBe('Dos');
    expect(target.quantities[Number(index)]?.name).toBe('energies');
    const calc = sectionAtPath('run.calculation');
    expect(
      deref(packages, String(calc.quantities.find((q) => q.name === 'system_ref')?.type.type_data)).name,
    ).toBe('System');
  });

  it("resolves references to any section by qualified name, as NOMAD's GUI looks them up", () => {
    const qualified = packages.flatMap((p) =>
      p.section_definitions.flatMap((s) =>
        s.quantities.flatMap((q) =>
          q.type.type_kind === 'reference' && !String(q.type.type_data).startsWith('/')
            ? [String(q.type.type_data)]
            : [],
        ),
      ),
    );
    expect(qualified).toContain('nomad.datamodel.data.ArchiveSection');
    // Each target's package comes first: NOMAD's GUI finds only the packages it has read.
    const names = new Set(packages[0]!.section_definitions.map((s) => `${packages[0]!.name}.${s.name}`));
    expect(qualified.filter((name) => !names.has(name))).toEqual([]);
  });

  it('marks workflow variants with their base section', () => {
    const geometry = packages
      .flatMap((p) => p.section_definitions)
      .find((s) => s.name === 'GeometryOptimization' && s.base_sections);
    expect(deref(packages, geometry?.base_sections?.[0] ?? '').name).toBe('Workflow');
  });

  it('refuses sections outside the given packages', () => {
    expect(() => metainfoArtifactPackages(builtinPackages.slice(0, 2))).toThrow(
      /is not in any of the given packages/,
    );
  });
});
