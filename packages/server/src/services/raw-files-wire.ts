import type { RawDirResponse } from '@oasis/schema';
import type { UploadRow } from '../store/uploads.ts';
import type { PutRawResult, RawItem, RawListing } from './raw-files.ts';
import { uploadToWire } from './uploads-wire.ts';

const access = (upload: UploadRow) =>
  upload.published ? (upload.with_embargo ? 'restricted' : 'public') : 'unpublished';

const itemToWire = (item: RawItem) => ({
  name: item.name,
  is_file: item.isFile,
  size: item.size,
  ...(item.entry ? { entry_id: item.entry.entry_id, parser_name: item.entry.parser_name } : {}),
});

/** GET rawdir's answer: `file_metadata` for a file, `directory_metadata` and a pagination for a folder. */
export const rawListingToWire = (listing: RawListing): RawDirResponse => {
  const common = { path: listing.path, access: access(listing.upload) };
  if ('file' in listing) return { ...common, file_metadata: itemToWire(listing.file) };
  const { folder } = listing;
  return {
    ...common,
    directory_metadata: { name: folder.name, size: folder.size, content: folder.items.map(itemToWire) },
    pagination: {
      page_size: folder.pageSize,
      page: folder.page,
      total: folder.total,
      order_by: 'name',
      order: 'asc',
    },
  };
};

/** PUT raw's answer; with wait_for_processing, the processed entry of a single file as NOMAD shows it. */
export const putRawResultToWire = ({ upload, processing }: PutRawResult) => ({
  upload_id: upload.upload_id,
  data: uploadToWire(upload),
  ...(processing
    ? {
        processing: {
          upload_id: upload.upload_id,
          path: processing.path,
          ...(processing.entry
            ? {
                entry_id: processing.entry.entry_id,
                parser_name: processing.entry.parser_name,
                entry: {
                  process_status: processing.entry.process_status,
                  errors: processing.entry.errors,
                  process_running: false,
                },
              }
            : {}),
        },
      }
    : {}),
});
