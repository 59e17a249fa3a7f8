// The h5grove API over HDF5 files made here with h5wasm: the answers h5web's H5GroveProvider reads, at both
// mounts, and the refusals of bad input.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient, CallInput } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadFiles } from '../files/storage.ts';
import { apiClient, as, refusalOf, waitProcessed } from '../testing/http.ts';
import { cyclicHdf5, largeHdf5, sampleHdf5 } from '../testing/hdf5-samples.ts';
import { longestStall } from '../testing/longest-stall.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('the h5grove API', () => {
  let server: TestServer;
  let token: string;
  let author: ApiClient;
  let other: ApiClient;
  let anonymous: ApiClient;
  let uploadId: string;

  const upload = (name: string, body: Buffer | string) =>
    author.upload('uploadRawPut', new Blob([body]), {
      params: { upload_id: uploadId, path: '' },
      query: { file_name: name, wait_for_processing: true },
    });

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'h5author');
    author = apiClient(server, token);
    other = apiClient(server, await createUserWithToken(server, 'h5other'));
    anonymous = apiClient(server);
    const created = await author.upload('uploadCreate', new Blob([await sampleHdf5()]), {
      query: { file_name: 'sample.h5' },
    });
    uploadId = created.upload_id;
    await waitProcessed(server, uploadId, token);
    await upload('notes.txt', 'not an HDF5 file\n');
    // Exactly the largest numeric selection allowed (16 MiB of doubles), and one value more.
    await upload('large.h5', await largeHdf5(2 * 1024 * 1024 + 1));
    await upload('cyclic.h5', await cyclicHdf5());
    for (const fixture of ['outside-storage.h5', 'foreign-types.h5'])
      await upload(fixture, readFileSync(new URL(`../testing/fixtures/${fixture}`, import.meta.url)));
  });
  afterAll(async () => server?.close());

  /**
   * raw, as h5web asks (with a trailing slash): for answers read as bytes or by their headers, at NOMAD's
   * mount, and for queries that are path tricks or that the client's types refuse.
   */
  const call = (
    endpoint: string,
    params: Record<string, string>,
    options: { who?: string | undefined; base?: string } = {},
  ) => {
    const query = new URLSearchParams({ upload_id: uploadId, file: 'sample.h5', ...params });
    const base = options.base ?? `${server.api}/h5grove`;
    return fetch(`${base}/${endpoint}/?${query}`, as('who' in options ? options.who : token));
  };
  const body = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };

  /** The query of an h5grove call of the client, sample.h5 of the upload unless it names another file. */
  type InFile<Q> = Omit<NonNullable<Q>, 'upload_id' | 'file'> & { file?: string };
  type MetaQuery = InFile<CallInput<'h5groveMeta'>['query']>;
  type AttrQuery = InFile<CallInput<'h5groveAttr'>['query']>;
  type DataQuery = InFile<CallInput<'h5groveData'>['query']>;
  type StatsQuery = InFile<CallInput<'h5groveStats'>['query']>;
  type PathsQuery = InFile<CallInput<'h5grovePaths'>['query']>;
  const inFile = <Q extends { file?: string }>(query: Q) => ({
    upload_id: uploadId,
    file: 'sample.h5',
    ...query,
  });
  const meta = (query: MetaQuery, who = author) => who.call('h5groveMeta', { query: inFile(query) });
  const attr = (query: AttrQuery) => author.call('h5groveAttr', { query: inFile(query) });
  const stats = (query: StatsQuery) => author.call('h5groveStats', { query: inFile(query) });
  const paths = (query: PathsQuery, who = author) => who.call('h5grovePaths', { query: inFile(query) });
  /** JSON values of a dataset: the contract declares data a file (it may be bytes), so its text is parsed. */
  const data = async <T = unknown>(query: DataQuery, who = author): Promise<T> =>
    JSON.parse(await (await who.file('h5groveData', { query: inFile(query) })).blob.text()) as T;
  /** The detail of a refusal with `status`. */
  const refused = async (call: Promise<unknown>, status: number) => {
    const [answered, refusal] = await refusalOf(call);
    expect(answered, JSON.stringify(refusal)).toBe(status);
    return (refusal as { detail: unknown }).detail;
  };

  it('describes the root group with its children, links not followed outside the file', async () => {
    const root = await meta({ path: '/' });
    expect(root).toMatchObject({
      kind: 'group',
      name: '',
      attributes: [
        { name: 'creator', shape: [] },
        { name: 'default', shape: [] },
      ],
    });
    const child = (name: string) => root.children!.find((c) => c.name === name);
    expect(child('entry')).toEqual({
      kind: 'group',
      name: 'entry',
      attributes: [
        { name: 'NX_class', shape: [], type: expect.objectContaining({ class: 3, vlen: true }) },
        { name: 'default', shape: [], type: expect.objectContaining({ class: 3 }) },
      ],
    });
    expect(child('labels')).toMatchObject({
      kind: 'dataset',
      shape: [3],
      type: { class: 3, dtype: '|O', vlen: true },
    });
    expect(child('fixed')).toMatchObject({ type: { class: 3, dtype: '|S4', size: 4, vlen: false } });
    expect(child('table')).toMatchObject({
      kind: 'dataset',
      shape: [2],
      type: {
        class: 6,
        dtype: { id: '<i4', value: expect.stringMatching(/^<f/) },
        members: [
          { name: 'id', class: 0, size: 4, sign: 1, order: 0 },
          { name: 'value', class: 1 },
        ],
      },
    });
    // A soft link inside the file is followed; a broken one and an external one are reported as links.
    expect(child('image_link')).toMatchObject({ kind: 'dataset', name: 'image_link', shape: [4, 6] });
    expect(child('broken_link')).toEqual({ kind: 'soft_link', name: 'broken_link', target_path: '/nowhere' });
    expect(child('external_link')).toEqual({
      kind: 'external_link',
      name: 'external_link',
      target_file: '/etc/other.h5',
      target_path: '/secret',
    });
  });

  it('describes an NXdata group and a 2-D dataset as h5grove does', async () => {
    const group = await meta({ path: '/entry/data' });
    expect(group).toMatchObject({
      kind: 'group',
      name: 'data',
      attributes: [{ name: 'NX_class' }, { name: 'axes', shape: [2] }, { name: 'signal', shape: [] }],
    });
    const image = await meta({ path: '/entry/data/image' });
    expect(image).toEqual({
      kind: 'dataset',
      name: 'image',
      shape: [4, 6],
      chunks: null,
      filters: null,
      type: { class: 1, dtype: '<f8', size: 8, order: 0 },
      attributes: [
        { name: 'scale', shape: [2], type: { class: 1, dtype: '<f4', size: 4, order: 0 } },
        { name: 'units', shape: [], type: expect.objectContaining({ class: 3 }) },
      ],
    });
    const big = await meta({ path: '/entry/instrument/detector/big' });
    expect(big).toMatchObject({ type: { class: 0, dtype: '<i8', size: 8, sign: 1 } });
  });

  it('answers attribute values, all or by key', async () => {
    expect(await attr({ path: '/entry/data' })).toEqual({
      NX_class: 'NXdata',
      axes: ['.', 'x'],
      signal: 'image',
    });
    expect(await attr({ path: '/entry/data/image', attr_keys: ['units'] })).toEqual({ units: 'counts' });
    expect(await attr({ path: '/broken_link' })).toEqual({});
  });

  it('answers values as JSON: nested, flattened, selected, scalars, strings and compounds', async () => {
    const image = await data<number[][]>({ path: '/entry/data/image' });
    expect(image).toHaveLength(4);
    expect(image[1]).toEqual([3, 4, 5, 6, 7, 8]);
    expect(await data({ path: '/entry/data/image', selection: '1, 2:5' })).toEqual([5, 6, 7]);
    expect(await data({ path: '/entry/data/image', selection: '-1, ::2' })).toEqual([15, 17, 19]);
    const flat = await data({ path: '/entry/data/image', selection: '0:2, 4:', flatten: true });
    expect(flat).toEqual([1, 2, 7, 8]);
    expect(await data({ path: '/entry/instrument/detector/temperature' })).toBe(293.5);
    expect(await data({ path: '/labels', flatten: true })).toEqual(['alpha', 'beta', 'gamma']);
    expect(await data({ path: '/fixed' })).toEqual(['ab', 'cde']);
    expect(await data({ path: '/table', flatten: true })).toEqual([
      [1, 2.5],
      [2, 4.5],
    ]);
    expect(await data({ path: '/entry/instrument/detector/big' })).toEqual([1, -2, 3]);
    expect(await data({ path: '/image_link', selection: '0, 0' })).toBe(-3);
  });

  it('answers numbers as raw little-endian bytes and as .npy files', async () => {
    // raw: the bytes and their content type are what is checked.
    const bin = await call('data', { path: '/entry/data/image', format: 'bin', dtype: 'safe' });
    expect(bin.status).toBe(200);
    expect(bin.headers.get('content-type')).toBe('application/octet-stream');
    const values = new Float64Array(await bin.arrayBuffer());
    expect(Array.from(values)).toEqual(Array.from({ length: 24 }, (_, i) => i - 3));
    const big = await call('data', { path: '/entry/instrument/detector/big', format: 'bin', dtype: 'safe' });
    expect(Array.from(new BigInt64Array(await big.arrayBuffer()))).toEqual([1n, -2n, 3n]);
    // A scalar is one value of the dataset's own type (h5wasm stored this one as float32), as h5web reads it.
    const scalar = { path: '/entry/instrument/detector/temperature' };
    expect(await meta(scalar)).toMatchObject({ type: { dtype: '<f4' } });
    const scalarBin = await call('data', { ...scalar, format: 'bin', dtype: 'safe' });
    expect(Array.from(new Float32Array(await scalarBin.arrayBuffer()))).toEqual([293.5]);

    const npy = Buffer.from(
      await (await call('data', { path: '/entry/data/image', format: 'npy' })).arrayBuffer(),
    );
    expect(npy.subarray(0, 8).toString('latin1')).toBe('\x93NUMPY\x01\x00');
    const headerLength = npy.readUInt16LE(8);
    expect((10 + headerLength) % 64).toBe(0);
    const header = npy.subarray(10, 10 + headerLength).toString('latin1');
    expect(header).toMatch(/^\{'descr': '<f8', 'fortran_order': False, 'shape': \(4, 6\), \} *\n$/);
    expect(npy.length).toBe(10 + headerLength + 24 * 8);
    expect(npy.readDoubleLE(10 + headerLength + 8 * 7)).toBe(4);
    const row = await call('data', { path: '/entry/data/x', format: 'npy' });
    expect(Buffer.from(await row.arrayBuffer()).toString('latin1')).toContain(
      "'descr': '<f4', 'fortran_order': False, 'shape': (6,)",
    );
  });

  it('answers statistics with h5grove’s keys', async () => {
    const image = await stats({ path: '/entry/data/image' });
    expect(image).toMatchObject({ strict_positive_min: 1, positive_min: 0, min: -3, max: 20, mean: 8.5 });
    expect(image.std).toBeCloseTo(Math.sqrt((24 * 24 - 1) / 12), 10);
    // Integers: NumPy's mean and deviation cut to integers, as h5grove answers them.
    expect(await stats({ path: '/entry/instrument/detector/counts' })).toEqual({
      strict_positive_min: 1,
      positive_min: 1,
      min: 1,
      max: 9,
      mean: 3,
      std: 2,
    });
    expect(await stats({ path: '/entry/data/image', selection: '0, 0:3' })).toMatchObject({
      strict_positive_min: null,
      positive_min: null,
      min: -3,
      max: -1,
    });
  });

  it('lists every object path below a group, links listed but not followed', async () => {
    expect(await paths({})).toEqual([
      '/',
      '/broken_link',
      '/entry',
      '/entry/data',
      '/entry/data/image',
      '/entry/data/x',
      '/entry/instrument',
      '/entry/instrument/detector',
      '/entry/instrument/detector/big',
      '/entry/instrument/detector/counts',
      '/entry/instrument/detector/temperature',
      '/external_link',
      '/fixed',
      '/image_link',
      '/labels',
      '/table',
    ]);
    expect(await paths({ path: '/entry/instrument' })).toEqual([
      '/entry/instrument',
      '/entry/instrument/detector',
      '/entry/instrument/detector/big',
      '/entry/instrument/detector/counts',
      '/entry/instrument/detector/temperature',
    ]);
    // Where h5web's search asks: <base>/h5grove/paths, without a trailing slash (raw: NOMAD's mount).
    const base = `${server.origin}${server.ctx.config.basePath}/h5grove`;
    const query = new URLSearchParams({ upload_id: uploadId, file: 'sample.h5', path: '/entry/data' });
    const atMount = await fetch(`${base}/paths?${query}`, as(token));
    expect(await body<string[]>(atMount)).toEqual(['/entry/data', '/entry/data/image', '/entry/data/x']);
  });

  it('refuses to list what is not a group, and bounds the listing of cyclic files', async () => {
    expect(await refused(paths({ path: '/nope' }), 404)).toBe('/nope is not a valid path in sample.h5');
    expect(await refused(paths({ path: '/labels' }), 400)).toBe('/labels is not a group.');
    expect(await refused(paths({ path: '/external_link' }), 400)).toBe('/external_link is not a group.');
    expect(await refused(paths({ file: 'notes.txt' }), 400)).toBe('notes.txt is not an HDF5 file.');
    expect((await refusalOf(paths({}, other)))[0]).toBe(401);
    const cyclic = { file: 'cyclic.h5' };
    expect(await refused(paths({ ...cyclic, path: '/chain' }), 400)).toBe(
      '/chain in cyclic.h5 nests groups more than 32 deep.',
    );
    // The listing runs on the reader's thread (about 0.7 s for 10000 paths on an idle core): the event
    // loop keeps turning.
    const listing = await longestStall(() => refused(paths({ ...cyclic, path: '/wide' }), 400));
    expect(listing.result).toBe('/wide in cyclic.h5 holds more than 10000 objects; search a smaller group.');
    const { ms, longest: longestPause } = listing;
    console.info(
      `h5grove: refusing a listing of more than 10000 paths took ${Math.round(ms)} ms; longest event-loop pause ${Math.round(longestPause)} ms`,
    );
    // Held on the loop, the listing would let no timer run until it is done.
    expect(listing.ticks).toBeGreaterThan(5);
  });

  it('is served where NOMAD mounts it, <base>/h5grove, with the API’s headers', async () => {
    // raw: NOMAD's mount is outside API v1, and its headers are checked.
    const base = `${server.origin}${server.ctx.config.basePath}/h5grove`;
    const response = await call('meta', { path: '/entry' }, { base });
    expect(await body(response)).toMatchObject({ kind: 'group', name: 'entry' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const preflight = await fetch(`${base}/data/`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    const anonymous = await call('meta', {}, { base, who: undefined });
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${base}/meta/?upload_id=${uploadId}&file=sample.h5`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.status).toBe(401);
  });

  it('reads with the caller’s rights: others and anonymous callers are refused, unknown uploads are 404', async () => {
    expect((await refusalOf(meta({}, other)))[0]).toBe(401);
    expect((await refusalOf(data({ path: '/labels' }, anonymous)))[0]).toBe(401);
    const missing = author.call('h5groveMeta', { query: { upload_id: 'nope', file: 'sample.h5' } });
    expect((await refusalOf(missing))[0]).toBe(404);
  });

  const detail = async (response: Response, status: number) =>
    (await body<{ detail: unknown }>(response, status)).detail;

  it('refuses bad files with a clear detail', async () => {
    expect(await refused(meta({ file: 'missing.h5' }), 404)).toBe('File not found!');
    // raw: path tricks go exactly as written.
    expect(await detail(await call('meta', { file: '../sample.h5' }), 400)).toMatch(/^Bad path/);
    expect(await detail(await call('meta', { file: '' }), 400)).toMatch(/^Bad path/);
    expect(await refused(meta({ file: 'notes.txt' }), 400)).toBe('notes.txt is not an HDF5 file.');
    // A symbolic link in the raw folder that points outside the upload is not followed.
    const outside = mkdtempSync(path.join(os.tmpdir(), 'oasis-h5-outside-'));
    writeFileSync(path.join(outside, 'secret.h5'), await sampleHdf5());
    symlinkSync(
      path.join(outside, 'secret.h5'),
      path.join(new UploadFiles(server.ctx.config.dataDir, uploadId).rawDir, 'escape.h5'),
    );
    expect(await detail(await call('meta', { file: 'escape.h5' }), 400)).toBe('Bad path: escape.h5');
    // raw: the client's types refuse a query without file.
    const noFile = await fetch(`${server.api}/h5grove/meta/?upload_id=${uploadId}`, as(token));
    expect(noFile.status).toBe(422);
  });

  it('answers damaged HDF5 files with 400 and a detail, not a server error', async () => {
    const whole = await sampleHdf5();
    // The signature and superblock survive; the objects they point to are cut off or overwritten.
    const damaged = {
      'truncated.h5': whole.subarray(0, Math.floor(whole.length / 3)),
      'scrambled.h5': Buffer.concat([whole.subarray(0, 96), Buffer.alloc(whole.length - 96, 0xa5)]),
    };
    for (const [name, bytes] of Object.entries(damaged)) {
      await upload(name, bytes);
      // Called one at a time: a refusal nobody awaits yet would be reported as unhandled.
      for (const [endpoint, read] of [
        ['meta', () => meta({ file: name, path: '/' })],
        ['attr', () => attr({ file: name, path: '/' })],
        ['data', () => data({ file: name, path: '/entry/data/intensity' })],
        ['paths', () => paths({ file: name, path: '/' })],
      ] as const) {
        const [status, refusal] = await refusalOf(read());
        const text = JSON.stringify(refusal);
        expect([400, 404], `${endpoint} of ${name}: ${text}`).toContain(status);
        expect(typeof (refusal as { detail?: unknown }).detail, text).toBe('string');
      }
    }
  });

  it('refuses bad object paths and links it does not follow', async () => {
    expect(await refused(meta({ path: '/nope' }), 404)).toBe('/nope is not a valid path in sample.h5');
    // raw: a path trick goes exactly as written.
    expect(await detail(await call('meta', { path: '/entry/../labels' }), 404)).toMatch(/not a valid path/);
    expect(await refused(meta({ path: '/external_link/secret' }), 404)).toMatch(/passes through a link/);
    expect(await refused(data({ path: '/external_link' }), 400)).toMatch(/not followed/);
    expect(await refused(data({ path: '/entry' }), 400)).toBe('/entry is not a dataset.');
  });

  it('answers big-endian numbers in the browser’s order and refuses half-precision floats clearly', async () => {
    const file = { file: 'foreign-types.h5', format: 'bin', dtype: 'safe' } as const;
    // raw: the bytes are what is checked.
    const bytes = async (dataset: string) => (await call('data', { ...file, path: dataset })).arrayBuffer();
    expect(await meta({ file: 'foreign-types.h5', path: '/big_floats' })).toMatchObject({
      type: { dtype: '>f8', order: 1 },
    });
    expect(Array.from(new Float64Array(await bytes('/big_floats')))).toEqual([1.5, -2.5]);
    expect(Array.from(new Int32Array(await bytes('/big_ints')))).toEqual([7, -8]);
    expect(Array.from(new Float32Array(await bytes('/big_scalar')))).toEqual([3.25]);
    expect(await refused(data({ ...file, path: '/half' }), 400)).toBe(
      '/half holds 16-bit floats, which this server cannot read.',
    );
  });

  it('reads no other file for a dataset: external storage is refused, virtual sources are left out', async () => {
    const file = { file: 'outside-storage.h5' };
    // Both name /etc/passwd; the reader must neither answer its bytes nor whatever its buffer held.
    for (const dataset of ['/absolute', '/relative']) {
      for (const read of [data, stats]) {
        expect(await refused(read({ ...file, path: dataset }), 400)).toBe(
          `${dataset} keeps its data in files outside outside-storage.h5, which are not read.`,
        );
      }
      expect(await meta({ ...file, path: dataset })).toMatchObject({ shape: [16] });
    }
    expect(await refused(data({ ...file, path: '/virtual' }), 400)).toMatch(/not read/);
    // The same reader goes on to read what is in its files.
    expect(await data({ ...file, path: '/plain' })).toEqual([0, 1, 2]);
  });

  it('refuses bad selections and formats', async () => {
    const image = { path: '/entry/data/image' };
    expect(await refused(data({ ...image, selection: 'a:b' }), 400)).toMatch(/not a valid selection/);
    expect(await refused(data({ ...image, selection: '0,0,0' }), 400)).toBe(
      '0,0,0 has too many members to slice a 2D dataset',
    );
    expect(await refused(data({ ...image, selection: '9' }), 400)).toMatch(/out of range/);
    expect(await refused(data({ ...image, selection: '::-1' }), 400)).toMatch(/positive steps/);
    // raw: the client's types refuse an unknown format.
    expect(await detail(await call('data', { ...image, format: 'tiff' }), 422)).toBeDefined();
    expect(await refused(data({ path: '/labels', format: 'bin' }), 400)).toBe(
      'Format bin is only available for numeric datasets.',
    );
    expect(await refused(stats({ path: '/labels' }), 400)).toMatch(/numeric/);
  });

  it('reads at most 16 MiB of numbers at once, off the event loop', async () => {
    const large = { file: 'large.h5', path: '/values', format: 'bin' } as const;
    expect(await refused(data(large), 400)).toBe(
      'The selection has 2097153 values, more than 16 MB; select a smaller part of the dataset.',
    );
    // The read runs on the reader's thread: the server's event loop keeps turning meanwhile (raw: the bytes
    // are counted).
    const read = await longestStall(async () => {
      const allowed = await call('data', { ...large, selection: '1:' });
      return { status: allowed.status, bytes: (await allowed.arrayBuffer()).byteLength };
    });
    expect(read.result).toEqual({ status: 200, bytes: 16 * 1024 * 1024 });
    const { ms, longest: longestPause } = read;
    console.info(
      `h5grove: a 16 MiB read answered in ${Math.round(ms)} ms; longest event-loop pause ${Math.round(longestPause)} ms`,
    );
    // Read on the loop, the 16 MiB would let no timer run until it is read.
    expect(read.ticks).toBeGreaterThan(5);
  });
});
