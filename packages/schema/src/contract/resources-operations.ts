import { RelatedResourcesQuerySchema, RelatedResourcesResponseSchema } from '../api/resources.ts';
import { defineOperation as op } from './operation.ts';

/**
 * NOMAD's resources API, relative to `<base>/resources`: for a material, the same material in other
 * databases, found through their OPTIMADE APIs. A table of its own: not a NOMAD API v1 operation.
 */
export const resourcesOperations = {
  relatedResources: op({
    method: 'GET',
    path: '/',
    tag: 'resources',
    summary: 'Records of a material in other databases: what is known now, and whether more is coming',
    query: RelatedResourcesQuerySchema,
    response: RelatedResourcesResponseSchema,
    errors: [422],
  }),
} as const;

export type ResourcesOperations = typeof resourcesOperations;
export type ResourcesOperationName = keyof ResourcesOperations;
