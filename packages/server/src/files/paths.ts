import path from 'node:path';
import { badRequest } from '../errors.ts';

const MAX_NAME_BYTES = 255;

/**
 * Normalises a path inside an upload ('' is the upload root). Refuses what could escape the upload or
 * confuse the file system: '..' segments, absolute paths, backslashes, NUL and control characters,
 * names longer than 255 bytes.
 */
export const safeRelativePath = (raw: string): string => {
  const value = raw.replace(/^\/+|\/+$/g, '');
  if (value === '') return '';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) throw badRequest(`Bad path: ${raw}`);
  if (path.isAbsolute(raw) && raw.startsWith('//')) throw badRequest(`Bad path: ${raw}`);
  const parts = value.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) throw badRequest(`Bad path: ${raw}`);
  // File systems take names of at most 255 bytes; say so instead of failing the write later.
  const long = parts.find((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
  if (long)
    throw badRequest(`Bad path: the name '${long.slice(0, 32)}…' is longer than ${MAX_NAME_BYTES} bytes.`);
  return parts.join('/');
};

/** safeRelativePath for a path that must name something in the upload: '' (its root) is refused with `detail`. */
export const nonRootPath = (raw: string, detail: string): string => {
  const relative = safeRelativePath(raw);
  if (!relative) throw badRequest(detail);
  return relative;
};

/** Resolves a relative path under `root`, re-checking containment after resolution. */
export const resolveInside = (root: string, relative: string): string => {
  const target = path.resolve(root, safeRelativePath(relative));
  if (target !== root && !target.startsWith(root + path.sep)) throw badRequest(`Bad path: ${relative}`);
  return target;
};
