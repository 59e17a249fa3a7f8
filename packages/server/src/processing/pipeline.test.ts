import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from './ids.ts';
import { parseMainfile } from './pipeline.ts';

const CIF = `data_CsCl
_cell_length_a 4.123
_cell_length_b 4.123
_cell_length_c 4.123
_cell_angle_alpha 90
_cell_angle_beta 90
_cell_angle_gamma 90
_symmetry_space_group_name_H-M 'P m -3 m'
_symmetry_Int_Tables_number 221
loop_
_atom_site_label
_atom_site_fract_x
_atom_site_fract_y
_atom_site_fract_z
Cs1 0 0 0
Cl1 0.5 0.5 0.5
`;

const SCHEMA = `definitions:
  name: My schema
  sections:
    Thing:
      base_sections: [nomad.datamodel.data.EntryData]
`;

let raw = '';
const fixed = (): Date => new Date('2024-01-02T03:04:05.000Z');

beforeAll(async () => {
  raw = await mkdtemp(join(tmpdir(), 'oasis-processing-'));
  await mkdir(join(raw, 'sub'));
  await writeFile(join(raw, 'sub', 'CsCl.cif'), CIF);
  await writeFile(join(raw, 'sub', 'CsCl2.cif.gz'), gzipSync(Buffer.from(CIF)));
  await writeFile(join(raw, 'broken.cif'), 'data_broken\n_cell_length_a 1\n');
  await writeFile(join(raw, 'schema.archive.yaml'), SCHEMA);
  await writeFile(
    join(raw, 'schema2.archive.json'),
    JSON.stringify({
      definitions: {
        section_definitions: [{ name: 'Measurement', quantities: [{ name: 'value', type: 'int' }] }],
      },
    }),
  );
  await writeFile(
    join(raw, 'sub', 'data.archive.json'),
    JSON.stringify({
      metadata: { entry_name: 'custom name', entry_id: 'forged' },
      data: {
        m_def: '../upload/raw/schema2.archive.json#/definitions/section_definitions/0',
        value: 1,
        undeclared: 2,
      },
    }),
  );
  await writeFile(join(raw, 'list.archive.json'), '[1, 2, 3]');
});

afterAll(async () => {
  if (raw) await rm(raw, { recursive: true, force: true });
});

const run = (relativePath: string, parser: string): ReturnType<typeof parseMainfile> =>
  parseMainfile({
    absolutePath: join(raw, relativePath),
    relativePath,
    uploadId: 'upload1',
    parser,
    now: fixed,
  });

