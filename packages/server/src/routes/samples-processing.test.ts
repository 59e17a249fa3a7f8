// The shared sample files (real VASP runs and structure files) uploaded as one zip to the real
// server: every calculation and structure becomes an entry with the results checked below, broken
// files fail on their own. The samples live outside the repository, so this skips on a fresh clone.
import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
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

interface EntryDoc {
  entry_id: string;
  mainfile: string;
  process_status: string;
  processing_errors: string[];
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
}

describe.skipIf(!available)('processing the shared samples', () => {
  let server: TestServer;
  let token: string;
  let uploadId: string;
  let entries: Map<string, EntryDoc>;

  const query = async (body: Record<string, unknown>) =>
    json<{ data: EntryDoc[]; pagination: { total: number } }>(
      await fetch(
        `${server.api}/entries/query`,
        as(token, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ owner: 'user', pagination: { page_size: 100 }, ...body }),
        }),
      ),
    );

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'sampler');
    const files = [...Object.keys(expected), 'vasp/broken/broken.xml', 'vasp/RhCu-outcar/INCAR', 'README.md'];
    const zip = makeZip(Object.fromEntries(files.map((f) => [f, readFileSync(join(samples, f))])));
    ({ upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=samples.zip`, as(token, { method: 'POST', body: zip })),
    ));
    await waitProcessed(server, uploadId, token);
    const { data } = await query({ query: { upload_id: uploadId } });
    entries = new Map(data.map((e) => [e.mainfile, e]));
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

  const uploadZip = async (name: string) => {
    const response = await fetch(
      `${server.api}/uploads?file_name=${name}`,
      as(token, { method: 'POST', body: readFileSync(join(samples, 'zips', name)) }),
    );
    return { status: response.status, body: await json<{ upload_id: string; detail?: string }>(response) };
  };

  it('takes the sample zips: VASP with nomad.json metadata, compressed files, special characters', async () => {
    const external = await uploadZip('external_project_upload.zip');
    expect(external.status).toBe(200);
    await waitProcessed(server, external.body.upload_id, token);
    const { data } = await query({ query: { upload_id: external.body.upload_id } });
    const vasp = data.find((e) => e.mainfile === 'external_id/AcAg/vasp.xml') as EntryDoc &
      Record<string, unknown>;
    expect(vasp).toMatchObject({
      process_status: 'SUCCESS',
      external_id: 'external_example_id_1',
      external_db: 'Materials Project',
      comment: 'Data from a cool external project',
      references: ['http://external.project.eu/data/calc/external_id/'],
    });
    expect(vasp.results?.material?.chemical_formula_hill).toMatch(/Ac.*Ag|Ag.*Ac/);

    // 'test content' compressed twice: names that match no parser stay raw files.
    const compressed = await uploadZip('example_with_compressed.zip');
    await waitProcessed(server, compressed.body.upload_id, token);
    expect((await query({ query: { upload_id: compressed.body.upload_id } })).pagination.total).toBe(0);

    const special = await uploadZip('browser_test.zip');
    await waitProcessed(server, special.body.upload_id, token);
    const dir = await fetch(
      `${server.api}/uploads/${special.body.upload_id}/rawdir/deepdir/subdir1/subdir2`,
      as(token),
    );
    const listing = await json<{ directory_metadata: { content: Array<{ name: string }> } }>(dir);
    // yauzl reads the backslash in this Windows-made name as a folder separator (NOMAD keeps it).
    expect(listing.directory_metadata.content.map((c) => c.name)).toEqual(['dir special chars ~!?*']);
    const file = await fetch(
      `${server.api}/uploads/${special.body.upload_id}/raw/deepdir/subdir1/subdir2/${encodeURIComponent('dir special chars ~!?*')}/${encodeURIComponent(`()[]{}<>,.;:'"\`&@#$%=|`)}/f.txt`,
      as(token),
    );
    expect(file.status).toBe(200);
  });

  it('refuses the corrupt zip with a clear 400 and takes the empty one without entries', async () => {
    const corrupt = await uploadZip('examples_corrupt_zip.zip');
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.detail).toMatch(/zip/i);
    const empty = await uploadZip('empty.zip');
    expect(empty.status).toBe(200);
    const state = await waitProcessed(server, empty.body.upload_id, token);
    expect(state).toMatchObject({ process_status: 'SUCCESS', errors: [] });
  });
});
