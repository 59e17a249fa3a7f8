import type { ComponentType } from 'react';
import type { Params, UIMatch } from 'react-router-dom';

/** A crumb text that depends on data (an entry's name): `fallback` is the route's `breadcrumb`. */
type CrumbLabel = ComponentType<{ params: Params; fallback: string }>;

/** Attached to routes as `handle`; the breadcrumbs read it from the matched routes. */
export interface RouteHandle {
  breadcrumb: string | ((params: Params) => string);
  /** Help text shown as tooltip of the breadcrumb's help icon and in the Help dialog. */
  help?: string;
  /** More help, shown in the Help dialog below the tooltip's line: how to use the page. */
  details?: readonly string[];
  /** Replaces the crumb's text once the page's data is known, as NOMAD names the upload and entry. */
  label?: CrumbLabel;
  /**
   * A crumb before this one when no matched route has the param `unless`: the upload above an entry
   * reached from a search or by its own address. It renders itself, as its link needs the page's data.
   */
  before?: { unless: string; Crumb: ComponentType };
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'breadcrumb' in handle;

export interface Crumb {
  label: string;
  help?: string;
  details?: readonly string[];
  path: string;
  Label?: CrumbLabel;
  params?: Params;
  /** A crumb that renders itself (see RouteHandle.before). */
  Self?: ComponentType;
}

/** One crumb per matched route that has a handle; index routes share their parent's path. */
export function crumbsOf(matches: readonly UIMatch[]): Crumb[] {
  const params = matches.at(-1)?.params ?? {};
  return matches.flatMap((match) => {
    if (!isRouteHandle(match.handle)) return [];
    const { breadcrumb, help, details, label: Label, before } = match.handle;
    const label = typeof breadcrumb === 'function' ? breadcrumb(match.params) : breadcrumb;
    const own: Crumb = {
      label,
      help,
      ...(details ? { details } : {}),
      path: match.pathname,
      ...(Label ? { Label, params: match.params } : {}),
    };
    if (!before || params[before.unless] !== undefined) return [own];
    return [{ label: '', path: `${match.pathname}#before`, Self: before.Crumb }, own];
  });
}
