// The DCAT catalogue at <base>/dcat, against the real server and embedded database: every serialisation is
// parsed back as RDF by independent parsers (N3.js, rdfxml-streaming-parser, jsonld.js).
import { DCAT_PAGE_SIZE, dcatOperations } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyUrls } from '../http/register-operation.ts';
import { as, json } from '../testing/http.ts';
import { publishUpload, uploadProcessed } from '../testing/published-uploads.ts';
import { canonical, parseJsonLd, parseRdfXml, parseTurtle, type Statement } from '../testing/rdf-parsers.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

const objectsOf = (statements: Statement[], subject: string, predicate: string) =>
  statements.filter((t) => t.s === subject && t.p === predicate).map((t) => t.o);

describe('the DCAT catalogue at /dcat', () => {
  let server: TestServer;
  let alice: string;
  let dcat = '';
  const ids: Record<string, string> = {};
  let datasetId = '';

  const upload = async (files: Record<string, string>) => {
    const { uploadId, ids: byMainfile } = await uploadProcessed(server, alice, files);
    Object.assign(ids, byMainfile);
    return uploadId;
  };
  const publish = (uploadId: string, embargoLength: number) =>
    publishUpload(server, alice, uploadId, embargoLength);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${dcat}${path}`, { headers });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  };

  beforeAll(async () => {
    server = await startTestServer();
    dcat = `${server.origin}${server.ctx.config.basePath}/dcat`;
    alice = await createUserWithToken(server, 'alice');
    // More published entries than one catalogue page holds.
    const files = Object.fromEntries(
      Array.from({ length: DCAT_PAGE_SIZE + 2 }, (_, i) => [`cells/NaCl-${i}.cif`, naclCif]),
    );
    const published = await upload(files);
    const created = await fetch(
      `${server.api}/datasets/`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataset_name: 'Rock salt cells' }),
      }),
    );
    datasetId = (await json<{ dataset_id: string }>(created)).dataset_id;
    const edit = await fetch(
      `${server.api}/uploads/${published}/edit`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { comment: 'Cells of rock salt', datasets: { add: datasetId } } }),
      }),
    );
    expect(edit.status).toBe(200);
    await publish(published, 0);
    await publish(await upload({ 'embargoed/KCl.cif': naclCif.replaceAll('Na', 'K') }), 12);
    await upload({ 'private/NaCl.cif': naclCif });
  }, 180_000);
  afterAll(async () => server?.close());

  it('registers every row of the DCAT table', () => {
    const root = `${server.ctx.config.basePath}/dcat`;
    const missing = Object.entries(dcatOperations).flatMap(([name, operation]) =>
      fastifyUrls(operation.path)
        .filter((url) => !server.app.hasRoute({ method: operation.method, url: `${root}${url}` }))
        .map((url) => `${name}: ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('serves one entry as the same graph in RDF/XML, Turtle and JSON-LD', async () => {
    const entryId = ids['cells/NaCl-0.cif']!;
    const xml = await get(`/datasets/${entryId}`);
    expect(xml.status).toBe(200);
    expect(xml.type).toMatch(/^application\/rdf\+xml/);
    const turtle = await get(`/datasets/${entryId}?format=turtle`);
    expect(turtle.type).toMatch(/^text\/turtle/);
    const ld = await get(`/datasets/${entryId}`, { accept: 'application/ld+json' });
    expect(ld.type).toMatch(/^application\/ld\+json/);

    const fromXml = await parseRdfXml(xml.body);
    expect(canonical(parseTurtle(turtle.body))).toEqual(canonical(fromXml));
    expect(canonical(await parseJsonLd(ld.body))).toEqual(canonical(fromXml));

    const dataset = `${dcat}/datasets/${entryId}`;
    expect(objectsOf(fromXml, dataset, RDF_TYPE)).toEqual([`${DCAT}Dataset`]);
    expect(objectsOf(fromXml, dataset, `${DCT}identifier`)).toEqual([
      `"${entryId}"^^http://www.w3.org/2001/XMLSchema#string`,
    ]);
    expect(objectsOf(fromXml, dataset, `${DCT}title`)).toEqual([
      '"Cl4Na4"^^http://www.w3.org/2001/XMLSchema#string',
    ]);
    expect(objectsOf(fromXml, dataset, `${DCT}description`)).toEqual([
      '"Cells of rock salt"^^http://www.w3.org/2001/XMLSchema#string',
    ]);
    expect(objectsOf(fromXml, dataset, `${DCAT}landingPage`)).toEqual([
      `${server.origin}${server.ctx.config.basePath}/gui/entry/id/${entryId}`,
    ]);
    expect(objectsOf(fromXml, dataset, `${DCAT}distribution`)).toHaveLength(3);
    expect(objectsOf(fromXml, dataset, `${DCT}isPartOf`)).toEqual([
      `${server.origin}${server.ctx.config.basePath}/gui/dataset/id/${datasetId}`,
    ]);
    // The distributions lead to this server's API, which answers them.
    const downloads = fromXml.filter((t) => t.p === `${DCAT}downloadURL`).map((t) => t.o);
    expect(downloads).toHaveLength(2);
    for (const url of downloads) expect((await fetch(url)).status, url).toBe(200);
  });

  it('lists published entries a page at a time, with the NOMAD dataset, and never embargoed or private ones', async () => {
    const listed: string[] = [];
    let next: string | undefined = `${dcat}/catalog/?format=ttl`;
    let pages = 0;
    while (next) {
      const page = await fetch(next);
      expect(page.status).toBe(200);
      const statements = parseTurtle(await page.text());
      const catalog = `${dcat}/catalog/`;
      expect(objectsOf(statements, catalog, RDF_TYPE).sort()).toEqual([
        `${DCAT}Catalog`,
        `${HYDRA}Collection`,
      ]);
      expect(objectsOf(statements, catalog, `${HYDRA}totalItems`)).toEqual([
        `"${DCAT_PAGE_SIZE + 2}"^^http://www.w3.org/2001/XMLSchema#integer`,
      ]);
      const datasets = objectsOf(statements, catalog, `${DCAT}dataset`);
      expect(datasets).toContain(`${server.origin}${server.ctx.config.basePath}/gui/dataset/id/${datasetId}`);
      listed.push(...datasets.filter((d) => d.startsWith(`${dcat}/datasets/`)));
      next = objectsOf(statements, catalog, `${HYDRA}next`)[0];
      pages++;
    }
    expect(pages).toBe(2);
    const published = Object.entries(ids)
      .filter(([mainfile]) => mainfile.startsWith('cells/'))
      .map(([, id]) => `${dcat}/datasets/${id}`)
      .sort();
    expect(listed).toEqual(published);
  });

  it('answers 404 for embargoed, unpublished and unknown entries', async () => {
    for (const id of [ids['embargoed/KCl.cif'], ids['private/NaCl.cif'], 'no-such-entry']) {
      const answer = await get(`/datasets/${id}`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({
        detail: 'Dataset not found. The given id does not match any published entry.',
      });
    }
    // A logged-in author does not see more: the catalogue is of published data only.
    const own = await fetch(`${dcat}/datasets/${ids['private/NaCl.cif']}`, as(alice));
    expect(own.status).toBe(404);
  });

  it('filters by modification time and refuses a time it cannot read, and an unknown format', async () => {
    const future = await get('/catalog/?format=turtle&modified_since=2999-01-01');
    expect(future.status).toBe(200);
    const none = parseTurtle(future.body);
    expect(objectsOf(none, `${dcat}/catalog/`, `${DCAT}dataset`)).toEqual([]);
    expect(objectsOf(none, `${dcat}/catalog/`, `${HYDRA}totalItems`)).toEqual([
      '"0"^^http://www.w3.org/2001/XMLSchema#integer',
    ]);
    const past = parseTurtle((await get('/catalog/?format=turtle&modified_since=2020-01-01T00:00:00Z')).body);
    expect(objectsOf(past, `${dcat}/catalog/`, `${HYDRA}totalItems`)).toEqual([
      `"${DCAT_PAGE_SIZE + 2}"^^http://www.w3.org/2001/XMLSchema#integer`,
    ]);

    const bad = await get('/catalog/?modified_since=yesterday');
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.body)).toMatchObject({ detail: [{ loc: ['query', 'modified_since'] }] });
    const format = await get(`/datasets/${ids['cells/NaCl-0.cif']}?format=pdf`);
    expect(format.status).toBe(422);
    expect((await get(`/catalog/?after=${'x'.repeat(300)}`)).status).toBe(422);
    // An id after every entry: an empty last page, no next one.
    const after = parseTurtle((await get('/catalog/?format=turtle&after=zzzz')).body);
    expect(objectsOf(after, `${dcat}/catalog/`, `${DCAT}dataset`)).toEqual([]);
    expect(objectsOf(after, `${dcat}/catalog/`, `${HYDRA}next`)).toEqual([]);
  });
});
