// GET systems/{entry_id} against the real server: a CIF upload is processed, its topology systems come
// back as CIF, XYZ and PDB files; bad paths, formats and systems without atoms get NOMAD's errors.
import type { ApiClient } from '@oasis/client';
import type { SystemQuery } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, as, json, refusalOf, uploadProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

/** A molecule across the cell's face, as a NOMAD archive file: one H of the water sits at x = 9.6 Å. */
const waterArchive = {
  run: [
    {
      system: [
        {
          atoms: {
            labels: ['O', 'H', 'H'],
            positions: [
              [0.2e-10, 5e-10, 5e-10],
              [9.6e-10, 5e-10, 5e-10],
              [0.44e-10, 5.93e-10, 5e-10],
            ],
            lattice_vectors: [
              [10e-10, 0, 0],
              [0, 10e-10, 0],
              [0, 0, 10e-10],
            ],
            periodic: [true, true, true],
          },
        },
        { is_representative: false },
        { atoms: { labels: ['He'], positions: [[0, 0, 0]], periodic: [false, false, false] } },
      ],
    },
  ],
};

describe('GET systems/{entry_id}', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;
  let bobApi: ApiClient;
  let naclEntry: string;
  let waterEntry: string;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    aliceApi = apiClient(server, alice);
    bobApi = apiClient(server, await createUserWithToken(server, 'bob'));
    const zip = makeZip({ 'NaCl.cif': naclCif, 'water.archive.json': JSON.stringify(waterArchive) });
    // Answers once the upload's processing has succeeded.
    const { entries } = await uploadProcessed(aliceApi, 'data.zip', zip);
    naclEntry = entries.find((e) => e.mainfile === 'NaCl.cif')!.entry_id;
    waterEntry = entries.find((e) => e.mainfile === 'water.archive.json')!.entry_id;
  });
  afterAll(async () => server.close());

  const system = (entryId: string, query: SystemQuery, api = aliceApi) =>
    api.file('systemFile', { params: { entry_id: entryId }, query });
  const systemText = async (entryId: string, query: SystemQuery) =>
    (await system(entryId, query)).blob.text();
  /** raw: for the content-disposition header, and for queries the client's types refuse. */
  const get = (entryId: string, params: Record<string, string>) =>
    fetch(`${server.api}/systems/${entryId}?${new URLSearchParams(params).toString()}`, as(alice));

  it('writes the original system of a processed CIF as CIF, with a file name', async () => {
    // raw: checks the content-disposition header.
    const response = await get(naclEntry, { path: 'results/material/topology/0', format: 'cif' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Cl4Na4.cif"');
    const text = await response.text();
    expect(text).toMatch(/^data_Cl4Na4$/m);
    expect(text).toMatch(/^_cell_length_a 5\.64020000$/m);
    expect(text).toMatch(/^_cell_angle_gamma 90\.000000$/m);
    const sites = text.split('\n').filter((line) => /^(Na|Cl)\d+ /.test(line));
    expect(sites).toHaveLength(8);
    expect(sites.some((line) => /^Cl\d+\s+Cl 0\.50000000 0\.50000000 0\.50000000 1\.0$/.test(line))).toBe(
      true,
    );
  });

  it('writes XYZ with the extended-XYZ cell and PDB with CRYST1', async () => {
    const xyz = await systemText(naclEntry, { path: 'results/material/topology/0', format: 'xyz' });
    const lines = xyz.trimEnd().split('\n');
    expect(lines[0]).toBe('8');
    expect(lines[1]).toContain('Lattice="5.64020000 0.00000000 0.00000000 0.00000000 5.64020000');
    expect(lines.slice(2).filter((l) => l.startsWith('Na'))).toHaveLength(4);
    // raw: checks the content-disposition header.
    const pdbResponse = await get(naclEntry, { path: 'results/material/topology/1', format: 'pdb' });
    expect(pdbResponse.headers.get('content-disposition')).toBe('attachment; filename="Cl4Na4.pdb"');
    const pdb = (await pdbResponse.text()).split('\n');
    expect(pdb[0]).toBe('CRYST1    5.640    5.640    5.640  90.00  90.00  90.00 P 1           1');
    const atoms = pdb.filter((l) => l.startsWith('HETATM'));
    expect(atoms).toHaveLength(8);
    expect(atoms.every((l) => l.length === 78)).toBe(true);
    expect(pdb).toContain('END');
  });

  it('wraps and unwraps positions of a run system', async () => {
    const x = async (wrap: SystemQuery['wrap_mode']) => {
      const text = await systemText(waterEntry, { path: 'run/0/system/0', format: 'xyz', wrap_mode: wrap });
      return text
        .trimEnd()
        .split('\n')
        .slice(2)
        .map((line) => Number(line.trim().split(/\s+/)[1]));
    };
    expect(await x('original')).toEqual([0.2, 9.6, 0.44]);
    expect(await x('wrap')).toEqual([0.2, 9.6, 0.44]);
    // Unwrapped, the far H is moved next to its O: one cell length back.
    const unwrapped = await x('unwrap');
    expect(unwrapped[1]).toBeCloseTo(-0.4, 6);
    expect(unwrapped[0]).toBeCloseTo(0.2, 6);
  });

  it('answers 404 for entries the caller may not see and for paths that point to nothing', async () => {
    const hidden = system(naclEntry, { path: 'results/material/topology/0', format: 'xyz' }, bobApi);
    expect((await refusalOf(hidden))[0]).toBe(404);
    const [status, missing] = await refusalOf(
      system(naclEntry, { path: 'results/material/topology/7', format: 'xyz' }),
    );
    expect(status).toBe(404);
    expect(missing).toMatchObject({
      detail: "Could not find a system at the path 'results/material/topology/7' in this entry.",
    });
    expect((await refusalOf(system('no-such-entry', { path: 'results/material/topology/0' })))[0]).toBe(404);
  });

  it('answers 400 for paths that are no system, systems without atoms and a CIF without a cell', async () => {
    const notSystem = system(naclEntry, { path: 'results/properties/structures', format: 'xyz' });
    expect(await refusalOf(notSystem)).toEqual([
      400,
      expect.objectContaining({
        detail: expect.stringMatching(
          /^The path 'results\/properties\/structures' does not point to a system/,
        ),
      }),
    ]);
    const empty = system(waterEntry, { path: 'run/0/system/1', format: 'xyz' });
    expect(await refusalOf(empty)).toEqual([
      400,
      expect.objectContaining({ detail: "The system at the path 'run/0/system/1' has no atoms." }),
    ]);
    const noCell = system(waterEntry, { path: 'run/0/system/-1', format: 'cif' });
    expect(await refusalOf(noCell)).toEqual([
      400,
      expect.objectContaining({ detail: 'A CIF file needs a unit cell, and this system has none.' }),
    ]);
    // The same system in a format without cells is fine.
    await expect(system(waterEntry, { path: 'run/0/system/-1', format: 'xyz' })).resolves.toHaveProperty(
      'blob',
    );
  });

  it('answers 422 for an unknown format or wrap mode and a missing path', async () => {
    // raw: the client's types refuse these queries, except the over-long path.
    const format = await get(naclEntry, { path: 'results/material/topology/0', format: 'mol' });
    expect(format.status).toBe(422);
    expect(await json(format)).toHaveProperty('detail');
    const wrap = await get(naclEntry, { path: 'results/material/topology/0', wrap_mode: 'fold' });
    expect(wrap.status).toBe(422);
    expect((await get(naclEntry, {})).status).toBe(422);
    const long = await get(naclEntry, { path: `run/0/system/${'1'.repeat(300)}` });
    expect(long.status).toBe(422);
  });
});
