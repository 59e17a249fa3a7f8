import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { badRequest, HttpError, unauthorized } from '../errors.ts';
import { extractArchive } from '../files/extract.ts';
import { generateEntryId } from '../processing/ids.ts';
import { resolveInside } from '../files/paths.ts';
import { BUNDLE_STAGING_PREFIX } from '../files/temp-cleanup.ts';
import type { OpenIncomingFile } from '../files/receive.ts';
import { UploadFiles } from '../files/storage.ts';
import { uploadBudget } from '../files/upload-budget.ts';
import { addToDatasets } from '../store/entry-metadata.ts';
import { existingEntryIds, insertImportedEntries, insertImportedUpload } from '../store/upload-bundles.ts';
import { findUpload, type UploadRow } from '../store/uploads.ts';
import { normalizeLogin } from '../store/users.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { OasisConfig } from '../config/config.ts';
import { BUNDLE_INFO_FILE, parseBundleInfo, type BundleInfo } from './bundle-info.ts';
import { mapBundleDatasets, mapBundleUsers } from './bundle-members.ts';
import { loggedIn, type Caller } from './caller.ts';

/** bundle_info.json is read whole: larger is no bundle of a sensible upload. */
const MAX_BUNDLE_INFO_BYTES = 64 * 1024 * 1024;

/** Admins, and the users `oasis.allowed_importers` names by username or email, may import bundles. */
const mayImport = (config: OasisConfig, user: CurrentUser): boolean => {
  if (user.is_admin) return true;
  const allowed = new Set(config.allowedImporters.map(normalizeLogin));
  return [user.username, user.email].some(
    (login) => login !== undefined && login !== null && allowed.has(normalizeLogin(login)),
  );
};

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Each entry of the bundle has its mainfile in raw/ and its archive in archive/, and an id free here. */
const checkEntries = async (ctx: AppContext, info: BundleInfo, unpacked: string): Promise<void> => {
  const ids = info.entries.map((entry) => entry.entry_id);
  if (new Set(ids).size !== ids.length) throw badRequest('The bundle names an entry twice.');
  for (const entry of info.entries) {
    // Entry ids are hashes of upload id, mainfile and key: an id not of this upload could take the place of
    // an entry another upload here makes later.
    const key = entry.metadata.mainfile_key;
    const expected = generateEntryId(
      info.upload_id,
      entry.mainfile,
      typeof key === 'string' ? key : undefined,
    );
    if (entry.entry_id !== expected)
      throw badRequest(`The entry id ${entry.entry_id} is not the one of ${entry.mainfile} in this upload.`);
    if (!(await exists(resolveInside(path.join(unpacked, 'raw'), entry.mainfile))))
      throw badRequest(`The bundle has no raw file for the entry ${entry.entry_id} (${entry.mainfile}).`);
    if (!(await exists(path.join(unpacked, 'archive', `${entry.entry_id}.json`))))
      throw badRequest(`The bundle has no archive for the entry ${entry.entry_id}.`);
  }
  const taken = await existingEntryIds(ctx.db, ids);
  if (taken.length > 0)
    throw badRequest(`Entries of the bundle exist here in another upload: ${taken.slice(0, 5).join(', ')}`);
};

/** Creates the new upload's folder; only one import of an upload_id gets it (a lock on the data directory). */
const claimFolder = (target: UploadFiles): Promise<void> =>
  mkdir(target.root).then(
    () => undefined,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST')
        throw new HttpError(
          409,
          'An upload with this upload_id is being imported, or its folder exists here.',
        );
      throw error;
    },
  );

/** Moves the bundle's raw/ and archive/ into the new upload's folder. */
const placeFiles = async (target: UploadFiles, unpacked: string): Promise<void> => {
  for (const [from, to] of [
    ['raw', target.rawDir],
    ['archive', target.archiveDir],
  ] as const) {
    const source = path.join(unpacked, from);
    if (await exists(source)) await rename(source, to);
    else await mkdir(to);
  }
  await target.create();
};

