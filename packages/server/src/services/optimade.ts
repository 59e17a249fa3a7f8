import {
  OPTIMADE_API_VERSION,
  OPTIMADE_PROVIDER_PREFIX,
  type OptimadeEntryInfoResponse,
  type OptimadeInfoResponse,
  type OptimadeLinksResponse,
  type OptimadeListQuery,
  type OptimadeStructureResource,
  type OptimadeStructureResponse,
  type OptimadeStructuresResponse,
  type OptimadeWarning,
  type QueryNode,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../errors.ts';
import { stat } from 'node:fs/promises';
import { readJsonFile } from '../files/read.ts';
import { UploadFiles } from '../files/storage.ts';
import { MAX_RESULT_WINDOW } from '../search/limits.ts';
import { optimadeFilterQuery, searchPublicStructures } from '../search/optimade-structures.ts';
import {
  NOMAD_LINK_FIELDS,
  PROVIDER_QUANTITIES,
  STRUCTURE_PROPERTIES,
  structurePropertyDefinitions,
} from './optimade-properties.ts';
import {
  JSONAPI,
  optimadeMeta,
  structureResource,
  warning,
  type OptimadeCall,
  type StoredStructure,
} from './optimade-wire.ts';

/**
 * OPTIMADE v1.2 over the published, embargo-free entries that have a structure (spec: Materials-Consortia
 * OPTIMADE, optimade.rst). Ids are NOMAD entry ids; provider fields are NOMAD's `_nmd_` fields.
 */

const DEFAULT_PAGE_LIMIT = 20;
const MAX_PAGE_LIMIT = 500;

const ENTRY_TYPES = ['structures'];
const PROVIDER_PARAM = /^_[a-z0-9]+_/;
/** Attributes read from the stored archive instead of the search document. */
const ARCHIVE_FIELDS = ['dimension_types', 'lattice_vectors', 'cartesian_site_positions', 'species'];

/** Only the standard JSON format is served; other formats are refused (spec: may be declared per endpoint). */
const checkFormat = (format: string | undefined) => {
  if (format !== undefined && format !== 'json')
    throw badRequest(`Response format ${format} is not supported, only json.`);
};

/**
 * Parameters an endpoint does not define: entry listings refuse unprefixed ones (spec: MUST answer 400),
 * everything else is ignored with a warning so the client learns it had no effect.
 */
const paramWarnings = (call: OptimadeCall, refuseUnprefixed: boolean): OptimadeWarning[] => {
  if (refuseUnprefixed) {
    const refused = call.unknownParams.filter((name) => !PROVIDER_PARAM.test(name));
    if (refused.length > 0)
      throw badRequest(`The query parameter(s) ${refused.join(', ')} are not known to this endpoint.`);
  }
  return call.unknownParams.map((name) =>
    warning(
      `The query parameter ${name} is not known to this endpoint and was ignored.`,
      `_${OPTIMADE_PROVIDER_PREFIX}_unknown_parameter`,
    ),
  );
};

/** `include` names relationships to return; there are none, so only the default (references) or nothing. */
const checkInclude = (include: string | undefined) => {
  if (include === undefined || include === '' || include === 'references') return;
  throw badRequest(`Cannot include ${include}: structures here have no relationships.`);
};

/** Requested attribute names: all standard ones by default; unknown names are ignored with a warning. */
const responseFields = (
  requested: string | undefined,
  provider: ReadonlyMap<string, unknown>,
): { fields: Set<string>; warnings: OptimadeWarning[] } => {
  const standard = Object.keys(STRUCTURE_PROPERTIES).filter((name) => name !== 'id' && name !== 'type');
  if (requested === undefined) return { fields: new Set(standard), warnings: [] };
  const names = requested
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name !== 'id' && name !== 'type');
  const linkFields = new Set(NOMAD_LINK_FIELDS.map((field) => `_${OPTIMADE_PROVIDER_PREFIX}_${field}`));
  const known = (name: string) => standard.includes(name) || provider.has(name) || linkFields.has(name);
  const unknown = names.filter((name) => !known(name));
  return {
    fields: new Set(names.filter(known)),
    warnings: unknown.map((name) =>
      warning(
        `The response field ${name} is not served and was left out.`,
        `_${OPTIMADE_PROVIDER_PREFIX}_unknown_field`,
      ),
    ),
  };
};

