// The resources API at <base>/resources against real peers on loopback: another server's OPTIMADE API
// (which finds the same material), a peer that never answers, one that answers 500 and one whose answer
// is too large.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RelatedResourcesResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelatedResources } from '../resources/related-resources.ts';
import { readResourcesConfig } from '../config/resources.ts';
import { json } from '../testing/http.ts';
import { publishUpload, uploadProcessed } from '../testing/published-uploads.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { readUntil } from '../testing/until.ts';
import { createUserWithToken } from '../testing/users.ts';

/** A loopback peer whose every answer `handle` writes; it never answers when `handle` does nothing. */
const startPeer = async (handle: (respond: (status: number, body: string) => void) => void) => {
  const server: Server = createServer((_request, response) =>
    handle((status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(body)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/optimade/v1/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

describe('the resources API', () => {
  let peer: TestServer;
  let server: TestServer;
  let naclId = '';
  const peers: Array<{ close: () => Promise<void> }> = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    // The database asked: another oasis with a published rock salt.
    peer = await startTestServer();
    const token = await createUserWithToken(peer, 'alice');
    const { uploadId, ids } = await uploadProcessed(peer, token, { 'NaCl.cif': naclCif });
    await publishUpload(peer, token, uploadId);
    naclId = ids['NaCl.cif']!;

    const silent = await startPeer(() => undefined);
    const failing = await startPeer((respond) => respond(500, '{"errors": []}'));
    const huge = await startPeer((respond) =>
      respond(200, `{"data": [${'{"id": "x"},'.repeat(500_000)}{"id": "y"}]}`),
    );
    peers.push(silent, failing, huge);
    server = await startTestServer({
      resources: readResourcesConfig({
        // Long enough for the real peer on a busy machine (at 1 s it was once given up on in CI), as short
        // as that allows: the silent peer is waited for this long.
        timeout: 10,
        optimade_providers: [
          {
            name: 'Peer oasis',
            base_url: `${peer.origin}${peer.ctx.config.basePath}/optimade/v1`,
            entry_url: `${peer.origin}${peer.ctx.config.basePath}/gui/entry/id/{id}`,
          },
          { name: 'Silent', base_url: silent.url },
          { name: 'Failing', base_url: failing.url },
          { name: 'Huge', base_url: huge.url },
        ],
      }),
    });
    warnings.length = 0;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await peer?.close();
    for (const each of peers) await each.close();
  });

  // raw: NOMAD's resources API lives at <base>/resources, outside API v1 and its contract.
  const ask = async (query: string) => {
    const response = await fetch(`${server.origin}${server.ctx.config.basePath}/resources/?${query}`);
    expect(response.status).toBe(200);
    return json<RelatedResourcesResponse>(response);
  };

  it('answers at once that it is asking, then lists what the peer has, whatever the other peers do', async () => {
    const query =
      'chemical_formula_reduced=ClNa&space_group_number=225&n_sites=2&wyckoff_letters=a&wyckoff_letters=b';
    const first = await ask(query);
    expect(first).toEqual({ data: [], is_retrieving_more: true });
    // The silent peer is given up after the timeout; the others answer or fail before.
    const done = await readUntil(
      () => ask(query),
      (answer) => !answer.is_retrieving_more,
    );
    expect(done.data).toEqual([
      expect.objectContaining({
        id: naclId,
        url: `${peer.origin}${peer.ctx.config.basePath}/gui/entry/id/${naclId}`,
        database_name: 'Peer oasis',
        kind: 'structure',
        available_data: expect.arrayContaining(['id', 'chemical_formula_reduced', 'nsites']),
      }),
    ]);
    // The same formula written otherwise is the same material; asked again, nobody is asked again.
    expect(await ask('chemical_formula_reduced=Na4Cl4')).toEqual(done);
  });

  it('finds nothing for a formula the peer lacks, and answers an empty question without asking', async () => {
    const done = await readUntil(
      () => ask('chemical_formula_reduced=Fe2O3'),
      (answer) => !answer.is_retrieving_more,
    );
    expect(done.data).toEqual([]);
    expect(await ask('space_group_number=225')).toEqual({ data: [], is_retrieving_more: false });
  });

  it('refuses parameters it cannot read', async () => {
    const base = `${server.origin}${server.ctx.config.basePath}/resources/`;
    for (const query of [
      'space_group_number=231',
      'n_sites=many',
      `chemical_formula_reduced=${'Na'.repeat(300)}`,
    ]) {
      const response = await fetch(`${base}?${query}`);
      expect(response.status, query).toBe(422);
    }
  });
});

describe('the answers the resources API keeps', () => {
  it('asks again once they are older than max_age, and keeps at most max_materials formulas', async () => {
    let asked = 0;
    const peer = await startPeer((respond) => {
      asked++;
      respond(
        200,
        JSON.stringify({
          data: [{ id: `r${asked}`, attributes: { nsites: 2 } }],
          meta: { api_version: '1.2.0' },
        }),
      );
    });
    let now = Date.parse('2025-01-01T00:00:00Z');
    const resources = new RelatedResources(
      readResourcesConfig({
        max_age: 60,
        max_materials: 2,
        optimade_providers: [{ name: 'P', base_url: peer.url }],
      }),
      { now: () => now },
    );
    try {
      expect(resources.lookup({ chemical_formula_reduced: 'NaCl' }).is_retrieving_more).toBe(true);
      await resources.idle();
      expect(resources.lookup({ chemical_formula_reduced: 'NaCl' })).toEqual({
        data: [
          expect.objectContaining({ id: 'r1', database_version: '1.2.0', url: `${peer.url}structures/r1` }),
        ],
        is_retrieving_more: false,
      });
      now += 61_000;
      // Stale: the old answer is shown while the peer is asked again.
      expect(resources.lookup({ chemical_formula_reduced: 'NaCl' })).toMatchObject({
        data: [{ id: 'r1' }],
        is_retrieving_more: true,
      });
      await resources.idle();
      expect(resources.lookup({ chemical_formula_reduced: 'NaCl' }).data).toMatchObject([{ id: 'r2' }]);
      // Two more formulas push the least recently asked one out: NaCl is asked again.
      resources.lookup({ chemical_formula_reduced: 'KCl' });
      resources.lookup({ chemical_formula_reduced: 'LiF' });
      await resources.idle();
      expect(resources.lookup({ chemical_formula_reduced: 'NaCl' }).is_retrieving_more).toBe(true);
      await resources.idle();
      expect(asked).toBe(5);
    } finally {
      await peer.close();
    }
  });

  it('refuses a provider without a name or an http(s) base URL', () => {
    expect(() =>
      readResourcesConfig({ optimade_providers: [{ name: 'x', base_url: 'file:///etc' }] }),
    ).toThrow('resources.optimade_providers[0] needs a name and an http(s) base_url.');
  });
});
