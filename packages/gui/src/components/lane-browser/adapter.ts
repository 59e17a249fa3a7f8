import type { ReactNode } from 'react';

/** A small label next to an item (e.g. the parser of a mainfile). */
interface LaneChip {
  label: string;
  /** Shown on hover. */
  title?: string;
}

/** One row of a lane. Its link is the lane's URL plus the escaped key, unless `href` says otherwise. */
export interface LaneItem {
  /** Unique within the lane; becomes the next path segment when the item is opened. */
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  chips?: readonly LaneChip[];
  /** A second, smaller line (e.g. a file size). */
  secondary?: ReactNode;
  /** Emphasised without being selected (e.g. the entry's mainfile). */
  highlighted?: boolean;
  /** A link that leaves this browser (e.g. to another page); absolute path of the GUI. */
  href?: string;
}

/** One page of a lane's items. */
export interface LanePage {
  items: readonly LaneItem[];
  /** True when `list` should be called with the next page number once the user scrolls to the end. */
  hasMore: boolean;
  /** Total number of items, when the source knows it. */
  total?: number;
}

/** What an adapter's `render` gets to know about where its lane is. */
export interface LaneContext {
  /** This lane's URL. */
  url: string;
  /** The (unescaped) keys from the root to this lane; empty for the root lane. */
  keys: readonly string[];
  /** The key opened from this lane, i.e. the next path segment, if any. */
  selected: string | undefined;
  /** The URL of the lane that item `key` of this lane opens. */
  itemUrl(key: string): string;
}

/**
 * One lane's data source. Adapters are plain objects, created by the parent adapter's `resolve` (or by
 * the page, for the root). They may capture anything they need (API client, ids, already loaded data).
 */
export interface LaneAdapter {
  /**
   * The identity of the data this lane shows, used as the TanStack Query key prefix of its items and
   * children (e.g. `['files', uploadId, path]`). Invalidate a prefix of it to reload lanes.
   */
  readonly cacheKey: readonly unknown[];
  /** Heading of the lane. */
  readonly title?: ReactNode;
  /** Fixed lane width in px; lanes size to their content (at least 200 px) otherwise. */
  readonly width?: number;
  /** Page `page` (1-based) of the items; leave out for lanes that only render. */
  list?(page: number, signal: AbortSignal): Promise<LanePage>;
  /**
   * The adapter of the lane that item `key` opens; undefined when there is no such item (the browser
   * then shows the not-found texts of spec 2 §8). Keys arrive unescaped.
   */
  resolve?(key: string, signal: AbortSignal): Promise<LaneAdapter | undefined>;
  /** Content shown above the items (details, previews, actions); may use hooks inside components. */
  render?(context: LaneContext): ReactNode;
}