/** `sort`: one sortable property, '-' in front for descending order. */
const sortOrder = (sort: string | undefined): { orderBy?: string; descending: boolean } => {
  if (sort === undefined || sort === '') return { descending: false };
  const fields = sort.split(',');
  if (fields.length > 1) throw badRequest('Sorting by more than one field is not supported.');
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  const orderBy = Object.hasOwn(STRUCTURE_PROPERTIES, name) ? STRUCTURE_PROPERTIES[name]!.sortBy : undefined;
  if (!orderBy) throw badRequest(`Unable to sort on field ${name}: it is not sortable.`);
  return { orderBy, descending };
};

/**
 * Archive bytes one answer may read for cell, sites and species: an archive is parsed whole, so larger ones
 * (long trajectories) and those past the answer's budget are not read; their fields are null (unknown),
 * which a warning explains.
 */
const MAX_ARCHIVE_BYTES = 16 * 1024 * 1024;
const ARCHIVE_BUDGET_BYTES = 128 * 1024 * 1024;

const archiveStructure = async (
  ctx: AppContext,
  doc: Record<string, unknown>,
  budget: { bytes: number; skipped: number },
): Promise<StoredStructure | undefined> => {
  const file = new UploadFiles(ctx.config.dataDir, String(doc.upload_id)).archivePath(String(doc.entry_id));
  const size = await stat(file).then(
    (info) => info.size,
    () => undefined,
  );
  if (size === undefined) return undefined;
  if (size > MAX_ARCHIVE_BYTES || budget.bytes + size > ARCHIVE_BUDGET_BYTES) {
    budget.skipped += 1;
    return undefined;
  }
  budget.bytes += size;
  const archive = await readJsonFile<{
    results?: { properties?: { structures?: { structure_original?: StoredStructure } } };
  }>(file);
  return archive?.results?.properties?.structures?.structure_original;
};

/** The resources of search documents; archives are read one after the other, only when asked for. */
const resources = async (
  ctx: AppContext,
  documents: Record<string, unknown>[],
  fields: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<{ data: OptimadeStructureResource[]; warnings: OptimadeWarning[] }> => {
  const needsArchive = ARCHIVE_FIELDS.some((field) => fields.has(field));
  const api = `${ctx.config.publicOrigin}${ctx.config.basePath}/api/v1`;
  const gui = `${ctx.config.publicOrigin}${ctx.config.basePath}/gui`;
  const budget = { bytes: 0, skipped: 0 };
  const out: OptimadeStructureResource[] = [];
  for (const doc of documents) {
    signal?.throwIfAborted();
    const entryId = encodeURIComponent(String(doc.entry_id));
    const uploadId = encodeURIComponent(String(doc.upload_id));
    const structure = needsArchive ? await archiveStructure(ctx, doc, budget) : undefined;
    out.push(
      structureResource(doc, structure, fields, {
        quantityOf: (field) => PROVIDER_QUANTITIES.get(field)?.name,
        links: {
          archive_url: `${api}/entries/${entryId}/archive`,
          entry_page_url: `${gui}/entry/id/${uploadId}/${entryId}`,
          raw_file_download_url: `${api}/entries/raw?entry_id=${entryId}`,
        },
      }),
    );
  }
  const warnings =
    budget.skipped > 0
      ? [
          warning(
            `${budget.skipped} structure(s) have their ${ARCHIVE_FIELDS.join(', ')} as null: their archives are ` +
              'too large to read for this answer. Ask for fewer results or leave these fields out.',
            `_${OPTIMADE_PROVIDER_PREFIX}_archive_budget`,
          ),
        ]
      : [];
  return { data: out, warnings };
};

/** The URL of another page of the same listing. */
const pageLink = (call: OptimadeCall, query: OptimadeListQuery, paging: Record<string, number>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'page_offset' && name !== 'page_number')
      params.set(name, String(value));
  }
  for (const [name, value] of Object.entries(paging)) params.set(name, String(value));
  return `${call.baseUrl}/structures?${params.toString()}`;
};

