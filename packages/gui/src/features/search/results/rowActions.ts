import type { AppConfig } from '@oasis/schema';
import { safeHref } from '../../../components/safeUrl.ts';
import { compilePath, evaluatePath, PathError } from '../../../core/jmespath.ts';

type Row = Readonly<Record<string, unknown>>;

/** Where a row action leads: a link, a page of this GUI, nothing ('Not available'), or a configuration error. */
export type ActionTarget =
  | { kind: 'link'; href: string }
  | { kind: 'route'; to: string }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

export const NOT_AVAILABLE = 'Not available';

/** The entries' filter that selects one material's entries. */
const MATERIAL_ID = 'results.material.material_id';

/** Values come from entry data: a value that is no safe link is as good as none. */
const linkOrNone = (value: string | undefined): ActionTarget => {
  const href = safeHref(value);
  return href ? { kind: 'link', href } : { kind: 'none' };
};

/** The entry page of a result, below the app's search page. */
export function entryPagePath(appPath: string, entryId: string): string {
  return `/search/${appPath}/entry/id/${encodeURIComponent(entryId)}`;
}

/**
 * The material page in the encyclopedia when the installation has one; an oasis has none, so there the
 * material's entries in the installation's entries app (the first entries app, `entries` preferred).
 */
export function materialTarget(
  encyclopediaBase: string,
  apps: readonly Pick<AppConfig, 'path' | 'resource'>[],
  row: Row,
): ActionTarget {
  const id = row.material_id;
  if (typeof id !== 'string' || id === '') return { kind: 'none' };
  if (encyclopediaBase)
    return linkOrNone(`${encyclopediaBase.replace(/\/+$/, '')}/material/${encodeURIComponent(id)}`);
  const entryApps = apps.filter((app) => app.resource === 'entries');
  const app = entryApps.find((candidate) => candidate.path === 'entries') ?? entryApps[0];
  if (!app) return { kind: 'none' };
  return { kind: 'route', to: `/search/${app.path}?${MATERIAL_ID}=${encodeURIComponent(id)}` };
}

/** A configured url action: its path must give at most one link (spec 2 §5). */
export function urlActionTarget(row: Row, path: string | undefined): ActionTarget {
  if (!path) return { kind: 'none' };
  let value: unknown;
  try {
    value = evaluatePath(row, compilePath(path));
  } catch (error) {
    if (error instanceof PathError) return { kind: 'error', message: error.message };
    throw error;
  }
  if (Array.isArray(value)) {
    if (value.length > 1)
      return { kind: 'error', message: `The row action path "${path}" returned more than one item.` };
    value = value[0];
  }
  return linkOrNone(typeof value === 'string' ? value : undefined);
}
