import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nexusHdf5, plainHdf5, type NexusSample } from '../../../testing/hdf5-samples.ts';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { nexusEntryType } from './nexus.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-nexus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `bytes` as `name` and processes it as the registry matches it. */
const processFile = async (name: string, bytes: Buffer) => {
  const absolutePath = path.join(dir, name);
  writeFileSync(absolutePath, bytes);
  const parser = matchParser(name, bytes.subarray(0, 4096));
  if (!parser) return { parser: undefined, result: undefined };
  return {
    parser: parser.name,
    result: await parseMainfile({ absolutePath, relativePath: name, uploadId: 'u1', parser }),
  };
};

const processNexus = async (name: string, sample: NexusSample) => {
  const { parser, result } = await processFile(name, await nexusHdf5(sample));
  expect(parser).toBe('parsers/nexus');
  if (!result?.ok) throw new Error(`not processed: ${JSON.stringify(result?.error)}`);
  const archive = result.archive as {
    metadata: Record<string, unknown>;
    results?: { material?: Record<string, unknown> };
  };
  const warnings = result.logs.filter((log) => log.level === 'WARNING').map((log) => log.event);
  return { metadata: archive.metadata, material: archive.results?.material, warnings };
};

describe('the NeXus parser', () => {
  it('names the entry by its application definition and takes the sample’s formula', async () => {
    const { metadata, material, warnings } = await processNexus('film.nxs', {
      definitions: ['NXmpes'],
      formula: 'Fe2O3',
    });
    expect(metadata).toMatchObject({
      entry_type: 'Mpes Experiment',
      domain: 'nexus',
      parser_name: 'parsers/nexus',
    });
    expect(material).toEqual({
      elements: ['Fe', 'O'],
      n_elements: 2,
      elements_exclusive: 'Fe O',
      chemical_formula_hill: 'Fe2O3',
      chemical_formula_reduced: 'Fe2O3',
      chemical_formula_iupac: 'Fe2O3',
      chemical_formula_anonymous: 'A3B2',
      chemical_formula_descriptive: 'Fe2O3',
    });
    expect(warnings).toEqual([]);
  });

  it('joins the elements of atom_types and of several formulas, and says what it ignored', async () => {
    const { material, warnings } = await processNexus('layers.nxs', {
      definitions: ['NXxps'],
      formula: 'SrTiO3',
      componentFormula: 'Ca(OH)2',
      atomTypes: 'Sr, Ti, O, Qq',
    });
    expect(material).toEqual({
      elements: ['Ca', 'H', 'O', 'Sr', 'Ti'],
      n_elements: 5,
      elements_exclusive: 'Ca H O Sr Ti',
    });
    expect(warnings).toEqual([
      'atom_types names Qq, which is no element: left out',
      'the samples state several formulas (SrTiO3, Ca(OH)2): only their elements are kept',
    ]);
  });

  it('keeps the formula beside atom_types, which NOMAD drops', async () => {
    const { material } = await processNexus('cube.nxs', {
      definitions: ['NXmpes'],
      formula: 'NaCl',
      atomTypes: ['Na', 'Cl'],
    });
    expect(material).toMatchObject({
      elements: ['Cl', 'Na'],
      chemical_formula_descriptive: 'NaCl',
      chemical_formula_hill: 'ClNa',
    });
  });

  it('writes no material without a sample formula or elements, and says so', async () => {
    const { metadata, material, warnings } = await processNexus('bare.nxs', {
      definitions: ['NXmpes', 'NXxps', ''],
    });
    expect(metadata.entry_type).toBe('Mpes, Xps, Generic Experiments');
    expect(material).toBeUndefined();
    expect(warnings).toContain('the samples state no chemical formula');
  });

  it('claims .nxs files that are HDF5 only; a damaged one fails its entry with the file’s name', async () => {
    expect((await processFile('notes.nxs', Buffer.from('NeXus notes, not HDF5\n'))).parser).toBeUndefined();
    expect((await processFile('plain.h5', await plainHdf5())).parser).toBeUndefined();
    const whole = await nexusHdf5({ definitions: ['NXmpes'], formula: 'Si' });
    const { parser, result } = await processFile('cut.nxs', whole.subarray(0, 600));
    expect(parser).toBe('parsers/nexus');
    expect(result?.ok).toBe(false);
    expect(result?.ok === false && result.error.message).toMatch(
      /^parser failed: cut\.nxs is cut short: it has 600 bytes, its HDF5 superblock says \d+ bytes$/,
    );
  });

  it('fails a file whose objects are overwritten, with the file’s name', async () => {
    const whole = await nexusHdf5({ definitions: ['NXmpes'], formula: 'Si' });
    // The signature and superblock survive; what they point to is noise.
    const scrambled = Buffer.concat([whole.subarray(0, 96), Buffer.alloc(whole.length - 96, 0xa5)]);
    const { result } = await processFile('noise.nxs', scrambled);
    expect(result?.ok).toBe(false);
    expect(result?.ok === false && result.error.message).toMatch(
      /^parser failed: noise\.nxs could not be read as an HDF5 file: /,
    );
  });

  it('names entry types as NOMAD does', () => {
    expect(nexusEntryType([])).toBe('Experiment');
    expect(nexusEntryType(['NXem', 'NXem'])).toBe('Em Experiment');
    expect(nexusEntryType(['apm_results'])).toBe('Apm_results Experiment');
  });
});