/** GET structures: a page of the structures the filter finds. */
export const listOptimadeStructures = async (
  ctx: AppContext,
  call: OptimadeCall,
  query: OptimadeListQuery,
  signal?: AbortSignal,
): Promise<OptimadeStructuresResponse> => {
  checkFormat(query.response_format);
  checkInclude(query.include);
  const warnings = paramWarnings(call, true);
  const limit = query.page_limit ?? DEFAULT_PAGE_LIMIT;
  if (limit > MAX_PAGE_LIMIT)
    throw forbidden(`Page limit ${limit} is larger than the largest allowed page limit, ${MAX_PAGE_LIMIT}.`);
  if (query.page_offset !== undefined && query.page_number !== undefined)
    throw badRequest('Use either page_offset or page_number, not both.');
  const offset = query.page_offset ?? ((query.page_number ?? 1) - 1) * limit;
  if (offset + limit > MAX_RESULT_WINDOW)
    throw badRequest(
      `Results are served up to number ${MAX_RESULT_WINDOW}; narrow the filter to reach the others.`,
    );
  const order = sortOrder(query.sort);
  const filter: QueryNode | undefined = query.filter?.trim() ? optimadeFilterQuery(query.filter) : undefined;
  const fields = responseFields(query.response_fields, PROVIDER_QUANTITIES);
  const page = await searchPublicStructures(
    ctx.db,
    ctx.search,
    { ...(filter ? { query: filter } : {}), ...order, offset, limit },
    signal,
  );
  const { data, warnings: archiveWarnings } = await resources(ctx, page.documents, fields.fields, signal);
  warnings.push(...archiveWarnings);
  const more = offset + data.length < page.returned && limit > 0;
  // The search serves results up to MAX_RESULT_WINDOW: no next link leads past it (it would answer 400).
  const nextInWindow = offset + 2 * limit <= MAX_RESULT_WINDOW;
  if (more && !nextInWindow)
    warnings.push(
      warning(
        `Results are served up to number ${MAX_RESULT_WINDOW}; narrow the filter to page past it.`,
        `_${OPTIMADE_PROVIDER_PREFIX}_result_window`,
      ),
    );
  const byNumber = query.page_number !== undefined;
  const next: Record<string, number> = byNumber
    ? { page_number: query.page_number! + 1 }
    : { page_offset: offset + limit };
  const prev: Record<string, number> = byNumber
    ? { page_number: query.page_number! - 1 }
    : { page_offset: Math.max(0, offset - limit) };
  return {
    jsonapi: JSONAPI,
    links: {
      next: more && nextInWindow ? pageLink(call, query, next) : null,
      prev: offset > 0 ? pageLink(call, query, prev) : null,
      base_url: call.baseUrl,
    },
    meta: optimadeMeta(
      call,
      {
        moreDataAvailable: more,
        returned: page.returned,
        available: page.available,
        ...(data.length > 0 ? { lastId: data[data.length - 1]!.id } : {}),
      },
      [...warnings, ...fields.warnings],
    ),
    data,
  };
};

