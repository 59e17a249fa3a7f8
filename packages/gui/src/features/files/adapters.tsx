import { DoesNotExist } from '@oasis/client';
import FolderIcon from '@mui/icons-material/Folder';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import { Box, Typography } from '@mui/material';
import type { RawDirResponse } from '@oasis/schema';
import type { LaneAdapter, LaneItem } from '../../components/lane-browser/adapter.ts';
import { FileDetails } from './FileDetails.tsx';
import { formatFileSize } from './fileSize.ts';
import { MAINFILE_KEY, parserLabel, type FilesContext } from './filesContext.ts';
import { LazyFilePreview } from './LazyFilePreview.tsx';
import { FolderDetails } from './FolderDetails.tsx';
import { choosePreview } from './viewers.ts';
import { baseName, joinPath } from '../../core/uploadPaths.ts';
import { filesQueryKey } from '../../api/files/rawFile.ts';

type RawElement = NonNullable<RawDirResponse['file_metadata']>;

/** A file as a lane knows it: its upload path and what rawdir says about it. */
export interface FileInfo {
  path: string;
  name: string;
  size: number;
  entryId?: string;
  parserName?: string;
}

const PROCESSED_DATA = 'processed data';
const PREVIEW = 'preview';

function LaneLabel({ kind, name }: { kind: string; name: string }) {
  return (
    <Box component="span">
      <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {kind}
      </Typography>
      {name}
    </Box>
  );
}

const rawDir = (
  ctx: FilesContext,
  path: string,
  query: { page?: number; page_size: number },
  signal: AbortSignal,
) =>
  ctx.api.call(
    'uploadRawDir',
    { params: { upload_id: ctx.uploadId, path }, query: { include_entry_info: true, ...query } },
    { signal },
  );

function itemOf(ctx: FilesContext, folder: string, element: RawElement): LaneItem {
  const path = joinPath(folder, element.name);
  const isMainfile = ctx.mainfile !== undefined && path === ctx.mainfile;
  const isFile = element.is_file !== false;
  return {
    key: isMainfile ? MAINFILE_KEY : element.name,
    label: element.name,
    icon: isFile ? <InsertDriveFile fontSize="small" /> : <FolderIcon fontSize="small" />,
    // A folder's size is that of the files below it; 0 also stands for 'not added up' (very large folders).
    secondary: isFile || element.size > 0 ? formatFileSize(element.size) : undefined,
    chips: element.parser_name
      ? [{ label: parserLabel(element.parser_name, ctx.productName), title: element.parser_name }]
      : undefined,
    highlighted: isMainfile,
    href: folder === ctx.rootPath ? ctx.rootItemHref?.(element.name) : undefined,
  };
}

/**
 * What, besides the path, a lane's content depends on: resolved child adapters are cached under their
 * parent's key, so a change of these (e.g. the caller turning out to be a writer) must give new keys.
 */
const variant = (ctx: FilesContext) =>
  `${ctx.editable ? 'editable' : 'read-only'}:${ctx.pageSize}:${ctx.rootPath}:${ctx.mainfile ?? ''}`;

/** Opens `path` (a file or a folder); undefined when nothing is there. */
async function adapterAt(
  ctx: FilesContext,
  path: string,
  signal: AbortSignal,
): Promise<LaneAdapter | undefined> {
  let listing: RawDirResponse;
  try {
    listing = await rawDir(ctx, path, { page_size: 1 }, signal);
  } catch (error) {
    if (error instanceof DoesNotExist) return undefined;
    throw error;
  }
  const file = listing.file_metadata;
  if (!file) return folderAdapter(ctx, path);
  return fileAdapter(ctx, {
    path,
    name: file.name,
    size: file.size,
    entryId: file.entry_id,
    parserName: file.parser_name,
  });
}

/** A folder lane: its files and sub-folders, a page (`ctx.pageSize`) at a time. */
export function folderAdapter(ctx: FilesContext, path: string): LaneAdapter {
  const isRoot = path === ctx.rootPath;
  return {
    cacheKey: [...filesQueryKey(ctx.uploadId), 'folder', path, variant(ctx)],
    title: isRoot ? ctx.rootTitle : <LaneLabel kind="folder" name={baseName(path)} />,
    async list(page, signal) {
      const listing = await rawDir(ctx, path, { page, page_size: ctx.pageSize }, signal);
      const content = listing.directory_metadata?.content ?? [];
      const total = listing.pagination?.total ?? content.length;
      return {
        items: content.map((element) => itemOf(ctx, path, element)),
        hasMore: page * ctx.pageSize < total,
        total,
      };
    },
    resolve: (key, signal) =>
      adapterAt(ctx, key === MAINFILE_KEY && ctx.mainfile ? ctx.mainfile : joinPath(path, key), signal),
    render: (context) => <FolderDetails ctx={ctx} path={path} laneUrl={context.url} />,
  };
}

/** A file lane: details, operations and the sub-items 'processed data' and 'preview'. */
function fileAdapter(ctx: FilesContext, file: FileInfo): LaneAdapter {
  return {
    cacheKey: [...filesQueryKey(ctx.uploadId), 'file', file.path, variant(ctx)],
    title: <LaneLabel kind="file" name={file.name} />,
    width: 300,
    list: () =>
      Promise.resolve({
        items: [
          ...(file.entryId
            ? [{ key: PROCESSED_DATA, label: PROCESSED_DATA, href: ctx.entryDataUrl(file.entryId) }]
            : []),
          { key: PREVIEW, label: PREVIEW },
        ],
        hasMore: false,
      }),
    resolve: (key) => Promise.resolve(key === PREVIEW ? previewAdapter(ctx, file) : undefined),
    render: (context) => <FileDetails ctx={ctx} file={file} laneUrl={context.url} />,
  };
}

/** The preview lane, as wide as its viewer (spec 3 §9). */
function previewAdapter(ctx: FilesContext, file: FileInfo): LaneAdapter {
  const { viewer } = choosePreview(file.name, file.size);
  return {
    cacheKey: [...filesQueryKey(ctx.uploadId), 'preview', file.path, variant(ctx)],
    title: PREVIEW,
    width: viewer.width,
    render: () => <LazyFilePreview ctx={ctx} file={file} />,
  };
}
