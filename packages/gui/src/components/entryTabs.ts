export type EntryTab = 'overview' | 'files' | 'data' | 'logs';

/** The tab a path below the entry's base path shows (`files/_mainfile`, `data/...`, `logs`). */
export function tabOfPath(rest: string): EntryTab | 'redirect' {
  const first = rest.split('/')[0];
  if (first === '') return 'overview';
  // The overview's explicit path is redirected to the base path.
  if (first === 'overview') return 'redirect';
  if (first === 'files' || first === 'data' || first === 'logs') return first;
  // The archive browser's old name.
  if (first === 'archive') return 'data';
  return 'redirect';
}

/** The path of each tab relative to the entry's base path. */
export const TAB_PATHS: Record<EntryTab, string> = {
  overview: '',
  files: '/files/_mainfile',
  data: '/data',
  logs: '/logs',
};

/** The entry's base path: the current path without the splat part the tabs add. */
export function entryBasePath(pathname: string, splat: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (!splat) return trimmed;
  // The pathname is URL-encoded while the splat parameter is decoded; cut by segment count instead.
  const segments = splat.replace(/\/+$/, '').split('/').length;
  return trimmed.split('/').slice(0, -segments).join('/');
}
