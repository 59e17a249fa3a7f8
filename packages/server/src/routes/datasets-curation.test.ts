// Creating and deleting datasets and assigning DOIs over HTTP, with a DataCite-shaped server on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '@oasis/client';
import type { DatasetCreate } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataciteConfig } from '../config/datacite.ts';
import { assignDoi } from '../services/dataset-doi.ts';
import { HttpError } from '../errors.ts';
import { insertDataset } from '../store/datasets.ts';
import { findUserByUsername } from '../store/users.ts';
import { createCaller } from '../testing/callers.ts';
import { storeProcessedUpload } from '../testing/curation.ts';
import { apiClient, callApi, refusalOf } from '../testing/http.ts';
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

  const api: Record<string, ApiClient> = {};

  const create = (user: ApiClient, body: DatasetCreate) => user.call('datasetCreate', { body });
  const datasetsOfEntry = async (entryId: string, user = api.ada!) =>
    (await user.call('entryById', { params: { entry_id: entryId } })).data.datasets;
  const deleteDataset = (user: ApiClient, datasetId: string) =>
    user.call('datasetDelete', { params: { dataset_id: datasetId } });
  const datasetById = (datasetId: string) =>
    api.anonymous!.call('datasetById', { params: { dataset_id: datasetId } });

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
    api.anonymous = apiClient(server);
    for (const name of ['ada', 'bob', 'root']) {
      tokens[name] = await createUserWithToken(server, name);
      api[name] = apiClient(server, tokens[name]);
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
    const ada = api.ada!;
    expect((await refusalOf(create(api.anonymous!, { dataset_name: 'Anonymous' })))[0]).toBe(401);
    const created = await create(ada, { dataset_name: 'Perovskites' });
    expect(created.data).toMatchObject({
      dataset_id: created.dataset_id,
      dataset_name: 'Perovskites',
      user_id: ids.ada,
      dataset_type: 'owned',
    });
    expect(created.data.doi).toBeUndefined();
    expect(await refusalOf(create(ada, { dataset_name: 'Perovskites' }))).toEqual([
      400,
      { detail: 'There is already a dataset with name Perovskites' },
    ]);
    await create(api.bob!, { dataset_name: 'Perovskites' });
    expect(await refusalOf(create(ada, { dataset_name: ' Leading space' }))).toEqual([
      422,
      { detail: [{ loc: ['body', 'dataset_name'], msg: 'Invalid name for dataset', type: 'value_error' }] },
    ]);
    expect((await refusalOf(create(ada, { dataset_name: '' })))[0]).toBe(422);
    // raw: entries as an object, which the client's types refuse.
    const entriesObject = await callApi(server, tokens.ada, 'POST', 'datasets', {
      dataset_name: 'x',
      entries: { a: 1 },
    });
    expect(entriesObject.status).toBe(422);

    const mine = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: ['a.cif', 'b.cif'],
    });
    const theirs = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.bob!,
      mainfiles: ['c.cif'],
      published: true,
    });
    const { dataset_id: filledId } = await create(ada, {
      dataset_name: 'Filled',
      entries: [mine.entryIds[0]!, theirs.entryIds[0]!],
    });
    expect((await datasetsOfEntry(mine.entryIds[0]!))?.map((d) => d.dataset_id)).toEqual([filledId]);
    expect(await datasetsOfEntry(mine.entryIds[1]!)).toEqual([]);
    // Only the caller's own entries go in, as in NOMAD.
    expect(await datasetsOfEntry(theirs.entryIds[0]!)).toEqual([]);
    const { dataset_id: queryId } = await create(ada, {
      dataset_name: 'By query',
      query: { upload_id: mine.uploadId },
    });
    expect((await datasetsOfEntry(mine.entryIds[1]!))?.map((d) => d.dataset_id)).toEqual([queryId]);
  });

  it('deletes a dataset for its creator or an admin, and its entries forget it', async () => {
    const { entryIds } = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: ['d.cif'],
    });
    const made = async (name: string) =>
      (await create(api.ada!, { dataset_name: name, entries: entryIds })).dataset_id;
    const one = await made('To delete');
    const two = await made('Admin deletes');
    expect((await refusalOf(deleteDataset(api.anonymous!, one)))[0]).toBe(401);
    expect(await refusalOf(deleteDataset(api.bob!, one))).toEqual([
      401,
      { detail: 'The dataset can only be edited by the user who created the dataset.' },
    ]);
    expect((await refusalOf(deleteDataset(api.ada!, 'no-such-dataset')))[0]).toBe(404);
    expect((await datasetsOfEntry(entryIds[0]!))?.map((d) => d.dataset_name).sort()).toEqual([
      'Admin deletes',
      'To delete',
    ]);
    const deleted = await deleteDataset(api.ada!, one);
    expect(deleted.data.dataset_name).toBe('To delete');
    await deleteDataset(api.root!, two);
    expect((await refusalOf(datasetById(one)))[0]).toBe(404);
    expect(await datasetsOfEntry(entryIds[0]!)).toEqual([]);
    // The search index follows too.
    const found = await api.ada!.call('entriesQuery', {
      body: { owner: 'visible', query: { 'datasets.dataset_id': one } },
    });
    expect(found.pagination.total).toBe(0);
  });

  it('assigns a DOI through DataCite, after which the dataset is final', async () => {
    const ada = api.ada!;
    const upload = await storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      coauthors: [ids.root!],
      mainfiles: ['e.cif', 'f.cif'],
    });
    const datasetId = (await create(ada, { dataset_name: 'Citable', entries: [upload.entryIds[0]!] }))
      .dataset_id;
    const doi = (user = api.anonymous!, id = datasetId) =>
      user.call('datasetDoi', { params: { dataset_id: id } });
    expect((await refusalOf(doi()))[0]).toBe(401);
    expect((await refusalOf(doi(api.bob!)))[0]).toBe(401);
    expect((await refusalOf(doi(ada, 'no-such-dataset')))[0]).toBe(404);
    expect(await refusalOf(doi(ada))).toEqual([
      400,
      {
        detail:
          'The dataset has unpublished contents. No DOI can be assigned at the moment. Publish the dataset contents first.',
      },
    ]);
    const empty = (await create(ada, { dataset_name: 'Empty' })).dataset_id;
    expect((await refusalOf(doi(ada, empty)))[0]).toBe(400);
    expect(stub.recorded).toEqual([]);

    await ada.call('uploadPublish', { params: { upload_id: upload.uploadId } });
    stub.state.status = 500;
    const [refusedStatus, refused] = await refusalOf(doi(ada));
    expect(refusedStatus).toBe(502);
    expect((refused as { detail: string }).detail).toMatch(/^The DOI could not be registered/);
    expect((await datasetById(datasetId)).data.doi).toBeUndefined();

    stub.state.status = 201;
    const { data } = await doi(ada);
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
    expect(await refusalOf(doi(ada))).toEqual([
      400,
      { detail: 'The dataset already has a DOI and cannot be changed anymore.' },
    ]);
    expect((await refusalOf(deleteDataset(ada, datasetId)))[0]).toBe(400);
    expect((await refusalOf(deleteDataset(api.root!, datasetId)))[0]).toBe(400);
    for (const datasets of [{ add: datasetId }, { remove: datasetId }]) {
      const edit = ada.call('uploadEdit', {
        params: { upload_id: upload.uploadId },
        body: { metadata: { datasets } },
      });
      expect((await refusalOf(edit))[0]).toBe(422);
    }
    // raw: the GUI's env.js, no path of the API.
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
