import type { NorthTool, NorthToolResponse } from '@oasis/schema';

/**
 * The address of a user's running tool, through the oasis (`<northBase>/user/<username>/<tool>/`); for a
 * tool that takes a path (`with_path`) and a file of a mounted upload, the file's address in the tool:
 * `…/<path_prefix>/<upload_mount_dir>/<path>`, as NOMAD builds it.
 */
export function northToolUrl(
  northBase: string,
  answer: Pick<NorthToolResponse, 'username' | 'tool' | 'upload_mount_dir'>,
  tool: Pick<NorthTool, 'with_path' | 'path_prefix'>,
  path?: string,
): string {
  const base = `${northBase.replace(/\/+$/, '')}/user/${encodeURIComponent(answer.username)}/${encodeURIComponent(answer.tool)}/`;
  if (!tool.with_path || !answer.upload_mount_dir || !path) return base;
  const prefix = tool.path_prefix ? `${tool.path_prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const file = path.split('/').map(encodeURIComponent).join('/');
  return `${base}${prefix}${answer.upload_mount_dir}/${file}`;
}

/** Whether a tool offers itself for a file: one of its `file_extensions` ends the file name. */
export function toolTakesFile(tool: Pick<NorthTool, 'file_extensions'>, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return (tool.file_extensions ?? []).some((extension) =>
    name.endsWith(`.${extension.toLowerCase().replace(/^\./, '')}`),
  );
}
