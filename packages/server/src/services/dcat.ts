import { DCAT_FORMATS, DCAT_PAGE_SIZE, type DcatFormat, type EntriesQueryRequest } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import { toJsonLd } from '../rdf/json-ld.ts';
import { toRdfXml } from '../rdf/rdf-xml.ts';
import { toTurtle } from '../rdf/turtle.ts';
import type { RdfGraph } from '../rdf/graph.ts';
import { searchEntries } from '../search/search.ts';
import { DCAT_ENTRY_FIELDS, DcatMapping, type DcatEntry, type DcatUrls } from './dcat-mapping.ts';

/** An RDF document to send. */
export interface RdfAnswer {
  contentType: string;
  body: string;
}

const SERIALISERS: Record<(typeof DCAT_FORMATS)[DcatFormat], (graph: RdfGraph) => string> = {
  'application/rdf+xml': toRdfXml,
  'text/turtle': toTurtle,
  'application/ld+json': toJsonLd,
};

/** Media types an Accept header may name, with NOMAD's aliases; RDF/XML when none of them is asked for. */
const ACCEPTED: Record<string, keyof typeof SERIALISERS> = {
  'application/rdf+xml': 'application/rdf+xml',
  'application/xml': 'application/rdf+xml',
  'application/rdf': 'application/rdf+xml',
  'text/turtle': 'text/turtle',
  'text/rdf+turtle': 'text/turtle',
  'application/ld+json': 'application/ld+json',
  'application/json': 'application/ld+json',
};

/** The media type to answer with: the `format` parameter, else the first Accept type served. */
const chooseType = (format: DcatFormat | undefined, accept: string | undefined): keyof typeof SERIALISERS => {
  if (format) return DCAT_FORMATS[format];
  for (const part of (accept ?? '').split(',')) {
    const type = ACCEPTED[part.split(';')[0]!.trim().toLowerCase()];
    if (type) return type;
  }
  return 'application/rdf+xml';
};

const serialise = (
  graph: RdfGraph,
  format: DcatFormat | undefined,
  accept: string | undefined,
): RdfAnswer => {
  const contentType = chooseType(format, accept);
  return { contentType, body: SERIALISERS[contentType](graph) };
};

const urlsOf = (ctx: AppContext): DcatUrls => {
  const base = `${ctx.config.publicOrigin}${ctx.config.basePath}`;
  return { dcat: `${base}/dcat`, api: `${base}/api/v1`, gui: `${base}/gui` };
};

/** Published, embargo-free entries only: the search's `public` owner, whoever asks. */
const searchPublic = (ctx: AppContext, request: EntriesQueryRequest, signal?: AbortSignal) =>
  searchEntries(
    ctx.db,
    ctx.search,
    undefined,
    { ...request, owner: 'public', required: { include: DCAT_ENTRY_FIELDS } },
    signal,
  );

/** GET dcat/datasets/{entry_id}: one published entry; 404 for any other id. */
export const dcatDataset = async (
  ctx: AppContext,
  entryId: string,
  serialisation: { format?: DcatFormat; accept?: string },
  signal?: AbortSignal,
): Promise<RdfAnswer> => {
  const found = await searchPublic(
    ctx,
    { query: { entry_id: entryId }, pagination: { page_size: 1 } },
    signal,
  );
  const entry = found.data[0] as DcatEntry | undefined;
  if (!entry) throw notFound('Dataset not found. The given id does not match any published entry.');
  const mapping = new DcatMapping(urlsOf(ctx));
  mapping.entry(entry);
  return serialise(mapping.graph, serialisation.format, serialisation.accept);
};

/** An ISO 8601 date or date and time, as the instant it names; a 422 for anything else. */
const sinceOf = (value: string): string => {
  const time = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time))
    throw validationError([
      {
        loc: ['query', 'modified_since'],
        msg: 'Input should be a valid datetime or date',
        type: 'datetime_from_date_parsing',
      },
    ]);
  return new Date(time).toISOString();
};

/**
 * GET dcat/catalog/: a page of published entries by entry id, after `after` when given, and only those
 * uploaded or processed since `modified_since`; the page names the next one while there are more.
 */
export const dcatCatalog = async (
  ctx: AppContext,
  query: { after?: string; modified_since?: string; format?: DcatFormat },
  accept: string | undefined,
  signal?: AbortSignal,
): Promise<RdfAnswer> => {
  const since = query.modified_since === undefined ? undefined : sinceOf(query.modified_since);
  const found = await searchPublic(
    ctx,
    {
      ...(since
        ? {
            query: {
              or: [{ upload_create_time: { gte: since } }, { last_processing_time: { gte: since } }],
            },
          }
        : {}),
      pagination: {
        page_size: DCAT_PAGE_SIZE,
        order_by: 'entry_id',
        // The engine's cursor is the sort key and the entry id; here both are the entry id.
        ...(query.after ? { page_after_value: `${query.after}:${query.after}` } : {}),
      },
    },
    signal,
  );
  const entries = found.data as DcatEntry[];
  const urls = urlsOf(ctx);
  const pageUrl = (after?: string) => {
    const params = new URLSearchParams();
    if (after) params.set('after', after);
    if (query.modified_since) params.set('modified_since', query.modified_since);
    if (query.format) params.set('format', query.format);
    const search = params.toString();
    return `${urls.dcat}/catalog/${search ? `?${search}` : ''}`;
  };
  const last = entries.at(-1);
  const mapping = new DcatMapping(urls);
  mapping.catalog(entries, {
    total: found.pagination.total ?? entries.length,
    first: pageUrl(),
    ...(found.pagination.next_page_after_value && last ? { next: pageUrl(last.entry_id) } : {}),
  });
  return serialise(mapping.graph, query.format, accept);
};
