import { Type } from '@sinclair/typebox';
import { defineOperation as op } from './operation.ts';

/** The RDF serialisations served, by the `format` parameter's names (NOMAD's, plus `json-ld`). */
export const DCAT_FORMATS = {
  xml: 'application/rdf+xml',
  'pretty-xml': 'application/rdf+xml',
  turtle: 'text/turtle',
  ttl: 'text/turtle',
  'json-ld': 'application/ld+json',
} as const;
export type DcatFormat = keyof typeof DCAT_FORMATS;

/** How many published entries one catalogue page lists (NOMAD's default page size). */
export const DCAT_PAGE_SIZE = 10;

const FormatQuery = Type.Optional(
  Type.Union(
    [
      Type.Literal('xml'),
      Type.Literal('pretty-xml'),
      Type.Literal('turtle'),
      Type.Literal('ttl'),
      Type.Literal('json-ld'),
    ] satisfies { const: DcatFormat }[],
    { description: 'The serialisation; without it the Accept header chooses, RDF/XML by default.' },
  ),
);

const RdfDocument = Type.String({ description: 'An RDF graph in the chosen serialisation.' });

/**
 * The DCAT catalogue (W3C Data Catalog Vocabulary, DCAT-AP terms) of the published, embargo-free entries,
 * relative to `<base>/dcat`, as NOMAD serves it: every entry is a `dcat:Dataset`, and the NOMAD datasets
 * it belongs to are datasets too (`dct:isPartOf`). A table of its own: not NOMAD API v1 operations.
 */
export const dcatOperations = {
  dcatDataset: op({
    method: 'GET',
    path: '/datasets/{entry_id}',
    tag: 'dcat',
    summary: 'One published entry as a DCAT dataset',
    params: Type.Object({ entry_id: Type.String({ minLength: 1, maxLength: 256 }) }),
    query: Type.Object({ format: FormatQuery }, { additionalProperties: false }),
    response: RdfDocument,
    produces: 'application/rdf+xml',
    errors: [404, 422],
  }),
  dcatCatalog: op({
    method: 'GET',
    path: '/catalog/',
    tag: 'dcat',
    summary: 'A page of the catalogue: published entries ordered by id, with a link to the next page',
    query: Type.Object(
      {
        after: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 256,
            description: 'List the entries whose id comes after this one.',
          }),
        ),
        modified_since: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 64,
            description: 'Only entries uploaded, edited or processed since then (ISO 8601 date or time).',
          }),
        ),
        format: FormatQuery,
      },
      { additionalProperties: false },
    ),
    response: RdfDocument,
    produces: 'application/rdf+xml',
    errors: [422],
  }),
} as const;

export type DcatOperations = typeof dcatOperations;
export type DcatOperationName = keyof DcatOperations;
