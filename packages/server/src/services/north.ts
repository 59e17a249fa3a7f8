import type { NorthTool, NorthToolResponse, NorthToolsResponse } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { UploadFiles } from '../files/storage.ts';
import type { NorthToolConfig } from '../config/north.ts';
import type { MountedUpload } from '../north/upload-folders.ts';
import { listUploads } from '../store/uploads.ts';
import { loggedIn, type Caller } from './caller.ts';

/** At most this many uploads are laid out in a tool's folder (the newest first). */
const MAX_MOUNTED_UPLOADS = 1000;

const enabledTools = (ctx: AppContext): Map<string, NorthToolConfig> => {
  // NOMAD has no NORTH routes at all when it is off.
  if (!ctx.config.north.enabled) throw notFound('Not Found');
  return ctx.config.north.tools;
};

const toolNamed = (ctx: AppContext, name: string): NorthToolConfig => {
  const tool = enabledTools(ctx).get(name);
  if (!tool) throw notFound('The tool does not exist.');
  return tool;
};

/** GET /north/: every tool, with the state of the caller's instance when logged in. */
export const listNorthTools = (ctx: AppContext, caller: Caller): NorthToolsResponse => ({
  data: [...enabledTools(ctx).entries()].map(([name, tool]) => ({
    ...tool.info,
    ...(caller ? { state: ctx.north.state(caller.user_id, name) } : {}),
  })),
});

/** Uploads the caller writes (main author, co-author, co-author group), as a tool shows them. */
const uploadsOfWriter = async (ctx: AppContext, userId: string): Promise<MountedUpload[]> => {
  const { rows } = await listUploads(
    ctx.db,
    { userId, roles: ['main_author', 'coauthor', 'coauthor_group'] },
    { orderBy: 'upload_create_time', order: 'desc', limit: MAX_MOUNTED_UPLOADS, offset: 0 },
  );
  return rows.map((row) => ({
    upload_id: row.upload_id,
    upload_name: row.upload_name,
    published: row.published,
    rawDir: new UploadFiles(ctx.config.dataDir, row.upload_id).rawDir,
  }));
};

const answer = (
  ctx: AppContext,
  user: { user_id: string; username: string },
  name: string,
  tool: NorthToolConfig,
  uploadId: string | undefined,
): NorthToolResponse => {
  const info: NorthTool = { ...tool.info, state: ctx.north.state(user.user_id, name) };
  const mounted = ctx.north.instance(user.user_id, name)?.mountedUploads;
  const mountDir = uploadId === undefined ? undefined : mounted?.get(uploadId);
  return {
    tool: name,
    username: user.username,
    ...(mountDir ? { upload_mount_dir: mountDir } : {}),
    ...(uploadId === undefined || !mounted ? {} : { upload_id_is_mounted: mounted.has(uploadId) }),
    data: info,
  };
};

/** GET /north/{name}: the caller's instance; with `upload_id`, whether it sees that upload and where. */
export const northToolStatus = (ctx: AppContext, caller: Caller, name: string, uploadId?: string) => {
  const tool = toolNamed(ctx, name);
  const user = loggedIn(caller);
  return answer(ctx, user, name, tool, uploadId);
};

/**
 * POST /north/{name}: starts the caller's instance with the uploads they write in its folder, or answers the
 * running one. Resolves once the tool answers on its port (running) or failed (error).
 */
export const startNorthTool = async (ctx: AppContext, caller: Caller, name: string, uploadId?: string) => {
  const tool = toolNamed(ctx, name);
  const user = loggedIn(caller);
  const state = ctx.north.state(user.user_id, name);
  if (state !== 'running') await ctx.north.launch(user, name, tool, await uploadsOfWriter(ctx, user.user_id));
  return answer(ctx, user, name, tool, uploadId);
};

/** DELETE /north/{name}: stops the caller's instance (stopped when there was none). */
export const stopNorthTool = async (ctx: AppContext, caller: Caller, name: string) => {
  const tool = toolNamed(ctx, name);
  const user = loggedIn(caller);
  await ctx.north.stop(user.user_id, name);
  return answer(ctx, user, name, tool, undefined);
};