/** GET structures/{id}: one public structure; anything else (unknown, unpublished, embargoed) is a 404. */
export const readOptimadeStructure = async (
  ctx: AppContext,
  call: OptimadeCall,
  id: string,
  query: { response_format?: string; response_fields?: string; include?: string },
  signal?: AbortSignal,
): Promise<OptimadeStructureResponse> => {
  checkFormat(query.response_format);
  checkInclude(query.include);
  // The spec: handle it or answer 501; whole lists are served here.
  if (call.unknownParams.includes('dimension_slices'))
    throw new HttpError(
      501,
      'Slices of list properties (dimension_slices) are not offered: leave it out for whole lists.',
    );
  const warnings = paramWarnings(call, false);
  const fields = responseFields(query.response_fields, PROVIDER_QUANTITIES);
  const page = await searchPublicStructures(
    ctx.db,
    ctx.search,
    {
      query: { kind: 'match', quantity: 'entry_id', op: 'eq', values: [id] },
      descending: false,
      offset: 0,
      limit: 1,
    },
    signal,
  );
  const found = await resources(ctx, page.documents, fields.fields, signal);
  const [resource] = found.data;
  if (!resource) throw notFound(`No structure with id ${id} is published here.`);
  return {
    jsonapi: JSONAPI,
    links: { base_url: call.baseUrl },
    meta: optimadeMeta(call, { moreDataAvailable: false, returned: 1, available: page.available }, [
      ...warnings,
      ...fields.warnings,
      ...found.warnings,
    ]),
    data: resource,
  };
};

/** The base URLs this server answers on, as `available_api_versions` lists them. */
const versionedBaseUrl = (call: OptimadeCall) => call.baseUrl.replace(/\/v1$/, '') + '/v1';

/** GET info. */
export const optimadeBaseInfo = (call: OptimadeCall, format: string | undefined): OptimadeInfoResponse => {
  checkFormat(format);
  return {
    jsonapi: JSONAPI,
    meta: optimadeMeta(call, { moreDataAvailable: false }, paramWarnings(call, false)),
    data: {
      type: 'info',
      id: '/',
      attributes: {
        api_version: OPTIMADE_API_VERSION,
        available_api_versions: [{ url: versionedBaseUrl(call), version: OPTIMADE_API_VERSION }],
        formats: ['json'],
        entry_types_by_format: { json: ENTRY_TYPES },
        available_endpoints: ['info', 'links', ...ENTRY_TYPES],
        // Each upload states its own license; NOMAD publishes data under CC BY 4.0.
        license: 'https://creativecommons.org/licenses/by/4.0/',
        available_licenses: ['CC-BY-4.0'],
        is_index: false,
      },
    },
  };
};

/** GET info/structures. */
export const optimadeStructuresInfo = (
  call: OptimadeCall,
  format: string | undefined,
): OptimadeEntryInfoResponse => {
  checkFormat(format);
  const properties = structurePropertyDefinitions();
  return {
    jsonapi: JSONAPI,
    meta: optimadeMeta(call, { moreDataAvailable: false }, paramWarnings(call, false)),
    data: {
      type: 'info',
      id: 'structures',
      description: 'The structures of the published entries of this NOMAD oasis, one per entry.',
      properties,
      formats: ['json'],
      output_fields_by_format: { json: Object.keys(properties) },
    },
  };
};

/** GET links: this implementation is its own root (it is no member of an index meta-database). */
export const optimadeLinks = (
  call: OptimadeCall,
  format: string | undefined,
  homepage: string,
): OptimadeLinksResponse => {
  checkFormat(format);
  return {
    jsonapi: JSONAPI,
    meta: optimadeMeta(
      call,
      { moreDataAvailable: false, returned: 1, available: 1 },
      paramWarnings(call, false),
    ),
    data: [
      {
        type: 'links',
        id: 'oasis',
        attributes: {
          name: 'NOMAD oasis',
          description: 'The published structures of this NOMAD oasis',
          base_url: call.baseUrl.replace(/\/v1$/, ''),
          homepage,
          link_type: 'root',
        },
      },
    ],
  };
};