/** Writes the upload, its entries and datasets, with its members mapped to local users: one transaction. */
const storeImport = async (ctx: AppContext, info: BundleInfo, embargoLength: number): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const users = await mapBundleUsers(tx, info);
    const mapped = (ids: readonly string[]) => ids.flatMap((id) => users.get(id) ?? []);
    await insertImportedUpload(tx, {
      upload_id: info.upload_id,
      upload_name: info.upload.upload_name,
      main_author: users.get(info.upload.main_author)!,
      coauthors: mapped(info.upload.coauthors),
      reviewers: mapped(info.upload.reviewers),
      upload_create_time: new Date(info.upload.upload_create_time),
      publish_time: new Date(info.upload.publish_time!),
      embargo_length: embargoLength,
      license: info.upload.license,
    });
    await insertImportedEntries(
      tx,
      info.upload_id,
      info.entries.map(({ datasets: _, ...entry }) => ({
        ...entry,
        entry_create_time: new Date(entry.entry_create_time),
        complete_time: entry.complete_time === null ? null : new Date(entry.complete_time),
      })),
    );
    const datasets = await mapBundleDatasets(tx, info, users);
    await addToDatasets(
      tx,
      info.entries.flatMap((entry) =>
        entry.datasets.flatMap((id) => {
          const datasetId = datasets.get(id);
          return datasetId ? [{ entryId: entry.entry_id, datasetId }] : [];
        }),
      ),
    );
  });
};

/**
 * POST /uploads/bundle: imports the bundle of a published upload of another installation. The bundle is
 * received within the upload size limits, unpacked with the upload path's zip rules, and checked before
 * anything is kept; the upload keeps its upload_id and entry ids, is stored as published (with the
 * bundle's embargo unless `embargoLength` is given), and its entries are taken over as processed there
 * (search documents and archives), so they are found at once. All or nothing: a failure leaves no row and
 * no file. A bundle of an upload this installation has (published) is a no-op answering that upload.
 */
export const importBundle = async (
  ctx: AppContext,
  caller: Caller,
  open: OpenIncomingFile,
  options: { embargoLength?: number },
): Promise<UploadRow> => {
  const user = loggedIn(caller, 'User authentication required to access uploads.');
  if (!mayImport(ctx.config, user)) throw unauthorized('User not authorized to import bundles');
  const incoming = await open();
  if (!incoming) throw badRequest('No bundle file provided');
  const staging = new UploadFiles(
    ctx.config.dataDir,
    `${BUNDLE_STAGING_PREFIX}${randomBytes(8).toString('hex')}`,
  );
  await staging.create();
  try {
    const limits = ctx.config.uploadFiles;
    const received = await staging.streamToTemp(
      incoming.stream,
      await uploadBudget(ctx.fileWork, staging.rawDir, staging.root, limits, 0),
    );
    await extractArchive(ctx.fileWork, 'zip', received, staging, '', limits, 0);
    const infoFile = path.join(staging.rawDir, BUNDLE_INFO_FILE);
    const size = await stat(infoFile).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) throw badRequest(`The bundle has no ${BUNDLE_INFO_FILE}.`);
    if (size > MAX_BUNDLE_INFO_BYTES) throw badRequest(`${BUNDLE_INFO_FILE} is too large.`);
    const info = parseBundleInfo(await readFile(infoFile, 'utf8'));
    const existing = await findUpload(ctx.db, info.upload_id);
    if (existing?.published) return existing;
    if (existing) throw new HttpError(409, 'An upload with this upload_id exists here and is not published.');
    await checkEntries(ctx, info, staging.rawDir);
    const target = new UploadFiles(ctx.config.dataDir, info.upload_id);
    await claimFolder(target);
    try {
      await placeFiles(target, staging.rawDir);
      await storeImport(ctx, info, options.embargoLength ?? info.upload.embargo_length);
    } catch (error) {
      await target.delete();
      throw error;
    }
    const upload = await findUpload(ctx.db, info.upload_id);
    if (!upload) throw new Error('imported upload vanished');
    return upload;
  } finally {
    await staging.delete();
    ctx.trash.wake();
  }
};
