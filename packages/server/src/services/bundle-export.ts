import { createReadStream, existsSync } from 'node:fs';
import type { AppContext } from '../context.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { folderZipItems } from '../files/raw-zip.ts';
import { UploadFiles } from '../files/storage.ts';
import { type ZipItem } from '../files/raw-zip.ts';
import { zipStream } from './downloads/zip.ts';
import { findDataset } from '../store/datasets.ts';
import { successfulEntriesOfUpload } from '../store/upload-bundles.ts';
import { findUpload, type UploadRow } from '../store/uploads.ts';
import { findUsersByIds } from '../store/users.ts';
import type { Readable } from 'node:stream';
import { assertCanRead, uploadRoles } from '../auth/access.ts';
import { BUNDLE_INFO_FILE, type BundleInfo } from './bundle-info.ts';
import { loggedIn, type Caller } from './caller.ts';
import type { Download } from './downloads.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** bundle_info.json of a published upload: its row, its successful entries, their datasets, its members. */
const bundleInfo = async (ctx: AppContext, upload: UploadRow): Promise<BundleInfo> => {
  const entries = await successfulEntriesOfUpload(ctx.db, upload.upload_id);
  const datasetIds = [...new Set(entries.flatMap((entry) => entry.dataset_ids))].sort();
  const datasets = (await Promise.all(datasetIds.map((id) => findDataset(ctx.db, id)))).flatMap((row) =>
    row ? [row] : [],
  );
  const memberIds = [
    ...new Set([
      upload.main_author,
      ...upload.coauthors,
      ...upload.reviewers,
      ...datasets.map((d) => d.user_id),
    ]),
  ];
  const users = await findUsersByIds(ctx.db, memberIds);
  return {
    upload_id: upload.upload_id,
    source: {
      deployment_url: `${ctx.config.publicOrigin}${ctx.config.basePath}/api`,
      version: ctx.config.version.label,
    },
    export_settings: { include_raw_files: true, include_archive_files: true, include_datasets: true },
    upload: {
      upload_id: upload.upload_id,
      upload_name: upload.upload_name,
      upload_create_time: iso(upload.upload_create_time)!,
      main_author: upload.main_author,
      coauthors: upload.coauthors,
      reviewers: upload.reviewers,
      published: upload.published,
      publish_time: iso(upload.publish_time),
      embargo_length: upload.embargo_length,
      license: upload.license,
    },
    entries: entries.map((entry) => ({
      entry_id: entry.entry_id,
      mainfile: entry.mainfile,
      parser_name: entry.parser_name,
      entry_create_time: iso(entry.entry_create_time)!,
      complete_time: iso(entry.complete_time),
      metadata: entry.metadata,
      user_metadata: entry.user_metadata,
      warnings: entry.warnings,
      datasets: entry.dataset_ids,
    })),
    datasets: datasets.map((dataset) => ({
      dataset_id: dataset.dataset_id,
      dataset_name: dataset.dataset_name,
      user_id: dataset.user_id,
      dataset_create_time: iso(dataset.dataset_create_time)!,
      dataset_type: dataset.dataset_type,
      doi: dataset.doi,
    })),
    users: users.map((user) => ({
      user_id: user.user_id,
      email: user.email,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      affiliation: user.affiliation,
    })),
  };
};

/** The files of a bundle: bundle_info.json first, then raw/ and archive/ as they are on disk. */
async function* bundleItems(ctx: AppContext, upload: UploadRow): AsyncGenerator<ZipItem> {
  const info = await bundleInfo(ctx, upload);
  yield { path: BUNDLE_INFO_FILE, data: Buffer.from(JSON.stringify(info)) };
  const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
  yield* folderZipItems(files.rawDir, 'raw');
  for (const entry of info.entries) {
    const archive = files.archivePath(entry.entry_id);
    if (existsSync(archive))
      yield { path: `archive/${entry.entry_id}.json`, open: () => createReadStream(archive) };
  }
}

/** A streamed bundle of a published upload; nothing of it is held in memory or written to disk. */
export const publishedUploadBundle = async (ctx: AppContext, uploadId: string): Promise<Readable> => {
  const upload = await findUpload(ctx.db, uploadId);
  if (!upload?.published) throw badRequest('Only published uploads can be exported as a bundle.');
  return zipStream(bundleItems(ctx, upload), { compress: true });
};

/**
 * GET /uploads/{id}/bundle: the bundle of a published upload. It names its members' emails, so only the
 * main author and admins may have it.
 */
export const exportBundle = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  settings: Record<string, boolean | undefined>,
): Promise<Download> => {
  const user = loggedIn(caller, 'User authentication required to access uploads.');
  const upload = assertCanRead(await findUpload(ctx.db, uploadId), user);
  const roles = uploadRoles(upload, user);
  if (!roles.isMainAuthor && !roles.isAdmin)
    throw unauthorized('Only the main author or an admin can export the upload as a bundle.');
  const refused = Object.entries(settings).find(([, value]) => value === false);
  if (refused)
    throw badRequest(
      `Bundles of this installation always include their parts: ${refused[0]}=false is not supported.`,
    );
  return {
    filename: `${uploadId}.zip`,
    contentType: 'application/zip',
    stream: await publishedUploadBundle(ctx, uploadId),
  };
};
