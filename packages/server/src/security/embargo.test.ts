import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { apiClient, as, uploadProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';

/**
 * Spec 1 §6: embargoed published uploads are visible only to their members — under every owner value, in
 * results, totals, aggregations, suggestions and materials. The attack read an embargoed upload's name,
 * mainfile, formula and authors anonymously through `owner=all`.
 */
describe('embargoed uploads under every owner value', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  const kclCif = naclCif.replaceAll('Na', 'K');

  // Answers once the upload's processing has succeeded.
  const upload = async (token: string, fileName: string, body: string) =>
    (await uploadProcessed(apiClient(server, token), fileName, body)).uploadId;

  /** raw: the whole text of each answer is searched for traces of the embargoed upload. */
  const post = (token: string | undefined, path: string, body: unknown) =>
    fetch(
      `${server.api}/${path}`,
      as(token, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    );

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
    carol = await createUserWithToken(server, 'carol');
    const carolId = (await apiClient(server, carol).call('usersMe')).user_id;
    const secret = await upload(alice, 'Secret.cif', kclCif);
    const open = await upload(alice, 'Open.cif', naclCif);
    // Publishing has no endpoint yet; the rows are what publishing with and without embargo leaves.
    await server.ctx.db.query(
      `UPDATE uploads SET published = true, publish_time = now(), with_embargo = true, embargo_length = 12,
         upload_name = 'Secret project', reviewers = ARRAY[$2] WHERE upload_id = $1`,
      [secret, carolId],
    );
    await server.ctx.db.query(
      `UPDATE uploads SET published = true, publish_time = now(), upload_name = 'Open project' WHERE upload_id = $1`,
      [open],
    );
  });
  afterAll(async () => server?.close());

  const everything = (owner: string) => ({
    owner,
    query: {},
    pagination: { page_size: 100 },
    aggregations: {
      names: { terms: { quantity: 'upload_name', size: 10 } },
      formulas: { terms: { quantity: 'results.material.chemical_formula_reduced', size: 10 } },
      mainfiles: { terms: { quantity: 'mainfile', size: 10 } },
      stats: { statistics: { metrics: ['n_entries', 'n_uploads', 'n_materials'] } },
    },
  });

  /** Everything a response says, as one text, so any trace of the embargoed upload is found. */
  const text = async (response: Response) => {
    expect(response.status).toBe(200);
    return JSON.stringify(await response.json());
  };

  const secretTraces = /Secret|KCl|ClK/;

  it.each([
    ['anonymous', undefined],
    ['a logged-in non-member', 'bob'],
  ])('%s sees no trace of it through owner all, visible or public', async (_who, name) => {
    const token = name === 'bob' ? bob : undefined;
    for (const owner of ['all', 'visible', 'public']) {
      const entries = await text(await post(token, 'entries/query', everything(owner)));
      expect(entries, `entries/query owner=${owner}`).not.toMatch(secretTraces);
      expect(entries).toMatch(/Open project/);
      expect(JSON.parse(entries)).toMatchObject({ pagination: { total: 1 } });

      const materials = await text(
        await post(token, 'materials/query', { owner, query: {}, pagination: { page_size: 100 } }),
      );
      expect(materials, `materials/query owner=${owner}`).not.toMatch(secretTraces);
      expect(JSON.parse(materials)).toMatchObject({ pagination: { total: 1 } });

      const listed = await text(await fetch(`${server.api}/entries?owner=${owner}&page_size=100`, as(token)));
      expect(listed, `GET entries owner=${owner}`).not.toMatch(secretTraces);
    }
    const suggestions = await text(
      await post(token, 'suggestions', {
        input: 'se',
        quantities: ['upload_name', 'mainfile', 'results.material.chemical_formula_reduced'],
      }),
    );
    expect(suggestions).not.toMatch(secretTraces);
  });

  it('is in none of the counts of GET /info', async () => {
    const info = await apiClient(server).call('info');
    expect(info.statistics).toMatchObject({ n_entries: 1, n_uploads: 1, n_materials: 1 });
  });

  it('stays visible to its main author and its reviewer', async () => {
    for (const token of [alice, carol]) {
      for (const owner of ['all', 'visible']) {
        const entries = await text(await post(token, 'entries/query', everything(owner)));
        expect(entries).toMatch(/Secret project/);
        expect(JSON.parse(entries)).toMatchObject({ pagination: { total: 2 } });
      }
    }
  });
});
