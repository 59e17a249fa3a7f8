// OPTIMADE filters on POST /entries/query, against the real server and embedded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

interface QueryResponse {
  pagination: { total: number };
  data: { entry_id: string; mainfile: string }[];
}

interface ErrorResponse {
  detail: { loc: string[]; msg: string }[];
}

describe('optimade_filter in POST /entries/query', () => {
  let server: TestServer;
  let alice: string;

  const query = (body: Record<string, unknown>) =>
    fetch(
      `${server.api}/entries/query`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ owner: 'user', ...body }),
      }),
    );
  const mainfiles = async (body: Record<string, unknown>): Promise<string[]> => {
    const response = await query(body);
    expect(response.status).toBe(200);
    return (await json<QueryResponse>(response)).data.map((entry) => entry.mainfile).sort();
  };

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    const zip = makeZip({ 'NaCl.cif': naclCif });
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=data.zip`, as(alice, { method: 'POST', body: zip })),
    );
    expect((await waitProcessed(server, uploadId, alice)).process_status).toBe('SUCCESS');
  });
  afterAll(async () => server?.close());

  it('finds the uploaded NaCl by elements and element count, and not by iron', async () => {
    expect(await mainfiles({ optimade_filter: 'elements HAS ALL "Na","Cl" AND nelements=2' })).toEqual([
      'NaCl.cif',
    ]);
    expect(await mainfiles({ optimade_filter: 'elements HAS "Fe"' })).toEqual([]);
    // NOMAD's GUI sends the filter inside the query; it is combined with the other criteria by AND.
    expect(await mainfiles({ query: { optimade_filter: 'elements HAS ONLY "Na","Cl"' } })).toEqual([
      'NaCl.cif',
    ]);
    expect(
      await mainfiles({ query: { mainfile: 'other.cif' }, optimade_filter: 'elements HAS ALL "Na","Cl"' }),
    ).toEqual([]);
    expect(await mainfiles({ query: { mainfile: 'NaCl.cif' }, optimade_filter: 'nelements > 1' })).toEqual([
      'NaCl.cif',
    ]);
  });

  it('answers a syntax error with 422 and the line and column', async () => {
    const response = await query({ optimade_filter: 'elements HAS ALL "Na",' });
    expect(response.status).toBe(422);
    const { detail } = await json<ErrorResponse>(response);
    expect(detail[0]).toMatchObject({
      loc: ['body', 'optimade_filter'],
      msg: 'Syntax error at line 1, column 23: Unexpected end-of-input, expected a value (a "string", a number or a property)',
    });
    const verify = await query({ query: { optimade_filter: 'lattice_vectors IS KNOWN' }, verify_only: true });
    expect(verify.status).toBe(422);
    expect((await json<ErrorResponse>(verify)).detail[0]).toMatchObject({
      loc: ['body', 'query', 'optimade_filter'],
      msg: 'Semantic error at line 1, column 1: optimade property lattice_vectors is not searchable',
    });
  });
});
