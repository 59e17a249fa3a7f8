// Data whose schema is in another upload ('../uploads/{id}/raw/...'), against the real server: processed
// when the uploader may read that upload, refused otherwise; its editor's definitions come from there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
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

describe('schemas of other uploads', () => {
  let server: TestServer;
  const tokens = { alice: '', bob: '', carol: '' };
  const ids = { alice: '', bob: '', carol: '' };
  let schemaUpload: string;
  let dataUpload: string;

  /** Adds a file to an upload and waits for its processing. */
  const putFile = (token: string, uploadId: string, name: string, text: string) =>
    apiClient(server, token).upload('uploadRawPut', new Blob([text]), {
      params: { upload_id: uploadId, path: '' },
      query: { file_name: name, wait_for_processing: true },
    });
  const newUpload = async (token: string, files: Record<string, string>) => {
    const { upload_id: uploadId } = await apiClient(server, token).call('uploadCreate');
    // One file after the other, each processed before the next: a PUT while the upload processes is refused.
    for (const [name, text] of Object.entries(files)) await putFile(token, uploadId, name, text);
    await waitProcessed(server, uploadId, token);
    return uploadId;
  };
  const entriesOf = async (uploadId: string, token: string) =>
    (await apiClient(server, token).call('uploadEntries', { params: { upload_id: uploadId } })).data;
  const reprocess = async (uploadId: string, token: string) => {
    await apiClient(server, token).call('uploadProcess', { params: { upload_id: uploadId } });
    await waitProcessed(server, uploadId, token);
  };
  const archiveOf = async (entryId: string, token: string) =>
    (await apiClient(server, token).call('entryArchive', { params: { entry_id: entryId } })).data.archive;
  const definitionsOf = (entryId: string, token: string) =>
    apiClient(server, token).call('entryDefinitions', { params: { entry_id: entryId } });

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['alice', 'bob', 'carol'] as const) {
      tokens[name] = await createUserWithToken(server, name);
      ids[name] = (await apiClient(server, tokens[name]).call('usersMe')).user_id;
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
    const archive = await archiveOf(filmId, tokens.bob);
    expect(archive).toMatchObject({ metadata: { entry_type: 'Sample' } });
    expect(archive).toMatchObject({
      data: {
        m_def: `../uploads/${schemaUpload}/raw/schema.archive.yaml#/definitions/section_definitions/1`,
        layers: [{ material: 'ITO' }],
        thickness: expect.closeTo(2000, 9),
      },
    });
  });

  it("gives the editor the other upload's sections, to those who may read that upload", async () => {
    const filmId = generateEntryId(dataUpload, 'film.archive.yaml');
    const { data } = await definitionsOf(filmId, tokens.bob);
    const file = `../uploads/${schemaUpload}/raw/schema.archive.yaml`;
    expect(data.root).toBe(`${file}#/definitions/section_definitions/1`);
    const sample = data.sections[data.root]!;
    expect(sample.search_name).toBe(
      `entry_id:${generateEntryId(schemaUpload, 'schema.archive.yaml')}.Sample`,
    );
    expect(sample.sub_sections[0]?.section).toBe(`${file}#/definitions/section_definitions/0`);

    // Carol may see the data, not the schema's upload: the editor gets no definitions.
    await setUploadAccess(server.ctx.db, dataUpload, { reviewers: [ids.carol] });
    expect((await refusalOf(definitionsOf(filmId, tokens.carol)))[0]).toBe(404);
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
    const archive = await archiveOf(generateEntryId(upload, 'by-id.archive.yaml'), tokens.bob);
    expect(archive).toMatchObject({
      data: {
        m_def: `../uploads/${schemaUpload}/raw/schema.archive.yaml#/definitions/section_definitions/1`,
      },
    });
  });

  it("does not lend the main author's read rights to a co-author who writes the file", async () => {
    // Alice's private schema; Alice's shared upload, where Carol is a co-author without access to it.
    const secret = await newUpload(tokens.alice, { 'secret.archive.yaml': schema });
    const shared = await newUpload(tokens.alice, { 'notes.archive.yaml': 'data: {}\n' });
    await setUploadAccess(server.ctx.db, shared, { coauthors: [ids.carol] });
    await putFile(
      tokens.carol,
      shared,
      'probe.archive.yaml',
      `data:\n  m_def: ../uploads/${secret}/raw/secret.archive.yaml#Sample\n  colour: red\n`,
    );
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
