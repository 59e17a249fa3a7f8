// Creating and deleting datasets and assigning DOIs over HTTP, with a DataCite-shaped server on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataciteConfig } from '../config/datacite.ts';
import { assignDoi } from '../services/dataset-doi.ts';
import { HttpError } from '../errors.ts';
import { insertDataset } from '../store/datasets.ts';
import { findUserByUsername } from '../store/users.ts';
import { createCaller } from '../testing/callers.ts';
import { storeProcessedUpload } from '../testing/curation.ts';
import { as, json } from '../testing/http.ts';
import { openServiceContext } from '../testing/service-context.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

interface Recorded {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: { data: { type: string; attributes: Record<string, unknown> } };
}

interface Dataset {
  dataset_id: string;
  dataset_name: string;
  doi?: string;
}

/** A stand-in for DataCite's REST API: records each request and answers as `answer` says. */
const dataciteStub = async () => {
  const recorded: Recorded[] = [];
  const state = { status: 201, counter: 0 };
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Recorded['body'];
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      recorded.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const doi = `${String(body.data.attributes.prefix)}/oasis-${++state.counter}`;
      response.writeHead(state.status, { 'content-type': 'application/vnd.api+json' });
      response.end(
        state.status === 201
          ? JSON.stringify({ data: { id: doi, type: 'dois', attributes: { doi, state: 'findable' } } })
          : JSON.stringify({ errors: [{ status: String(state.status), title: 'Internal error' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorded,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('curating datasets', () => {
  let server: TestServer;
  let stub: Awaited<ReturnType<typeof dataciteStub>>;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const send = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(
      `${server.api}${path}`,
      as(token, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    );
  const create = async (token: string | undefined, body: unknown) => send('POST', '/datasets', token, body);
  const datasetsOfEntry = async (entryId: string, token = tokens.ada) =>
    (await json<{ data: { datasets: Dataset[] } }>(await send('GET', `/entries/${entryId}`, token))).data
      .datasets;

  beforeAll(async () => {
    stub = await dataciteStub();
    const datacite: DataciteConfig = {
      url: stub.url,
      prefix: '10.5072',
      user: 'OASIS.TEST',
      password: 'secret password',
      publisher: 'Test Oasis',
    };
    server = await startTestServer({ datacite });
    for (const name of ['ada', 'bob', 'root']) {
      tokens[name] = await createUserWithToken(server, name);
      ids[name] = (await findUserByUsername(server.ctx.db, name))!.user_id;
    }
    await server.ctx.db.query(
      `UPDATE users SET is_admin = true, affiliation = 'Admin Lab' WHERE username = 'root'`,
    );
    await server.ctx.db.query(
      `UPDATE users SET first_name = 'Ada', last_name = 'Lovelace', affiliation = 'Analytical Engines'
       WHERE username = 'ada'`,
    );
  });
  afterAll(async () => {
    await server?.close();
    await stub?.close();
  });

  it('creates datasets with names unique per user, optionally filled with the caller’s entries', async () => {
    expect((await create(undefined, { dataset_name: 'Anonymous' })).status).toBe(401);
    const first = await create(tokens.ada, { dataset_name: 'Perovskites' });
    expect(first.status).toBe(200);
    const created = await json<{ dataset_id: string; data: Dataset & { user_id: string } }>(first);
    expect(created.data).toMatchObject({
      dataset_id: created.dataset_id,
      dataset_name: 'Perovskites',
      user_id: ids.ada,
      dataset_type: 'owned',
    });
    expect(created.data.doi).toBeUndefined();
    const twice = await create(tokens.ada, { dataset_name: 'Perovskites' });
    expect([twice.status, await json(twice)]).toEqual([
      400,
      { detail: 'There is already a dataset with name Perovskites' },
    ]);
    expect((await create(tokens.bob, { dataset_name: 'Perovskites' })).status).toBe(200);
    const spaced = await create(tokens.ada, { dataset_name: ' Leading space' });
    expect([spaced.status, await json(spaced)]).toEqual([
      422,
      { detail: [{ loc: ['body', 'dataset_name'], msg: 'Invalid name for dataset', type: 'value_error' }] },
    ]);
    expect((await create(tokens.ada, { dataset_name: '' })).status).toBe(422);
    expect((await create(tokens.ada, { dataset_name: 'x', entries: { a: 1 } })).status).toBe(422);

    const mine = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: ['a.cif', 'b.cif'],
    });
    const theirs = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.bob!,
      mainfiles: ['c.cif'],
      published: true,
    });
    const filled = await create(tokens.ada, {
      dataset_name: 'Filled',
      entries: [mine.entryIds[0], theirs.entryIds[0]],
    });
    const { dataset_id: filledId } = await json<{ dataset_id: string }>(filled);
    expect((await datasetsOfEntry(mine.entryIds[0]!)).map((d) => d.dataset_id)).toEqual([filledId]);
    expect(await datasetsOfEntry(mine.entryIds[1]!)).toEqual([]);
    // Only the caller's own entries go in, as in NOMAD.
    expect(await datasetsOfEntry(theirs.entryIds[0]!)).toEqual([]);
    const byQuery = await create(tokens.ada, {
      dataset_name: 'By query',
      query: { upload_id: mine.uploadId },
    });
    const { dataset_id: queryId } = await json<{ dataset_id: string }>(byQuery);
    expect((await datasetsOfEntry(mine.entryIds[1]!)).map((d) => d.dataset_id)).toEqual([queryId]);
  });

  it('deletes a dataset for its creator or an admin, and its entries forget it', async () => {
    const { entryIds } = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: ['d.cif'],
    });
    const made = async (name: string) =>
      (
        await json<{ dataset_id: string }>(
          await create(tokens.ada, { dataset_name: name, entries: entryIds }),
        )
      ).dataset_id;
    const one = await made('To delete');
    const two = await made('Admin deletes');
    expect((await send('DELETE', `/datasets/${one}`)).status).toBe(401);
    const foreign = await send('DELETE', `/datasets/${one}`, tokens.bob);
    expect([foreign.status, await json(foreign)]).toEqual([
      401,
      { detail: 'The dataset can only be edited by the user who created the dataset.' },
    ]);
    expect((await send('DELETE', '/datasets/no-such-dataset', tokens.ada)).status).toBe(404);
    expect((await datasetsOfEntry(entryIds[0]!)).map((d) => d.dataset_name).sort()).toEqual([
      'Admin deletes',
      'To delete',
    ]);
    const deleted = await send('DELETE', `/datasets/${one}`, tokens.ada);
    expect(deleted.status).toBe(200);
    expect((await json<{ data: Dataset }>(deleted)).data.dataset_name).toBe('To delete');
    expect((await send('DELETE', `/datasets/${two}`, tokens.root)).status).toBe(200);
    expect((await send('GET', `/datasets/${one}`)).status).toBe(404);
    expect(await datasetsOfEntry(entryIds[0]!)).toEqual([]);
    // The search index follows too.
    const found = await send('POST', '/entries/query', tokens.ada, {
      owner: 'visible',
      query: { 'datasets.dataset_id': one },
    });
    expect((await json<{ pagination: { total: number } }>(found)).pagination.total).toBe(0);
  });

  it('assigns a DOI through DataCite, after which the dataset is final', async () => {
    const upload = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      coauthors: [ids.root!],
      mainfiles: ['e.cif', 'f.cif'],
    });
    const datasetId = (
      await json<{ dataset_id: string }>(
        await create(tokens.ada, { dataset_name: 'Citable', entries: [upload.entryIds[0]] }),
      )
    ).dataset_id;
    const doi = (token?: string, id = datasetId) => send('POST', `/datasets/${id}/action/doi`, token);
    expect((await doi()).status).toBe(401);
    expect((await doi(tokens.bob)).status).toBe(401);
    expect((await doi(tokens.ada, 'no-such-dataset')).status).toBe(404);
    const unpublished = await doi(tokens.ada);
    expect([unpublished.status, await json(unpublished)]).toEqual([
      400,
      {
        detail:
          'The dataset has unpublished contents. No DOI can be assigned at the moment. Publish the dataset contents first.',
      },
    ]);
    const empty = (await json<{ dataset_id: string }>(await create(tokens.ada, { dataset_name: 'Empty' })))
      .dataset_id;
    expect((await doi(tokens.ada, empty)).status).toBe(400);
    expect(stub.recorded).toEqual([]);

    expect((await send('POST', `/uploads/${upload.uploadId}/action/publish`, tokens.ada)).status).toBe(200);
    stub.state.status = 500;
    const refused = await doi(tokens.ada);
    expect(refused.status).toBe(502);
    expect((await json<{ detail: string }>(refused)).detail).toMatch(/^The DOI could not be registered/);
    expect(
      (await json<{ data: Dataset }>(await send('GET', `/datasets/${datasetId}`))).data.doi,
    ).toBeUndefined();

    stub.state.status = 201;
    const assigned = await doi(tokens.ada);
    expect(assigned.status).toBe(200);
    const { data } = await json<{ data: Dataset }>(assigned);
    expect(data.doi).toBe('10.5072/oasis-2');
    const request = stub.recorded.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/dois',
      contentType: 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from('OASIS.TEST:secret password').toString('base64')}`,
    });
    expect(request.body.data.type).toBe('dois');
    expect(request.body.data.attributes).toMatchObject({
      prefix: '10.5072',
      event: 'publish',
      titles: [{ title: 'NOMAD dataset: Citable' }],
      publisher: 'Test Oasis',
      publicationYear: new Date().getUTCFullYear(),
      types: { resourceTypeGeneral: 'Dataset' },
      url: `${server.origin}/nomad-oasis/gui/dataset/id/${datasetId}`,
      creators: [
        {
          name: 'Lovelace, Ada',
          nameType: 'Personal',
          givenName: 'Ada',
          familyName: 'Lovelace',
          affiliation: [{ name: 'Analytical Engines' }],
        },
        expect.objectContaining({ name: 'Tester, Root', affiliation: [{ name: 'Admin Lab' }] }),
      ],
    });
    // The entries show the DOI, and the dataset can no longer change.
    expect(await datasetsOfEntry(upload.entryIds[0]!)).toEqual([
      expect.objectContaining({ dataset_id: datasetId, doi: '10.5072/oasis-2' }),
    ]);
    const again = await doi(tokens.ada);
    expect([again.status, await json(again)]).toEqual([
      400,
      { detail: 'The dataset already has a DOI and cannot be changed anymore.' },
    ]);
    expect((await send('DELETE', `/datasets/${datasetId}`, tokens.ada)).status).toBe(400);
    expect((await send('DELETE', `/datasets/${datasetId}`, tokens.root)).status).toBe(400);
    for (const op of ['add', 'remove']) {
      const edit = await send('POST', `/uploads/${upload.uploadId}/edit`, tokens.ada, {
        metadata: { datasets: { [op]: datasetId } },
      });
      expect(edit.status).toBe(422);
    }
    const env = await (await fetch(`${server.origin}/nomad-oasis/gui/env.js`)).text();
    expect(env).toContain('"dataciteEnabled":true');
  });

  it('refuses DOIs with 503 where DataCite is not configured', async () => {
    const service = await openServiceContext();
    try {
      const ada = await createCaller(service.ctx.db, 'ada');
      const dataset = await insertDataset(service.ctx.db, {
        dataset_name: 'No DOI here',
        user_id: ada.user_id,
      });
      const error = await assignDoi(service.ctx, ada, dataset.dataset_id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 503,
        detail: 'DOIs cannot be assigned: DataCite is not configured on this installation.',
      });
    } finally {
      await service.close();
    }
  });
});
