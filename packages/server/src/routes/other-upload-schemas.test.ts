// Data whose schema is in another upload ('../uploads/{id}/raw/...'), against the real server: processed
// when the uploader may read that upload, refused otherwise; its editor's definitions come from there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { as, callApi, json, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { setUploadAccess } from '../testing/upload-access.ts';
import { createUserWithToken } from '../testing/users.ts';

const schema = `definitions:
  name: shared lab
  sections:
    Layer:
      quantities:
        material: {type: str}
    Sample:
      base_sections: [nomad.datamodel.data.EntryData]
      quantities:
        thickness: {type: float, unit: nm}
      sub_sections:
        layers: {section: Layer, repeats: true}
`;

interface Entry {
  entry_id: string;
  mainfile: string;
  process_status: string;
  errors: string[];
}

describe('schemas of other uploads', () => {
  let server: TestServer;
  const tokens = { alice: '', bob: '', carol: '' };
  const ids = { alice: '', bob: '', carol: '' };
  let schemaUpload: string;
  let dataUpload: string;

  const newUpload = async (token: string, files: Record<string, string>) => {
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads`, as(token, { method: 'POST' })),
    );
    // One file after the other, each processed before the next: a PUT while the upload processes is refused.
    for (const [name, text] of Object.entries(files)) {
      const put = await fetch(
        `${server.api}/uploads/${uploadId}/raw/?file_name=${name}&wait_for_processing=true`,
        as(token, { method: 'PUT', body: text }),
      );
      expect(put.status, await put.clone().text()).toBe(200);
    }
    await waitProcessed(server, uploadId, token);
    return uploadId;
  };
  const entriesOf = async (uploadId: string, token: string) =>
    (await json<{ data: Entry[] }>(await callApi(server, token, 'GET', `uploads/${uploadId}/entries`))).data;
  const reprocess = async (uploadId: string, token: string) => {
    expect((await callApi(server, token, 'POST', `uploads/${uploadId}/action/process`)).status).toBe(200);
    await waitProcessed(server, uploadId, token);
  };

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['alice', 'bob', 'carol'] as const) {
      tokens[name] = await createUserWithToken(server, name);
      ids[name] = (
        await json<{ user_id: string }>(await callApi(server, tokens[name], 'GET', 'users/me'))
      ).user_id;
    }
    schemaUpload = await newUpload(tokens.alice, { 'schema.archive.yaml': schema });
    const sampleOf = `../uploads/${schemaUpload}/raw/schema.archive.yaml`;
    dataUpload = await newUpload(tokens.bob, {
      'film.archive.yaml': `data:\n  m_def: ${sampleOf}#Sample\n  thickness: 2 µm\n  layers:\n    - {material: ITO}\n`,
      'escape.archive.yaml': `data:\n  m_def: ../uploads/${schemaUpload}/raw/../../../secret.archive.yaml#Sample\n`,
    });
  });
  afterAll(async () => server?.close());

  it("refuses another upload's schema to an uploader who may not read it, and uses it once they may", async () => {
    const before = await entriesOf(dataUpload, tokens.bob);
    const film = before.find((entry) => entry.mainfile === 'film.archive.yaml')!;
    expect(film.process_status).toBe('FAILURE');
    expect(film.errors).toEqual([
      `the schema refers to uploads not every writer of this upload may read: ${schemaUpload}`,
    ]);
    // A parse that failed on the other upload's files says no more than that either.
    const refused = before.find((entry) => entry.mainfile === 'escape.archive.yaml')!;
    expect(refused.errors).toEqual(film.errors);

    await setUploadAccess(server.ctx.db, schemaUpload, { reviewers: [ids.bob] });
    await reprocess(dataUpload, tokens.bob);
    const after = await entriesOf(dataUpload, tokens.bob);
    expect(after.find((entry) => entry.mainfile === 'film.archive.yaml')?.process_status).toBe('SUCCESS');
    // A path that leaves the other upload's raw folder names nothing.
    const escape = after.find((entry) => entry.mainfile === 'escape.archive.yaml')!;
    expect(escape.process_status).toBe('FAILURE');
    expect(escape.errors[0]).toMatch(/could not resolve the section definition of data/);

    const filmId = generateEntryId(dataUpload, 'film.archive.yaml');
    const { data } = await json<{
      data: { archive: { data: Record<string, unknown>; metadata: Record<string, unknown> } };
    }>(await callApi(server, tokens.bob, 'GET', `entries/${filmId}/archive`));
    expect(data.archive.metadata.entry_type).toBe('Sample');
    expect(data.archive.data).toMatchObject({
      m_def: `../uploads/${schemaUpload}/raw/schema.archive.yaml#/definitions/section_definitions/1`,
      layers: [{ material: 'ITO' }],
    });
    expect(data.archive.data.thickness).toBeCloseTo(2000, 9);
  });

  it("gives the editor the other upload's sections, to those who may read that upload", async () => {
    const filmId = generateEntryId(dataUpload, 'film.archive.yaml');
    const response = await callApi(server, tokens.bob, 'GET', `entries/${filmId}/definitions`);
    expect(response.status).toBe(200);
    const { data } = await json<{
      data: {
        root: string;
        sections: Record<string, { name: string; search_name: string; sub_sections: { section: string }[] }>;
      };
    }>(response);
    const file = `../uploads/${schemaUpload}/raw/schema.archive.yaml`;
    expect(data.root).toBe(`${file}#/definitions/section_definitions/1`);
    const sample = data.sections[data.root]!;
    expect(sample.search_name).toBe(
      `entry_id:${generateEntryId(schemaUpload, 'schema.archive.yaml')}.Sample`,
    );
    expect(sample.sub_sections[0]?.section).toBe(`${file}#/definitions/section_definitions/0`);

    // Carol may see the data, not the schema's upload: the editor gets no definitions.
    await setUploadAccess(server.ctx.db, dataUpload, { reviewers: [ids.carol] });
    const hidden = await callApi(server, tokens.carol, 'GET', `entries/${filmId}/definitions`);
    expect(hidden.status).toBe(404);
  });

  it('takes definitions named through an archive: by entry id, and by mainfile', async () => {
    const schemaEntry = generateEntryId(schemaUpload, 'schema.archive.yaml');
    const upload = await newUpload(tokens.bob, {
      'local.archive.yaml': 'definitions:\n  sections:\n    Note:\n      quantities: {text: {type: str}}\n',
      'by-id.archive.yaml': `data:\n  m_def: ../uploads/${schemaUpload}/archive/${schemaEntry}#/definitions/section_definitions/1\n  thickness: 5\n`,
      'by-mainfile.archive.yaml': `data:\n  m_def: ../uploads/${schemaUpload}/archive/mainfile/schema.archive.yaml#/definitions/section_definitions/1\n`,
      'own.archive.yaml': `data:\n  m_def: ../upload/archive/${generateEntryId('x', 'y')}#/definitions/section_definitions/0\n`,
    });
    const entries = await entriesOf(upload, tokens.bob);
    const status = (mainfile: string) => entries.find((entry) => entry.mainfile === mainfile);
    expect(status('by-id.archive.yaml')?.process_status).toBe('SUCCESS');
    expect(status('by-mainfile.archive.yaml')?.process_status).toBe('SUCCESS');
    // An entry id that is no archive file of the upload names nothing.
    expect(status('own.archive.yaml')?.errors[0]).toMatch(/could not resolve the section definition/);
    const { data } = await json<{ data: { archive: { data: Record<string, unknown> } } }>(
      await callApi(
        server,
        tokens.bob,
        'GET',
        `entries/${generateEntryId(upload, 'by-id.archive.yaml')}/archive`,
      ),
    );
    expect(data.archive.data.m_def).toBe(
      `../uploads/${schemaUpload}/raw/schema.archive.yaml#/definitions/section_definitions/1`,
    );
  });

  it("does not lend the main author's read rights to a co-author who writes the file", async () => {
    // Alice's private schema; Alice's shared upload, where Carol is a co-author without access to it.
    const secret = await newUpload(tokens.alice, { 'secret.archive.yaml': schema });
    const shared = await newUpload(tokens.alice, { 'notes.archive.yaml': 'data: {}\n' });
    await setUploadAccess(server.ctx.db, shared, { coauthors: [ids.carol] });
    const put = await fetch(
      `${server.api}/uploads/${shared}/raw/?file_name=probe.archive.yaml&wait_for_processing=true`,
      as(tokens.carol, {
        method: 'PUT',
        body: `data:\n  m_def: ../uploads/${secret}/raw/secret.archive.yaml#Sample\n  colour: red\n`,
      }),
    );
    expect(put.status, await put.clone().text()).toBe(200);
    await waitProcessed(server, shared, tokens.carol);
    const probe = (await entriesOf(shared, tokens.carol)).find((e) => e.mainfile === 'probe.archive.yaml')!;
    expect(probe.process_status).toBe('FAILURE');
    expect(probe.errors).toEqual([
      `the schema refers to uploads not every writer of this upload may read: ${secret}`,
    ]);
    // Once Carol may read it too, the same file is processed.
    await setUploadAccess(server.ctx.db, secret, { reviewers: [ids.carol] });
    await reprocess(shared, tokens.alice);
    const after = (await entriesOf(shared, tokens.carol)).find((e) => e.mainfile === 'probe.archive.yaml')!;
    expect(after.process_status).toBe('SUCCESS');
  });

  it('refuses a schema whose own schema is in an upload the uploader may not read', async () => {
    // Carol's private base; Alice's schema (readable by Bob) inherits from it; Bob's data uses Alice's.
    const base = await newUpload(tokens.carol, {
      'base.archive.yaml': 'definitions:\n  sections:\n    Base:\n      quantities: {secret: {type: str}}\n',
    });
    await setUploadAccess(server.ctx.db, base, { reviewers: [ids.alice] });
    const middle = await newUpload(tokens.alice, {
      'middle.archive.yaml': `definitions:\n  sections:\n    Derived:\n      base_sections: ['../uploads/${base}/raw/base.archive.yaml#Base', nomad.datamodel.data.EntryData]\n`,
    });
    await setUploadAccess(server.ctx.db, middle, { reviewers: [ids.bob] });
    const upload = await newUpload(tokens.bob, {
      'data.archive.yaml': `data:\n  m_def: ../uploads/${middle}/raw/middle.archive.yaml#Derived\n  secret: s\n`,
    });
    const [entry] = await entriesOf(upload, tokens.bob);
    expect(entry?.process_status).toBe('FAILURE');
    expect(entry?.errors).toEqual([
      `the schema refers to uploads not every writer of this upload may read: ${base}`,
    ]);

    await setUploadAccess(server.ctx.db, base, { reviewers: [ids.alice, ids.bob] });
    await reprocess(upload, tokens.bob);
    expect((await entriesOf(upload, tokens.bob))[0]?.process_status).toBe('SUCCESS');
  });
});
