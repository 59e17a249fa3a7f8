/**
 * The URL forms NOMAD's data refers to each other with (spec 1 §2.3): raw files and archives of an upload
 * (relative '../upload/...' from the referring upload, '../uploads/{id}/...', or absolute through an API
 * base '.../api/v1/uploads/{id}/...'), an archive's data path after '#', a metainfo version after '@',
 * paths inside the current archive ('#/data', '/run/0'), metainfo ('/metainfo/...', dotted qualified
 * names) and search names of users' sections ('entry_id:{id}.Section'). Parse errors name the problem as
 * spec 1 §5.2 lists them.
 */

export type NomadUrl =
  /** A file of an upload (uploadId undefined: the referring upload's), with a path into it if archive. */
  | { kind: 'raw'; uploadId?: string; path: string; dataPath?: string; versionHash?: string }
  /** An entry's archive, by id or by mainfile, with a path into it. */
  | {
      kind: 'archive';
      uploadId?: string;
      entryId?: string;
      mainfile?: string;
      dataPath?: string;
      versionHash?: string;
    }
  /** A path inside the archive that holds the reference. */
  | { kind: 'data'; dataPath: string; versionHash?: string }
  /** A built-in definition: a qualified name, or a path of the metainfo. */
  | { kind: 'metainfo'; name: string; versionHash?: string }
  /** A section of a user's schema file as search names it. */
  | { kind: 'entry'; entryId: string; name?: string };

export class NomadUrlError extends Error {}

const fail = (url: string, problem: string) => new NomadUrlError(`Bad URL '${url}': ${problem}`);

/** Definitions are versioned; data is not: '@' is allowed only where a URL names metainfo. */
const isDefinitionPath = (dataPath: string | undefined) =>
  dataPath !== undefined && /^\/?definitions(\/|$)/.test(dataPath);

/** Splits '{location}#{dataPath}@{versionHash}' (the version may also follow a location without '#'). */
const parts = (url: string) => {
  const hash = url.indexOf('#');
  const [head, fragment] = hash < 0 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1)];
  const versioned = fragment ?? head;
  const at = versioned.lastIndexOf('@');
  const unversioned = at < 0 ? versioned : versioned.slice(0, at);
  const versionHash = at < 0 ? undefined : versioned.slice(at + 1);
  const path = fragment === undefined ? undefined : unversioned;
  return {
    location: fragment === undefined ? unversioned : head,
    dataPath: path === undefined ? undefined : path.startsWith('/') ? path : `/${path}`,
    versionHash,
  };
};

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** The upload part after '{uploads}/{id}' or '../upload': 'raw/{path}' or 'archive/{entry|mainfile/path}'. */
const inUpload = (
  url: string,
  uploadId: string | undefined,
  rest: string[],
  dataPath: string | undefined,
  versionHash: string | undefined,
): NomadUrl => {
  const [kind, ...tail] = rest;
  if (kind === 'raw') {
    const path = tail.join('/');
    return {
      kind: 'raw',
      ...optional('uploadId', uploadId),
      path,
      ...optional('dataPath', dataPath),
      ...optional('versionHash', versionHash),
    };
  }
  if (kind !== 'archive') {
    if (kind === undefined && dataPath !== undefined) throw fail(url, 'a data path needs an entry reference');
    throw fail(url, "expected 'raw' or 'archive'");
  }
  const [entry, ...mainfile] = tail;
  if (!entry || (entry === 'mainfile' && mainfile.length === 0))
    throw fail(url, "'archive' must be followed by an entry id or 'mainfile'");
  return {
    kind: 'archive',
    ...optional('uploadId', uploadId),
    ...(entry === 'mainfile' ? { mainfile: mainfile.join('/') } : { entryId: entry }),
    ...optional('dataPath', dataPath),
    ...optional('versionHash', versionHash),
  };
};

/**
 * Parses a NOMAD URL. `relativeTo`: whether '../upload/...' (the referring upload) can be resolved where
 * the URL is read; without it such URLs are refused.
 */
export function parseNomadUrl(url: unknown, { relativeTo = true }: { relativeTo?: boolean } = {}): NomadUrl {
  if (typeof url !== 'string') throw new NomadUrlError(`Bad URL: not a string (${typeof url})`);
  if (url.trim() === '') throw fail(url, 'empty value');
  const { location, dataPath, versionHash } = parts(url);
  const checked = (parsed: NomadUrl) => {
    const metainfo =
      parsed.kind === 'metainfo' || ('dataPath' in parsed && isDefinitionPath(parsed.dataPath));
    if (versionHash !== undefined && (!metainfo || !/^\w+$/.test(versionHash)))
      throw fail(url, 'a versionHash is allowed only in metainfo URLs');
    return parsed;
  };

  if (location === '')
    return checked({ kind: 'data', dataPath: dataPath ?? '/', ...optional('versionHash', versionHash) });
  const entry = /^entry_id:([^.]+)(?:\.(.+))?$/.exec(location);
  if (entry) return { kind: 'entry', entryId: entry[1]!, ...optional('name', entry[2]) };
  const metainfo = /^\/?metainfo\/(.+)$/.exec(location);
  if (metainfo)
    return checked({ kind: 'metainfo', name: metainfo[1]!, ...optional('versionHash', versionHash) });
  if (/^[A-Za-z_]\w*(\.\w+)+$/.test(location))
    return checked({ kind: 'metainfo', name: location, ...optional('versionHash', versionHash) });

  if (location.startsWith('../upload/') || location === '../upload') {
    if (!relativeTo) throw fail(url, 'a base URL is required to resolve a reference to the referring upload');
    return checked(inUpload(url, undefined, location.split('/').slice(2), dataPath, versionHash));
  }
  if (location.startsWith('../uploads/')) {
    const [uploadId, ...rest] = location.split('/').slice(2);
    if (!uploadId) throw fail(url, "expected '/uploads/<uploadId>'");
    return checked(inUpload(url, uploadId, rest, dataPath, versionHash));
  }
  if (/^https?:\/\//.test(location)) {
    const api = location.indexOf('/api/');
    if (api < 0) throw fail(url, "an absolute URL must contain '/api'");
    const afterApi = location.slice(api + '/api/'.length).split('/');
    const definitions = afterApi.indexOf('metainfo');
    if (definitions >= 0 && definitions <= 1 && afterApi[definitions + 1])
      return checked({
        kind: 'metainfo',
        name: afterApi.slice(definitions + 1).join('/'),
        ...optional('versionHash', versionHash),
      });
    const uploads = afterApi.indexOf('uploads');
    if (uploads < 0 || uploads > 1 || !afterApi[uploads + 1])
      throw fail(url, "expected '/uploads/<uploadId>'");
    return checked(inUpload(url, afterApi[uploads + 1], afterApi.slice(uploads + 2), dataPath, versionHash));
  }
  const byEntry = /^(?:.*\/)?entries\/([^/]+)\/archive$/.exec(location);
  if (byEntry)
    return checked({
      kind: 'archive',
      entryId: byEntry[1]!,
      ...optional('dataPath', dataPath),
      ...optional('versionHash', versionHash),
    });
  if (location.startsWith('/'))
    return checked({ kind: 'data', dataPath: location, ...optional('versionHash', versionHash) });
  throw fail(url, 'a base URL is required to resolve it, or it names nothing NOMAD refers to');
}