describe('parseMainfile', () => {
  it('builds a CIF entry archive with metadata, material and structure in SI units', async () => {
    const result = await run('sub/CsCl.cif', 'parsers/cif');
    expect(result.ok).toBe(true);
    const { archive } = result;
    expect(archive.metadata).toMatchObject({
      entry_id: generateEntryId('upload1', 'sub/CsCl.cif'),
      upload_id: 'upload1',
      mainfile: 'sub/CsCl.cif',
      parser_name: 'parsers/cif',
      entry_name: 'CsCl.cif',
      entry_type: 'CIF',
    });
    expect(archive.metadata.entry_hash).toHaveLength(28);
    const results = archive.results as {
      material: Record<string, unknown>;
      properties: { structures: { structure_original: Record<string, unknown> } };
    };
    expect(results.material).toMatchObject({
      structural_type: 'bulk',
      elements: ['Cl', 'Cs'],
      chemical_formula_iupac: 'CsCl',
      symmetry: { space_group_number: 221, space_group_symbol: 'Pm-3m' },
    });
    const original = results.properties.structures.structure_original;
    expect(original.cell_volume as number).toBeCloseTo(4.123 ** 3 * 1e-30, 40);
    expect((original.cartesian_site_positions as number[][])[1]?.[0]).toBeCloseTo(2.0615e-10, 20);
    expect(result.logs.every((l) => l.level !== 'ERROR' && l.parser === 'parsers/cif')).toBe(true);
    expect(result.logs[0]?.timestamp).toBe('2024-01-02T03:04:05.000Z');
    expect(archive.processing_logs).toBe(result.logs);
    // The archive is plain data.
    expect(JSON.parse(JSON.stringify(archive))).toEqual(archive);
  });

  it('decompresses gzip mainfiles', async () => {
    const result = await run('sub/CsCl2.cif.gz', 'parsers/cif');
    expect(result.ok).toBe(true);
    expect(
      (result.archive.results as { material: { chemical_formula_hill: string } }).material
        .chemical_formula_hill,
    ).toBe('ClCs');
  });

  it('returns a structured failure instead of throwing', async () => {
    const result = await run('broken.cif', 'parsers/cif');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({
      step: 'parse',
      parser: 'parsers/cif',
      message: 'parser failed: CIF file has no atom sites',
    });
    expect(result.logs.at(-1)).toMatchObject({
      level: 'ERROR',
      event: 'parser failed: CIF file has no atom sites',
    });
    expect(result.archive.metadata.entry_id).toBe(generateEntryId('upload1', 'broken.cif'));
    expect(result.errors).toEqual(['parser failed: CIF file has no atom sites']);
  });

  it("fails a file larger than its parser's limit before reading it, naming the limit", async () => {
    await writeFile(join(raw, 'big.archive.yaml'), Buffer.alloc(9 * 1024 ** 2, 0x20));
    const result = await run('big.archive.yaml', 'parsers/archive');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({
        step: 'limit',
        message: 'big.archive.yaml is too large to parse: 9 MB, over the limit of 8 MB for parsers/archive',
        parser: 'parsers/archive',
      });
    // Compressed files are held to the limit of what they unpack to.
    await writeFile(join(raw, 'huge.cif.gz'), gzipSync(Buffer.alloc(33 * 1024 ** 2, 0x20)));
    const packed = await run('huge.cif.gz', 'parsers/cif');
    if (!packed.ok)
      expect(packed.error.message).toBe(
        'huge.cif.gz is too large to parse: it unpacks to more than the limit of 32 MB for parsers/cif',
      );
    expect(packed.ok).toBe(false);
  });

  it('fails cleanly for missing files and unknown parsers', async () => {
    const missing = await run('nope.cif', 'parsers/cif');
    expect(missing.ok).toBe(false);
    if (!missing.ok)
      expect(missing.error).toMatchObject({
        step: 'read',
        message: 'could not read mainfile: nope.cif: ENOENT',
      });
    const unknown = await run('sub/CsCl.cif', 'parsers/unknown');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toMatch(/no parser named 'parsers\/unknown'/);
  });

  it('parses archive files: schema entries and data entries with resolved m_def', async () => {
    const schema = await run('schema.archive.yaml', 'parsers/archive');
    expect(schema.ok).toBe(true);
    expect(schema.archive.metadata).toMatchObject({ entry_type: 'Schema', entry_name: 'My schema' });
    expect(schema.archive.definitions).toMatchObject({ name: 'My schema' });

    const data = await run('sub/data.archive.json', 'parsers/archive');
    expect(data.ok).toBe(true);
    expect(data.archive.metadata).toMatchObject({
      entry_type: 'Measurement',
      entry_name: 'custom name',
      entry_id: generateEntryId('upload1', 'sub/data.archive.json'),
    });
    expect(data.archive.data).toMatchObject({ value: 1 });
    // What the definition does not know is left out, and the log says so.
    expect(data.archive.data).not.toHaveProperty('undeclared');
    expect(data.logs.map((log) => log.event)).toContain(
      'data.undeclared is not defined by the section Measurement; it is left out',
    );
  });

  it('reports non-object archive roots', async () => {
    const result = await run('list.archive.json', 'parsers/archive');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/must contain an object/);
  });

  it('accepts content from the caller and a mainfile key', async () => {
    const result = await parseMainfile({
      absolutePath: '/nowhere/x.archive.json',
      relativePath: 'x.archive.json',
      uploadId: 'u',
      parser: 'parsers/archive',
      mainfileKey: 'child1',
      content: Buffer.from('{"data": {"m_def": "a.b.Sample", "name": "S1"}}'),
    });
    expect(result.ok).toBe(true);
    expect(result.entryId).toBe(generateEntryId('u', 'x.archive.json', 'child1'));
    expect(result.archive.metadata).toMatchObject({
      entry_type: 'Sample',
      entry_name: 'S1',
      mainfile_key: 'child1',
    });
  });
});
