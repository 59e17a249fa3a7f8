// The entries search page arrives with its first result rows already in the HTML, so that they are
// painted with the first frame instead of after the GUI's scripts have been compiled and have rendered
// the page (about 0.8 s on a 2-core machine). The markup is a still picture of the page as the GUI draws
// it when its first rows come in: the header bar, the filter panel's frame, the app's title, the search
// bar's outline, the dashboard's empty widget cells and the result table, at the same places and in the
// same fonts. It covers the GUI's page (an overlay) until the GUI's own table has its rows; the GUI then
// removes it (packages/gui/src/features/search/prerendered.ts), and, for the same request, takes the
// answer handed over in the page instead of asking again.
//
// Only what an anonymous visitor would see is rendered: public entries. A browser that was logged in,
// or that keeps its own columns or widgets for the app, has it hidden before it is painted (the route
// preload script in the page's head marks the document, see packages/gui/build/routePreloads.ts) and
// sees the GUI's page as before.
import {
  BREAKPOINT_WIDTHS,
  BREAKPOINTS,
  COLUMNS,
  compact,
  DEFAULT_ENTRY_COLUMNS,
  GRID_GAP,
  menuWidth as menuWidthOf,
  ROW_HEIGHT,
  type AppConfig,
  type EntriesQueryRequest,
  type EntriesQueryResponse,
} from '@oasis/schema';
import { escapeHtml } from '../auth/provider/html.ts';
import { buildEnvConfig } from '../config/env-config.ts';
import type { AppContext } from '../context.ts';
import { queryEntries } from '../services/search.ts';

/** The element the page's scripts look for (and remove) and the answer they take over. */
const PRERENDER_ID = 'oasis-prerendered-page';
const FIRST_PAGE_ID = 'oasis-first-page';

/** What the GUI shows for a missing value (components/format.ts). */
const UNAVAILABLE = 'unavailable';
/** Fields the GUI's result lists leave out (features/search/context/requests.ts). */
const ENTRIES_REQUIRED = { exclude: ['quantities', 'sections', 'files'] };
/**
 * How long the HTML may wait for the rows. Past that (an index still being built after a start, a busy
 * server) the page goes out without them, and the GUI asks as before: waiting longer would delay
 * everything else the page loads by more than the rows could gain.
 */
const WAIT_MS = 300;
const DEFAULT_PAGINATION = { order_by: 'upload_create_time', order: 'desc', page_size: 20 } as const;
type Row = Readonly<Record<string, unknown>>;

interface Column {
  key: string;
  title: string;
  sortable: boolean;
  /** The cell's text; undefined when this page cannot write it as the GUI does (units, links, icons). */
  text: (row: Row) => string | undefined;
}

const strings = (value: unknown, field?: string): string[] =>
  (Array.isArray(value) ? value : [])
    .map((item: unknown) =>
      field && typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : item,
    )
    .filter((item): item is string => typeof item === 'string' && item !== '');

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 'not processed' ||
  (Array.isArray(value) && value.length === 0);

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * dd/MM/yyyy HH:mm as the GUI writes it, in UTC: the HTML cannot know the browser's time zone, and a
 * browser elsewhere sees its own time once the GUI has taken over.
 */
