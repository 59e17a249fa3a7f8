// The shared sample files (real VASP runs and structure files) uploaded as one zip to the real
// server: every calculation and structure becomes an entry with the results checked below, broken
// files fail on their own. The samples live outside the repository, so this skips on a fresh clone.
import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiClient } from '@oasis/client';
import type { EntriesQueryRequest, EntryMetadata } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

const samples = fileURLToPath(new URL('../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available)
  console.warn(`sample processing tests skipped: ${samples} is absent (shared workspace files)`);

interface Expected {
  formula: string;
  structuralType: string;
  spaceGroup?: [number, string];
  program?: string;
  workflow?: string;
  properties: string[];
}

/**
 * Values checked by hand against the files: compositions from the atominfo / atom-site blocks;
 * space groups from the literature for these compounds (NdFe4B4 P4_2/nmc, SrTiO3 perovskite Pm-3m,
 * Si diamond Fd-3m, 2H-AgCoO2 delafossite P6_3/mmc, NaCl rock salt Fm-3m); 'N-molecule' holds one N
 * atom; PdAg and RhCu are slabs; the xyz file is a CP2K trajectory without a cell.
 */
const expected: Record<string, Expected> = {
  'vasp/Si-workflow/vasprun.xml': {
    formula: 'B8Fe8Nd2',
    structuralType: 'bulk',
    spaceGroup: [137, 'P4_2/nmc'],
    program: 'VASP',
    workflow: 'GeometryOptimization',
    properties: ['dos_electronic', 'geometry_optimization'],
  },
  'vasp/N-molecule/vasprun.xml': {
    formula: 'N',
    structuralType: 'atom',
    program: 'VASP',
    workflow: 'SinglePoint',
    properties: ['dos_electronic'],
  },
  'vasp/PdAg-surface/vasprun.xml': {
    formula: 'Ag44Pd',
    structuralType: 'surface',
    program: 'VASP',
    workflow: 'SinglePoint',
    properties: ['dos_electronic'],
  },
  'vasp/parser-vasp/vasp.xml': {
    formula: 'O3SrTi',
    structuralType: 'bulk',
    spaceGroup: [221, 'Pm-3m'],
    program: 'VASP',
    workflow: 'SinglePoint',
    properties: ['dos_electronic'],
  },
  'vasp/dos-unpolarized/vasprun.xml.xz': {
    formula: 'Si2',
    structuralType: 'bulk',
    spaceGroup: [227, 'Fd-3m'],
    program: 'VASP',
    workflow: 'SinglePoint',
    properties: ['dos_electronic'],
  },
  'vasp/bands-cF/vasprun.xml.bands.xz': {
    formula: 'Si2',
    structuralType: 'bulk',
    spaceGroup: [227, 'Fd-3m'],
    program: 'VASP',
    workflow: 'SinglePoint',
    properties: ['band_structure_electronic', 'electronic.band_structure_electronic.band_gap'],
  },
  'vasp/RhCu-outcar/OUTCAR': {
    formula: 'Cu44Rh',
    structuralType: 'surface',
    program: 'VASP',
    workflow: 'GeometryOptimization',
    properties: ['geometry_optimization'],
  },
  'structures/SARSUC.cif': { formula: 'C60H48N4Ni4O16', structuralType: 'bulk', properties: [] },
  'structures/Ag1Co1O2_ICSD_246157.cif': {
    formula: 'Ag2Co2O4',
    structuralType: 'bulk',
    spaceGroup: [194, 'P6_3/mmc'],
    properties: [],
  },
  'structures/NaCl.CONTCAR': {
    formula: 'Cl4Na4',
    structuralType: 'bulk',
    spaceGroup: [225, 'Fm-3m'],
    properties: [],
  },
  'structures/si_md-pos-1.xyz': {
    formula: 'Si8',
    structuralType: 'molecule / cluster',
    workflow: 'MolecularDynamics',
    properties: [],
  },
};

/** An entry as found, with the parts of its results checked here, which the contract leaves open. */
type EntryDoc = EntryMetadata & {
  process_status?: string;
  results?: {
    material?: {
      chemical_formula_hill?: string;
      structural_type?: string;
      material_id?: string;
      symmetry?: { space_group_number?: number; space_group_symbol?: string };
    };
    method?: { workflow_name?: string; simulation?: { program_name?: string } };
    properties?: {
      available_properties?: string[];
      electronic?: {
        band_structure_electronic?: Array<{ band_gap?: Array<{ value: number; type: string }> }>;
      };
    };
  };
};

describe.skipIf(!available)('processing the shared samples', () => {
  let server: TestServer;
  let token: string;
  let api: ApiClient;
  let uploadId: string;
  let entries: Map<string, EntryDoc>;

  const query = async (body: EntriesQueryRequest) => {
    const answer = await api.call('entriesQuery', {
      body: { owner: 'user', pagination: { page_size: 100 }, ...body },
    });
    return { ...answer, data: answer.data as EntryDoc[] };
  };
  const upload = async (name: string, content: Uint8Array) =>
    (await api.upload('uploadCreate', new Blob([content]), { query: { file_name: name } })).upload_id;

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'sampler');
    api = apiClient(server, token);
    const files = [...Object.keys(expected), 'vasp/broken/broken.xml', 'vasp/RhCu-outcar/INCAR', 'README.md'];
    const zip = makeZip(Object.fromEntries(files.map((f) => [f, readFileSync(join(samples, f))])));
    uploadId = await upload('samples.zip', zip);
    await waitProcessed(server, uploadId, token);
    const { data } = await query({ query: { upload_id: uploadId } });
    entries = new Map(data.map((e) => [e.mainfile!, e]));
  }, 120_000);
  afterAll(async () => server?.close());

  it('makes one entry per calculation or structure; the truncated vasprun keeps its input structure', () => {
    expect([...entries.keys()].sort()).toEqual([...Object.keys(expected), 'vasp/broken/broken.xml'].sort());
    // Cut inside its first SCF step (line 2151): no calculation, but the input structure is an entry.
    const broken = entries.get('vasp/broken/broken.xml');
    expect(broken?.process_status).toBe('SUCCESS');
    expect(broken?.results?.material?.chemical_formula_hill).toBe('Cs2Tb2Te6Zn2');
  });

  it.each(Object.entries(expected))('%s has the expected results', (mainfile, want) => {
    const entry = entries.get(mainfile);
    expect(entry?.process_status).toBe('SUCCESS');
    const results = entry?.results;
    expect(results?.material?.chemical_formula_hill).toBe(want.formula);
    expect(results?.material?.structural_type).toBe(want.structuralType);
    if (want.spaceGroup) {
      const [number, symbol] = want.spaceGroup;
      expect(results?.material?.symmetry).toMatchObject({
        space_group_number: number,
        space_group_symbol: symbol,
      });
      expect(results?.material?.material_id).toHaveLength(28);
    }
    expect(results?.method?.simulation?.program_name).toBe(want.program);
    expect(results?.method?.workflow_name).toBe(want.workflow);
    expect(results?.properties?.available_properties ?? []).toEqual(want.properties);
  });

  it('indexes the band gap of the band structure (silicon: indirect, about 0.6 eV)', () => {
    const [gap] =
      entries.get('vasp/bands-cF/vasprun.xml.bands.xz')?.results?.properties?.electronic
        ?.band_structure_electronic?.[0]?.band_gap ?? [];
    expect(gap?.type).toBe('indirect');
    expect((gap?.value ?? 0) / EV).toBeGreaterThan(0.5);
    expect((gap?.value ?? 0) / EV).toBeLessThan(0.7);
  });

  it('finds entries by the new search quantities', async () => {
    const silicon = await query({
      query: { upload_id: uploadId, 'results.material.symmetry.space_group_number': 227 },
    });
    expect(silicon.data.map((e) => e.mainfile).sort()).toEqual([
      'vasp/bands-cF/vasprun.xml.bands.xz',
      'vasp/dos-unpolarized/vasprun.xml.xz',
    ]);
    // Two silicon entries, two cells of the same material: one material id.
    expect(new Set(silicon.data.map((e) => e.results?.material?.material_id)).size).toBe(1);
    const surfaces = await query({
      query: { upload_id: uploadId, 'results.material.structural_type': 'surface' },
    });
    expect(surfaces.pagination.total).toBe(2);
  });

  const uploadZip = (name: string) => upload(name, readFileSync(join(samples, 'zips', name)));

  it('takes the sample zips: VASP with nomad.json metadata, compressed files, special characters', async () => {
    const external = await uploadZip('external_project_upload.zip');
    await waitProcessed(server, external, token);
    const { data } = await query({ query: { upload_id: external } });
    const vasp = data.find((e) => e.mainfile === 'external_id/AcAg/vasp.xml');
    expect(vasp).toMatchObject({
      process_status: 'SUCCESS',
      external_id: 'external_example_id_1',
      external_db: 'Materials Project',
      comment: 'Data from a cool external project',
      references: ['http://external.project.eu/data/calc/external_id/'],
    });
    expect(vasp?.results?.material?.chemical_formula_hill).toMatch(/Ac.*Ag|Ag.*Ac/);

    // 'test content' compressed twice: names that match no parser stay raw files.
    const compressed = await uploadZip('example_with_compressed.zip');
    await waitProcessed(server, compressed, token);
    expect((await query({ query: { upload_id: compressed } })).pagination.total).toBe(0);

    const special = await uploadZip('browser_test.zip');
    await waitProcessed(server, special, token);
    const listing = await api.call('uploadRawDir', {
      params: { upload_id: special, path: 'deepdir/subdir1/subdir2' },
    });
    // yauzl reads the backslash in this Windows-made name as a folder separator (NOMAD keeps it).
    expect(listing.directory_metadata?.content.map((c) => c.name)).toEqual(['dir special chars ~!?*']);
    // The client encodes each segment of the path, special characters included.
    const file = api.file('uploadRawFile', {
      params: {
        upload_id: special,
        path: `deepdir/subdir1/subdir2/dir special chars ~!?*/()[]{}<>,.;:'"\`&@#$%=|/f.txt`,
      },
    });
    await expect(file).resolves.toHaveProperty('blob');
  });

  it('refuses the corrupt zip with a clear 400 and takes the empty one without entries', async () => {
    const [status, body] = await refusalOf(uploadZip('examples_corrupt_zip.zip'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail: expect.stringMatching(/zip/i) });
    const empty = await uploadZip('empty.zip');
    const state = await waitProcessed(server, empty, token);
    expect(state).toMatchObject({ process_status: 'SUCCESS', errors: [] });
  });
});
