import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  OptimadeEntryQuerySchema,
  OptimadeErrorDocumentSchema,
  OptimadeIdParamsSchema,
  OptimadeInfoQuerySchema,
  OptimadeListQuerySchema,
} from '../api/optimade-common.ts';
import {
  OptimadeEntryInfoResponseSchema,
  OptimadeInfoResponseSchema,
  OptimadeLinksResponseSchema,
} from '../api/optimade-info.ts';
import {
  OptimadeStructureResponseSchema,
  OptimadeStructuresResponseSchema,
} from '../api/optimade-structures.ts';
import { answerSchema } from './answers.ts';
import { defineOperation as op } from './operation.ts';

const errorBody = OptimadeErrorDocumentSchema;

/**
 * The OPTIMADE v1.2 endpoints, relative to the OPTIMADE base URL (`<base>/optimade/v1` and unversioned
 * `<base>/optimade`). A table of its own: they are not NOMAD API v1 operations (no OpenAPI entry there, no
 * GUI client call), and their errors are OPTIMADE error documents. 503: a search past its time budget.
 */
export const optimadeOperations = {
  optimadeVersions: op({
    method: 'GET',
    path: '/versions',
    tag: 'optimade',
    summary: 'The major OPTIMADE versions served, as CSV (unversioned base URL only)',
    response: Type.String(),
    produces: 'text/csv',
    errors: [],
    errorBody,
  }),
  optimadeInfo: op({
    method: 'GET',
    path: '/info',
    tag: 'optimade',
    summary: 'The implementation: OPTIMADE version, formats, endpoints and entry types',
    query: OptimadeInfoQuerySchema,
    response: OptimadeInfoResponseSchema,
    errors: [400],
    errorBody,
  }),
  optimadeStructuresInfo: op({
    method: 'GET',
    path: '/info/structures',
    tag: 'optimade',
    summary: 'The properties of structures entries, with types, units and whether they sort',
    query: OptimadeInfoQuerySchema,
    response: OptimadeEntryInfoResponseSchema,
    errors: [400],
    errorBody,
  }),
  optimadeLinks: op({
    method: 'GET',
    path: '/links',
    tag: 'optimade',
    summary: 'Related OPTIMADE implementations',
    query: OptimadeInfoQuerySchema,
    response: OptimadeLinksResponseSchema,
    errors: [400],
    errorBody,
  }),
  optimadeStructures: op({
    method: 'GET',
    path: '/structures',
    tag: 'optimade',
    summary: 'The published structures a filter finds, a page at a time',
    query: OptimadeListQuerySchema,
    response: OptimadeStructuresResponseSchema,
    // 403: page_limit above the maximum (the spec's status for it); 501: a filter construct not offered.
    errors: [400, 403, 501, 503],
    errorBody,
  }),
  optimadeStructure: op({
    method: 'GET',
    path: '/structures/{id}',
    tag: 'optimade',
    summary: 'One published structure by its id (the NOMAD entry id)',
    params: OptimadeIdParamsSchema,
    query: OptimadeEntryQuerySchema,
    response: OptimadeStructureResponseSchema,
    // 501: dimension_slices, which the spec allows to refuse so.
    errors: [400, 404, 501, 503],
    errorBody,
  }),
} as const;

export type OptimadeOperations = typeof optimadeOperations;
export type OptimadeOperationName = keyof OptimadeOperations;

/** What is wrong with an answer of OPTIMADE operation `name`; [] when it matches its row. */
export const optimadeAnswerProblems = (
  name: OptimadeOperationName,
  status: number,
  body: unknown,
  max = 5,
): string[] => {
  const schema = answerSchema(optimadeOperations[name], status);
  if (schema === undefined) return [];
  if (schema === 'undeclared') return [`${name} does not declare status ${status}`];
  return [...Value.Errors(schema, body)]
    .slice(0, max)
    .map((error) => `${name} ${status}: ${error.path || '/'} ${error.message}`);
};
