// Archive files carrying vibrational and molecular-dynamics results, processed by the real server: the
// results survive, the metadata lists the properties and the overview's archive requests resolve them.
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uploadProcessed } from '../testing/http.ts';
import { propertyArchiveFiles } from '../testing/property-archives.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

// The archives' and metadata's deep sections are untyped in the contract.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('archive files with phonon and molecular-dynamics results', () => {
  let server: TestServer;
  let alice: ApiClient;
  const ids: Record<string, string> = {};

  const archiveQuery = async (entryId: string, required: Record<string, unknown>) =>
    (await alice.call('entryArchiveQuery', { params: { entry_id: entryId }, body: { required } })).data
      .archive as Json;

  beforeAll(async () => {
    server = await startTestServer();
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    const zip = makeZip(Object.fromEntries(propertyArchiveFiles().map((file) => [file.name, file.buffer])));
    // Answers once the upload's processing has succeeded.
    const { entries } = await uploadProcessed(alice, 'data.zip', zip);
    for (const row of entries) {
      expect(row.process_status).toBe('SUCCESS');
      ids[row.mainfile] = row.entry_id;
    }
  });
  afterAll(async () => server?.close());

  const metadata = async (mainfile: string) =>
    (await alice.call('entryById', { params: { entry_id: ids[mainfile]! } })).data as Json;

  it('lists the vibrational properties of the phonon entry and resolves their references', async () => {
    const entry = await metadata('phonon.archive.json');
    // The material comes from the run's system, as for a parsed run.
    expect(entry.results.material).toMatchObject({
      chemical_formula_reduced: 'Si',
      symmetry: { space_group_symbol: 'Fd-3m' },
    });
    expect(entry.results.properties.available_properties).toEqual([
      'band_structure_phonon',
      'dos_phonon',
      'energy_free_helmholtz',
      'heat_capacity_constant_volume',
    ]);
    const archive = await archiveQuery(ids['phonon.archive.json']!, {
      results: { properties: { vibrational: 'include-resolved' } },
    });
    const vibrational = archive.results.properties.vibrational;
    expect(vibrational.heat_capacity_constant_volume.temperatures).toBe('/workflow2/results/temperature');
    // The referenced arrays come along at their own paths, and nothing else of the run does.
    expect(archive.run[0].calculation[0].dos_phonon[0].energies).toHaveLength(101);
    expect(archive.run[0].calculation[0].dos_phonon[0].total[0].value).toHaveLength(101);
    expect(archive.run[0].calculation[0].band_structure_phonon[0].segment).toHaveLength(4);
    expect(archive.run[0].system).toBeUndefined();
    expect(archive.workflow2.results.heat_capacity_c_v).toHaveLength(51);
    expect(archive.workflow2.results.vibrational_free_energy_at_constant_volume).toHaveLength(51);
  });

  it('keeps the MD results and indexes their searchable values', async () => {
    const entry = await metadata('md.archive.json');
    const properties = entry.results.properties;
    expect(properties.available_properties).toEqual([
      'mean_squared_displacement',
      'radial_distribution_function',
      'radius_of_gyration',
      'trajectory',
    ]);
    // The metadata holds labels and settings, not the arrays.
    expect(properties.structural.radial_distribution_function[0]).toMatchObject({
      type: 'molecular',
      label: 'SOL-SOL',
    });
    expect(properties.structural.radial_distribution_function[0].value).toBeUndefined();
    const archive = await archiveQuery(ids['md.archive.json']!, {
      results: { properties: { thermodynamic: '*', structural: '*', dynamical: '*' } },
    });
    expect(archive.results.properties.thermodynamic.trajectory[0].temperature.value).toHaveLength(101);
    expect(archive.results.properties.structural.radial_distribution_function[0].bins).toHaveLength(120);
    expect(archive.results.properties.dynamical.mean_squared_displacement[0].value).toHaveLength(101);

    // Searching by property finds exactly this entry.
    const found = await alice.call('entriesQuery', {
      body: {
        owner: 'user',
        query: { 'results.properties.available_properties': 'mean_squared_displacement' },
      },
    });
    expect(found.data.map((e) => e.entry_id)).toEqual([ids['md.archive.json']]);
  });

  it('lists the mechanical properties of the equation-of-state entry with its moduli indexed', async () => {
    const entry = await metadata('eos.archive.json');
    expect(entry.results.properties.available_properties).toEqual(['bulk_modulus', 'energy_volume_curve']);
    expect(entry.results.properties.mechanical.bulk_modulus).toEqual([
      { type: 'birch_murnaghan', value: 88e9 },
    ]);
    const archive = await archiveQuery(ids['eos.archive.json']!, {
      results: { properties: { mechanical: 'include-resolved' } },
    });
    expect(archive.workflow2.results.volumes).toHaveLength(7);
    expect(archive.workflow2.results.eos_fit[0].fitted_energies).toHaveLength(7);
  });

  it('keeps spectra and solar cells, indexing their searchable values', async () => {
    const eels = await metadata('eels.archive.json');
    expect(eels.results.properties.available_properties).toEqual(['spectra']);
    expect(eels.results.properties.spectroscopic.spectra[0]).toMatchObject({
      type: 'EELS',
      label: 'experiment',
    });
    expect(eels.results.properties.spectroscopic.spectra[0].energies).toBeUndefined();
    const archive = await archiveQuery(ids['eels.archive.json']!, {
      results: { properties: { spectroscopic: 'include-resolved' } },
    });
    expect(archive.results.properties.spectroscopic.spectra[0].intensities).toHaveLength(200);
    const solar = await metadata('solar.archive.json');
    expect(solar.results.properties.available_properties).toEqual(['solar_cell']);
    expect(solar.results.properties.optoelectronic.solar_cell).toMatchObject({
      efficiency: 18.5,
      absorber: ['MAPbI3'],
    });
  });

  it("finds the entries referencing the phonon entry as the 'referenced by' card asks", async () => {
    const found = await alice.call('entriesQuery', {
      body: {
        owner: 'visible',
        query: { 'entry_references.target_entry_id': ids['phonon.archive.json'] },
        pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
        required: { include: ['entry_id', 'entry_name', 'mainfile', 'upload_id'] },
      },
    });
    expect(found.data).toEqual([
      expect.objectContaining({ entry_id: ids['notes.archive.json'], mainfile: 'notes.archive.json' }),
    ]);
  });

  it('logs no indexing warnings for the property archives', async () => {
    for (const mainfile of Object.keys(ids).filter((name) => name !== 'notes.archive.json')) {
      const archive = await archiveQuery(ids[mainfile]!, { processing_logs: '*' });
      const warnings = (archive.processing_logs as Json[]).filter((log) => log.level !== 'INFO');
      expect(warnings.map((log) => log.event)).toEqual([]);
    }
  });
});
