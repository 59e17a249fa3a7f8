import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { ArtifactsSchema } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { buildArtifacts } from './artifacts.ts';

const nomadArtifacts = path.resolve(
  import.meta.dirname,
  '../../../../../shared/nomad-reference/artifacts.json',
);

describe('GUI artifacts', () => {
  const artifacts = buildArtifacts();

  it('validate against the contract and come from the search registry', () => {
    expect(Value.Check(ArtifactsSchema, artifacts)).toBe(true);
    expect(artifacts.searchQuantities['results.material.elements']).toMatchObject({
      name: 'elements',
      type: { type_kind: 'enum' },
      shape: ['*'],
      aggregatable: true,
    });
    // Single values carry no shape, so the GUI does not treat them as lists.
    expect(artifacts.searchQuantities['results.material.structural_type']).not.toHaveProperty('shape');
    expect(artifacts.unitList.find((unit) => unit.abbreviation === 'eV')?.dimension).toBe('energy');
    expect(artifacts.unitPrefixes.k?.value).toBe(1000);
    expect(artifacts.metainfo.packages.map((p) => (p as { name?: string }).name)).toContain(
      'nomad.datamodel.results',
    );
    expect(
      artifacts.searchQuantities['results.properties.electronic.dos_electronic.band_gap.value'],
    ).toMatchObject({
      unit: 'joule',
      repeats: true,
    });
  });

  it.skipIf(!existsSync(nomadArtifacts))('type every quantity NOMAD also has the way NOMAD does', () => {
    const nomad = JSON.parse(readFileSync(nomadArtifacts, 'utf8')) as {
      searchQuantities: Record<
        string,
        { type: { type_kind: string; type_data: unknown }; aggregatable: boolean }
      >;
    };
    const mismatches = Object.entries(artifacts.searchQuantities).flatMap(([name, ours]) => {
      const theirs = nomad.searchQuantities[name];
      if (!theirs) return [];
      const problems: string[] = [];
      // NOMAD types space_group_number as numpy int32; an int is the same to every client.
      if (theirs.type.type_kind !== ours.type.type_kind && theirs.type.type_kind !== 'numpy') {
        problems.push(`${name}: kind ${ours.type.type_kind} vs ${theirs.type.type_kind}`);
      }
      if (theirs.type.type_kind === 'enum') {
        const missing = (theirs.type.type_data as string[]).filter(
          (v) => !(ours.type.type_data as string[]).includes(v),
        );
        if (missing.length) problems.push(`${name}: enum lacks ${missing.join(', ')}`);
      }
      if (theirs.aggregatable !== ours.aggregatable)
        problems.push(`${name}: aggregatable ${ours.aggregatable}`);
      return problems;
    });
    expect(mismatches).toEqual([]);
  });
});
