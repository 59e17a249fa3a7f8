import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { ArtifactsSchema, type MetainfoArtifactPackage, type MetainfoArtifactSection } from '@oasis/schema';
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
    expect(artifacts.searchQuantities['results.material.structural_type']).toHaveProperty('type');
    expect(artifacts.unitList.find((unit) => unit.abbreviation === 'eV')?.dimension).toBe('energy');
    expect(artifacts.unitPrefixes.k?.value).toBe(1000);
    // NOMAD's GUI labels parser names and lists codes from these.
    expect(artifacts.parserMetadata.vasp).toMatchObject({ codeName: 'vasp', codeLabel: 'VASP' });
    // It puts the categories in the plural with a dictionary of a few words: an unknown one throws.
    const categories = Object.values(artifacts.parserMetadata).map((code) =>
      String((code as { codeCategory?: string }).codeCategory),
    );
    expect(categories.filter((category) => !/ (code|parser|manager)$/.test(category))).toEqual([]);
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

  it('list the sections of results as NOMAD does, nested where NOMAD searches items one by one', () => {
    expect(
      artifacts.searchQuantities['results.properties.electronic.band_structure_electronic.band_gap'],
    ).toMatchObject({ name: 'band_gap', nested: true, repeats: true });
    expect(artifacts.searchQuantities['results.material.symmetry']).toMatchObject({
      name: 'symmetry',
      nested: false,
      repeats: false,
    });
    // Inside a repeating section, a section repeats too.
    expect(artifacts.searchQuantities['results.material.topology.cell']).toMatchObject({
      nested: false,
      repeats: true,
    });
    expect(artifacts.searchQuantities).not.toHaveProperty('results');
  });

  it("have every quantity that NOMAD's GUI registers a filter with a query mode for, of a type with several values", () => {
    // Without these NOMAD's filter registry throws when its module loads (a query mode needs `multiple`,
    // which comes from a str, enum or bool type).
    const withQueryMode = [
      'quantities',
      'sections',
      'files',
      'section_defs.definition_qualified_name',
      'entry_references.target_entry_id',
      'entry_type',
      'entry_name.prefix',
      'processed',
      'results.properties.optoelectronic.solar_cell.device_stack',
      'results.properties.catalytic.reaction.products.name',
    ];
    const kinds = withQueryMode.map((name) => {
      const artifact = artifacts.searchQuantities[name];
      if (!artifact || !('type' in artifact)) return `${name}: missing`;
      const { type_kind, type_data } = artifact.type;
      return type_kind === 'enum' || type_data === 'str' || type_data === 'bool'
        ? 'ok'
        : `${name}: ${type_kind}`;
    });
    expect(kinds.filter((kind) => kind !== 'ok')).toEqual([]);
    expect(artifacts.searchQuantities['entry_name.prefix']).toMatchObject({
      name: 'entry_name',
      aggregatable: false,
    });
  });

  it("give every unit but the base units a definition NOMAD's GUI can build it from", () => {
    const withoutDefinition = artifacts.unitList.filter((unit) => unit.definition === undefined);
    expect(withoutDefinition.map((unit) => unit.name).sort()).toEqual([
      'ampere',
      'bit',
      'candela',
      'dimensionless',
      'kelvin',
      'kilogram',
      'meter',
      'mole',
      'radian',
      'second',
    ]);
    expect(artifacts.unitList.find((unit) => unit.name === 'electron_volt')).toMatchObject({
      definition: '1.602176634e-19 kilogram * meter ^ 2 / second ^ 2',
      offset: 0,
    });
  });

  it('define the archive root with its metadata and runs, for the archive browser', () => {
    const packages = artifacts.metainfo.packages as unknown as MetainfoArtifactPackage[];
    const at = (ref: string) => {
      const [, , i, , j] = ref.split('/');
      return packages[Number(i)]!.section_definitions[Number(j)]!;
    };
    const root = packages
      .find((pkg) => pkg.name === 'nomad.datamodel.datamodel')!
      .section_definitions.find((section) => section.name === 'EntryArchive')!;
    const sub = (section: MetainfoArtifactSection, name: string) =>
      at(section.sub_sections.find((s) => s.name === name)!.sub_section);
    const metadata = sub(root, 'metadata');
    expect(metadata.name).toBe('EntryMetadata');
    expect(metadata.quantities.map((q) => q.name)).toEqual(
      expect.arrayContaining(['entry_id', 'upload_id', 'mainfile', 'entry_create_time', 'processed']),
    );
    const run = sub(root, 'run');
    expect(run.sub_sections.map((s) => s.name)).toEqual([
      'program',
      'time_run',
      'message',
      'method',
      'system',
      'calculation',
    ]);
    expect(sub(run, 'program').quantities.map((q) => q.name)).toContain('version');
  });

  it.skipIf(!existsSync(nomadArtifacts))('type every quantity NOMAD also has the way NOMAD does', () => {
    const nomad = JSON.parse(readFileSync(nomadArtifacts, 'utf8')) as {
      searchQuantities: Record<
        string,
        | { type: { type_kind: string; type_data: unknown }; aggregatable: boolean }
        | { nested: boolean; repeats?: boolean }
      >;
    };
    const mismatches = Object.entries(artifacts.searchQuantities).flatMap(([name, ours]) => {
      const theirs = nomad.searchQuantities[name];
      if (!theirs) return [];
      if (!('type' in theirs) || !('type' in ours)) {
        const same =
          !('type' in theirs) &&
          !('type' in ours) &&
          theirs.nested === ours.nested &&
          (theirs.repeats ?? false) === ours.repeats;
        return same ? [] : [`${name}: section ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`];
      }
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
