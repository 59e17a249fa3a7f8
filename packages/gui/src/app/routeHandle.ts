import type { ComponentType } from 'react';
import type { Params, UIMatch } from 'react-router-dom';

/** A crumb text that depends on data (an entry's name): `fallback` is the route's `breadcrumb`. */
type CrumbLabel = ComponentType<{ params: Params; fallback: string }>;

/** Attached to routes as `handle`; the breadcrumbs read it from the matched routes. */
export interface RouteHandle {
  breadcrumb: string | ((params: Params) => string);
  /** Help text shown as tooltip of the breadcrumb's help icon and in the Help dialog. */
  help?: string;
  /** Replaces the crumb's text once the page's data is known, as NOMAD names the upload and entry. */
  label?: CrumbLabel;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'breadcrumb' in handle;

export interface Crumb {
  label: string;
  help?: string;
  path: string;
  Label?: CrumbLabel;
  params?: Params;
}

/** One crumb per matched route that has a handle; index routes share their parent's path. */
export function crumbsOf(matches: readonly UIMatch[]): Crumb[] {
  return matches.flatMap((match) => {
    if (!isRouteHandle(match.handle)) return [];
    const { breadcrumb, help, label: Label } = match.handle;
    const label = typeof breadcrumb === 'function' ? breadcrumb(match.params) : breadcrumb;
    return [{ label, help, path: match.pathname, ...(Label ? { Label, params: match.params } : {}) }];
  });
}
