/**
 * The lane browser (spec 2 §2): one component behind the file browser, the archive browser and the
 * metainfo browser. Lanes derive from the URL path below a base URL — the first lane is the root, each
 * further path segment opens one more lane — so every state is a URL and reloading restores it.
 *
 * ## Adapters (one interface, many data sources)
 * A data source plugs in as a {@link LaneAdapter} (see `adapter.ts`), a plain object per lane:
 * - `cacheKey`: the TanStack Query key prefix of the lane's data (invalidate it to reload the lane);
 * - `list(page, signal)`: page `page` (1-based) of its {@link LaneItem}s (`key`, `label`, `chips`, `icon`,
 *   `secondary`, `highlighted`, optional `href`), with `hasMore`; the next page loads when the user
 *   scrolls past 95 % of the lane;
 * - `resolve(key, signal)`: the adapter of the lane item `key` opens, or undefined when there is no such
 *   item (the browser then shows 'The item "{key}" could not be found.');
 * - `render(context)`: details above the items or, without `list`, the whole lane (a preview, a value);
 * - `title`, `width` (px; previews use their viewer's width).
 * Item links are the lane's URL plus the escaped key (`escapeSegment`); `name:index` keys address
 * repeats, negative indexes counting from the end (`parseIndexedKey`, `resolveIndex` in `lanePath.ts`).
 *
 * ## Mounting under a route
 * Give the route a splat (`path: 'files/*'`) and render
 * `<LaneBrowser baseUrl={urlOfTheSplatsParent} root={rootAdapter} />`. The browser reads the rest of
 * `location.pathname` itself (escaped, so keys with '/' or '%' survive), not the decoded splat param.
 * Create the root adapter with `useMemo` so its identity only changes with its inputs.
 * `side` puts a panel at 4/12 of the width beside the lanes (spec 2 §2: the HDF5 viewer of an entry).
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { errorText } from '../../core/errorText.ts';
import type { LaneAdapter, LaneContext } from './adapter.ts';
import { Lane } from './Lane.tsx';
import { laneUrl, parseLanePath } from './lanePath.ts';
import { itemNotFoundText, maxBrowserWidth } from './texts.ts';

export interface LaneBrowserProps {
  /** The root lane's URL path as it appears in the address bar, e.g. `/user/uploads/upload/id/x/files`. */
  baseUrl: string;
  root: LaneAdapter;
  /** Height of the lanes (CSS); each lane scrolls on its own. */
  height?: number | string;
  /** A panel beside the lanes, 4/12 of the width (e.g. an HDF5 viewer); the lanes keep 8/12. */
  side?: ReactNode;
}

/** Lanes side by side, at most 1024 px wide, scrolled to the newest lane. */
export function LaneBrowser({ side, ...props }: LaneBrowserProps) {
  if (side === undefined || side === null) return <Lanes {...props} />;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch' }}>
      <Box sx={{ flex: '0 0 66.67%', minWidth: 0 }}>
        <Lanes {...props} />
      </Box>
      <Box data-testid="lane-browser-side" sx={{ flex: '0 0 calc(33.33% - 16px)', minWidth: 0 }}>
        {side}
      </Box>
    </Box>
  );
}

function Lanes({ baseUrl, root, height = 600 }: Omit<LaneBrowserProps, 'side'>) {
  const { pathname } = useLocation();
  const keys = useMemo(() => parseLanePath(baseUrl, pathname) ?? [], [baseUrl, pathname]);
  const scroller = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);

  // Lanes appear asynchronously as they resolve: keep the newest one in view whenever the row grows.
  useEffect(() => {
    const element = scroller.current;
    const content = row.current;
    if (!element || !content) return undefined;
    const toEnd = () => element.scrollTo?.({ left: element.scrollWidth, behavior: 'smooth' });
    toEnd();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(toEnd);
    observer.observe(content);
    return () => observer.disconnect();
  }, [keys]);

  return (
    <Box
      ref={scroller}
      data-testid="lane-browser"
      sx={{
        maxWidth: maxBrowserWidth,
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box ref={row} sx={{ display: 'flex', height, width: 'max-content', minWidth: '100%' }}>
        <LaneChain adapter={root} baseUrl={baseUrl} keys={keys} depth={0} />
      </Box>
    </Box>
  );
}

interface ChainProps {
  adapter: LaneAdapter;
  baseUrl: string;
  /** All keys of the current path. */
  keys: readonly string[];
  /** Index of this lane: it was reached by `keys.slice(0, depth)`. */
  depth: number;
}

/** This lane, then (recursively) the lane its selected item opens. */
function LaneChain({ adapter, baseUrl, keys, depth }: ChainProps) {
  const selected = keys[depth];
  const pathKey = keys.slice(0, depth).join('\u0000');
  const context = useMemo<LaneContext>(() => {
    const laneKeys = pathKey === '' && depth === 0 ? [] : keys.slice(0, depth);
    return {
      url: laneUrl(baseUrl, laneKeys),
      keys: laneKeys,
      selected,
      itemUrl: (key) => laneUrl(baseUrl, [...laneKeys, key]),
    };
    // `pathKey` stands for the keys up to this lane; deeper keys must not rebuild this lane's context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseUrl, pathKey, depth, selected]);
  return (
    <>
      <Lane adapter={adapter} context={context} last={selected === undefined} />
      {selected !== undefined ? (
        <ChildLanes parent={adapter} baseUrl={baseUrl} keys={keys} depth={depth + 1} itemKey={selected} />
      ) : null}
    </>
  );
}

/** Resolves the lane opened by `itemKey` of `parent` and continues the chain from there. */
function ChildLanes({
  parent,
  itemKey,
  ...chain
}: Omit<ChainProps, 'adapter'> & { parent: LaneAdapter; itemKey: string }) {
  const resolve = parent.resolve;
  const query = useQuery({
    queryKey: [...parent.cacheKey, 'resolve', itemKey],
    queryFn: async ({ signal }) => ({
      adapter: (resolve ? await resolve(itemKey, signal) : undefined) ?? null,
    }),
    // Adapters carry functions; structural sharing would only compare them by reference anyway.
    structuralSharing: false,
  });
  if (query.isPending)
    return (
      <MessageLane>
        <CircularProgress size={20} />
      </MessageLane>
    );
  if (query.isError)
    return (
      <MessageLane>
        <Alert severity="error">{errorText(query.error)}</Alert>
      </MessageLane>
    );
  if (query.data.adapter === null) {
    return (
      <MessageLane>
        <Alert severity="error">{itemNotFoundText(itemKey)}</Alert>
      </MessageLane>
    );
  }
  return <LaneChain adapter={query.data.adapter} {...chain} />;
}

function MessageLane({ children }: { children: ReactNode }) {
  return (
    <Box data-testid="lane" sx={{ flex: '0 0 auto', width: 300, p: 1 }}>
      {children}
    </Box>
  );
}