const dateTime = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return UNAVAILABLE;
  const date = new Date(/([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
  if (Number.isNaN(date.getTime())) return UNAVAILABLE;
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
};

/** Strings (and lists of them) as the GUI joins them; numbers need units and formats: not here. */
const plainText = (value: unknown): string | undefined => {
  if (isEmpty(value)) return UNAVAILABLE;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.filter((item) => item !== '' && item !== 'not processed').join(', ') || UNAVAILABLE;
  return undefined;
};

const valueAt = (row: Row, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)[key]
          : undefined,
      row,
    );

const BUILTINS: Record<string, { title: string; sortable: boolean; text: (row: Row) => string }> = {
  entry_name: { title: 'Name', sortable: true, text: (row) => plainText(row.entry_name) ?? UNAVAILABLE },
  entry_type: {
    title: 'Entry type',
    sortable: true,
    text: (row) => plainText(row.entry_type) ?? UNAVAILABLE,
  },
  upload_create_time: {
    title: 'Upload time',
    sortable: true,
    text: (row) => dateTime(row.upload_create_time),
  },
  entry_create_time: { title: 'Entry time', sortable: true, text: (row) => dateTime(row.entry_create_time) },
  authors: {
    title: 'Authors',
    sortable: false,
    text: (row) => {
      const names = strings(row.authors, 'name');
      if (names.length === 0) return UNAVAILABLE;
      return names.length > 3 ? `${names[0]}, ${names.at(-1)} et al` : names.join(', ');
    },
  },
  datasets: {
    title: 'Datasets',
    sortable: false,
    text: (row) => strings(row.datasets, 'dataset_name').join(', ') || UNAVAILABLE,
  },
};

/**
 * The app's shown columns, when this page can draw each as the GUI does: built-in text columns, and
 * plain quantity paths with a configured title (without one the GUI takes the label from the artifacts).
 */
function shownColumns(app: AppConfig): Column[] | undefined {
  const configs = app.columns ?? DEFAULT_ENTRY_COLUMNS;
  const columns: Column[] = [];
  for (const config of configs) {
    if (config.selected !== true) continue;
    const configured = config as { title?: string; label?: string; format?: unknown; unit?: unknown };
    const key = config.search_quantity;
    const title = configured.title ?? configured.label;
    const builtin = BUILTINS[key];
    if (builtin) {
      columns.push({ key, title: title ?? builtin.title, sortable: builtin.sortable, text: builtin.text });
      continue;
    }
    if (title === undefined || configured.format || configured.unit || !/^[a-z_][\w.]*$/i.test(key))
      return undefined;
    // A quantity column is sortable in the GUI when its definition is a scalar; the title's arrow only
    // shows on the ordered column, which is a built-in one here.
    columns.push({ key, title, sortable: false, text: (row) => plainText(valueAt(row, key)) });
  }
  return columns.length > 0 ? columns : undefined;
}

/** The apps as the GUI lists them (core/env.ts): `include` (order and subset) if given, minus `exclude`. */
function guiApps(ctx: AppContext): AppConfig[] {
  const apps = buildEnvConfig(ctx.config).ui.apps as
    { options: Record<string, AppConfig>; include?: string[]; exclude?: string[] } | undefined;
  if (!apps) return [];
  const exclude = new Set(apps.exclude ?? []);
  const keys = (apps.include ?? Object.keys(apps.options)).filter((key) => !exclude.has(key));
  return keys.flatMap((key) => apps.options[key] ?? []);
}

/** The GUI's first request of the app's page (features/search/context/firstPage.ts), as anonymous. */
export function firstPageRequest(app: AppConfig): EntriesQueryRequest {
  const configured = (app as { pagination?: Partial<typeof DEFAULT_PAGINATION> }).pagination ?? {};
  return {
    owner: 'public',
    query: {},
    aggregations: {},
    pagination: {
      order_by: configured.order_by ?? DEFAULT_PAGINATION.order_by,
      order: configured.order ?? DEFAULT_PAGINATION.order,
      page_size: configured.page_size ?? DEFAULT_PAGINATION.page_size,
    },
    required: ENTRIES_REQUIRED,
  };
}

// Icons of the GUI's table (Material icons' paths), drawn at the same size.
const CHECKBOX = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const ARROW_DOWN = 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z';
const ARROW_FORWARD = 'm12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z';
const SEARCH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';
const icon = (path: string, className: string) =>
  `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"></path></svg>`;

// The GUI's theme as MUI writes it into the page (fonts, sizes, colours, spacing; the layout's minimum
// width, app/theme.ts), for this markup only.
const P = `#${PRERENDER_ID}`;
const STYLE = `
html[data-prerender=off] ${P},html[data-prerender=off] #${FIRST_PAGE_ID}{display:none}
${P}{position:absolute;top:0;left:0;right:0;min-width:1024px;z-index:1500;background:#fff;box-sizing:border-box;font:16px/24px "Titillium Web",Helvetica,Arial,sans-serif;color:rgba(0,0,0,.87)}
${P} *,${P} *::before,${P} *::after{box-sizing:inherit}
${P} .h{position:fixed;top:0;left:0;right:0;min-width:1024px;height:80px;background:#fff;z-index:1;box-shadow:rgba(0,0,0,.2) 0 2px 1px -1px,rgba(0,0,0,.14) 0 1px 1px 0,rgba(0,0,0,.12) 0 1px 3px 0}
${P} .m{padding:80px 0 96px}
${P} .r{display:flex;align-items:flex-start;padding:16px}
${P} .f{display:flex;align-self:stretch;flex-shrink:0}
${P} .fp{flex-shrink:0;display:flex;flex-direction:column;max-height:calc(100vh - 6rem);position:sticky;top:0;border:1px solid rgba(0,0,0,.12);border-radius:4px}
${P} .fh{display:flex;align-items:center;height:47px;padding:8px 12px;border-bottom:1px solid rgba(0,0,0,.12)}
${P} .fh h6{margin:0;flex-grow:1;font-size:16px;line-height:28px;font-weight:600}
${P} .c{flex-grow:1;min-width:0;margin-left:16px;display:flex;flex-direction:column}
${P} .c>*+*{margin-top:16px}
${P} h1{margin:0;font-size:24px;line-height:32.016px;font-weight:400}
${P} .d{margin:0;font-size:14px;line-height:20.02px;color:rgba(0,0,0,.6)}
${P} .rm{margin:8px 0 0;font-size:14px;line-height:20.02px}
${P} .s{height:56px;border:1px solid rgba(0,0,0,.23);border-radius:4px;display:flex;align-items:center;padding:0 14px;color:rgba(0,0,0,.42)}
${P} .s svg{width:24px;height:24px;fill:rgba(0,0,0,.54);margin-right:8px;flex-shrink:0}
${P} .tb{height:30.75px;margin-bottom:8px}
${P} .g{display:grid;gap:${GRID_GAP}px;grid-auto-rows:${ROW_HEIGHT}px}
${P} .g>div{border:1px solid rgba(0,0,0,.12);border-radius:4px;min-width:0}
${P} .rh{display:flex;align-items:center;height:34px;margin-bottom:8px}
${P} h2{margin:0;flex-grow:1;font-size:20px;line-height:32px;font-weight:500}
${P} table{width:100%;border-collapse:collapse;border-spacing:0;display:table}
${P} th,${P} td{border-bottom:1px solid rgb(224,224,224);text-align:left;padding:6px 16px;font-size:14px;vertical-align:middle}
${P} th{font-weight:500;line-height:24px}
${P} td{font-weight:400;line-height:20.02px}
${P} .cb{width:48px;padding:0 12px 0 16px}
${P} .cb span{display:inline-flex;vertical-align:middle}
${P} .cb svg{display:block;width:20px;height:20px;fill:rgba(0,0,0,.6)}
${P} .sl{display:inline-flex;align-items:center;justify-content:flex-start;flex-direction:inherit;vertical-align:middle}
${P} .sl svg{display:block;width:18px;height:18px;margin:0 4px;opacity:0;fill:rgba(0,0,0,.6);transform:rotate(180deg)}
${P} .sl.a svg{opacity:1;transform:none}
${P} .sl.a.asc svg{transform:rotate(180deg)}
${P} .ac{position:sticky;right:0;z-index:1;background:#fff;padding:0 16px;white-space:nowrap}
${P} .ac div{display:flex;justify-content:center}
${P} .ac a{display:flex;padding:5px;color:rgba(0,0,0,.54)}
${P} .ac svg{display:block;width:20px;height:20px;fill:currentColor}
${P} .dt td{padding-top:0;padding-bottom:0;border-bottom:0}
`;

/**
 * The dashboard's empty widget cells on the grid, per breakpoint: the grid's own width decides (a
 * container query), as the GUI's grid measures its width to choose the breakpoint.
 */
function dashboardMarkup(app: AppConfig): { html: string; style: string } {
  const widgets = (app.dashboard?.widgets ?? []) as { layout?: Record<string, unknown> }[];
  const ids = widgets.map((_widget, index) => `w${index}`);
  const style: string[] = [`${P} .gc{container-type:inline-size}`];
  for (const [order, breakpoint] of BREAKPOINTS.entries()) {
    const columns = COLUMNS[breakpoint];
    const cells = compact(
      widgets.map((widget, index) => ({
        id: ids[index]!,
        layout: widget.layout?.[breakpoint] as Parameters<typeof compact>[0][number]['layout'],
      })),
      columns,
    );
    const rules = [`${P} .g{grid-template-columns:repeat(${columns},minmax(0,1fr))}`];
    for (const id of ids) {
      const cell = cells.get(id)!;
      rules.push(
        `${P} .g>.${id}{grid-column:${cell.x + 1} / span ${cell.w};grid-row:${cell.y + 1} / span ${cell.h}}`,
      );
    }
    style.push(
      order === 0
        ? rules.join('')
        : `@container (min-width:${BREAKPOINT_WIDTHS[breakpoint]}px){${rules.join('')}}`,
    );
  }
  const cells = ids.map((id) => `<div class="${id}"></div>`).join('');
  const grid =
    ids.length > 0
      ? `<div class="gc"><div class="g">${cells}</div></div>`
      : `<p class="d">No widgets on the dashboard.</p>`;
  return {
    html: `<section class="db"><div class="tb"></div>${grid}</section>`,
    style: style.join('\n'),
  };
}

const plainReadme = (markdown: string) => markdown.replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');

function tableMarkup(
  guiBase: string,
  app: AppConfig,
  columns: Column[],
  request: EntriesQueryRequest,
  response: EntriesQueryResponse,
): string | undefined {
  const rows = response.data as Row[];
  const cells: string[][] = [];
  for (const row of rows) {
    const texts = columns.map((column) => column.text(row));
    if (texts.some((text) => text === undefined)) return undefined;
    cells.push(texts as string[]);
  }
  const { order_by: orderBy, order } = request.pagination ?? {};
  const head = columns
    .map((column) => {
      const title = escapeHtml(column.title);
      if (!column.sortable) return `<th scope="col">${title}</th>`;
      const active = column.key === orderBy;
      return `<th scope="col"><span class="sl${active ? ` a${order === 'asc' ? ' asc' : ''}` : ''}">${title}${icon(ARROW_DOWN, '')}</span></th>`;
    })
    .join('');
  const checkbox = (label: string) =>
    `<td class="cb"><span aria-label="${label}">${icon(CHECKBOX, '')}</span></td>`;
  const body = rows
    .map((row, index) => {
      const id = typeof row.entry_id === 'string' ? row.entry_id : '';
      const href = `${guiBase}/search/${encodeURIComponent(app.path)}/entry/id/${encodeURIComponent(id)}`;
      const values = cells[index]!.map((text) => `<td>${escapeHtml(text)}</td>`).join('');
      return (
        `<tr>${checkbox('Select row')}${values}` +
        `<td class="ac" aria-label="row actions"><div><a aria-label="Go to the entry page" href="${escapeHtml(href)}">${icon(ARROW_FORWARD, '')}</a></div></td></tr>` +
        `<tr class="dt"><td colspan="${columns.length + 2}"></td></tr>`
      );
    })
    .join('');
  const total = response.pagination.total;
  const title = total === 0 ? 'no results' : `${rows.length}/${total} ${total === 1 ? 'result' : 'results'}`;
  return (
    `<div><div class="rh"><h2>${escapeHtml(title)}</h2></div>` +
    (rows.length > 0
      ? `<table aria-label="search results"><thead><tr><th class="cb"><span>${icon(CHECKBOX, '')}</span></th>${head}<th class="ac"></th></tr></thead><tbody>${body}</tbody></table>`
      : '') +
    `</div>`
  );
}

/** The search's answer if it comes within WAIT_MS; else undefined, and the search is cancelled. */
async function withinWait<T>(search: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, WAIT_MS);
  });
  try {
    return await Promise.race([search(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The app's columns, if its page is one this markup draws as the GUI does; else undefined. */
function drawnColumns(app: AppConfig): Column[] | undefined {
  if (app.resource !== 'entries' || Object.keys(app.filters_locked ?? {}).length > 0) return undefined;
  // The row features drawn here: a selection box, details below, the entry page's action at the end.
  const rows = (app.rows ?? {}) as {
    selection?: { enabled?: boolean };
    details?: { enabled?: boolean };
    actions?: { enabled?: boolean; options?: object; items?: unknown[] };
  };
  if (
    rows.selection?.enabled === false ||
    rows.details?.enabled === false ||
    rows.actions?.enabled === false ||
    (rows.actions?.items ?? []).length > 0 ||
    Object.keys(rows.actions?.options ?? {}).length > 0
  )
    return undefined;
  return shownColumns(app);
}

/**
 * The page of `app` with the rows of `response` (the answer to firstPageRequest(app)), and the answer
 * itself for the GUI to take over; undefined when a row has a value this markup cannot write.
 */
export function prerenderedPage(
  guiBase: string,
  app: AppConfig,
  response: EntriesQueryResponse,
): string | undefined {
  const columns = drawnColumns(app);
  if (!columns) return undefined;
  const request = firstPageRequest(app);
  const table = tableMarkup(guiBase, app, columns, request, response);
  if (table === undefined) return undefined;
  const dashboard = dashboardMarkup(app);
  const menu = app.menu as { type?: string; size?: string; title?: string } | undefined;
  const root = menu?.type === 'menu' ? menu : undefined;
  const menuWidth = menuWidthOf(root?.size);
  const heading =
    `<div><h1>${escapeHtml(app.label)}</h1>` +
    (app.description ? `<p class="d">${escapeHtml(app.description)}</p>` : '') +
    (app.readme ? `<p class="rm">${escapeHtml(plainReadme(app.readme))}</p>` : '') +
    `</div>`;
  return (
    `<style>${STYLE}${dashboard.style}</style>` +
    `<div id="${PRERENDER_ID}"><div class="h"></div><div class="m"><div class="r">` +
    `<div class="f"><div class="fp" style="width:${escapeHtml(menuWidth)}"><div class="fh"><h6>${escapeHtml(root?.title ?? 'Filters')}</h6></div></div></div>` +
    `<div class="c">${heading}<div class="s">${icon(SEARCH, '')}Type a query or keywords</div>${dashboard.html}${table}</div>` +
    `</div></div></div>` +
    `<script type="application/json" id="${FIRST_PAGE_ID}">${scriptJson({ request, response })}</script>`
  );
}

/**
 * The markup to put before the GUI's root element for the client path `rel` (below the GUI base) with
 * query string `search`: for an entries app's page without filters, its first rows as an anonymous
 * visitor sees them (public entries); else undefined.
 */
export async function searchPagePrerender(
  ctx: AppContext,
  rel: string,
  search: string,
): Promise<string | undefined> {
  if (search !== '' && search !== '?') return undefined;
  const match = /^search\/([^/]+)\/?$/.exec(rel);
  if (!match) return undefined;
  const path = decodeURIComponent(match[1]!);
  const app = guiApps(ctx).find((candidate) => candidate.path === path);
  if (!app || !drawnColumns(app)) return undefined;
  const request = firstPageRequest(app);
  const response = await withinWait((signal) => queryEntries(ctx, undefined, request, signal));
  return response && prerenderedPage(`${ctx.config.basePath}/gui`, app, response);
}
