import ValidatorSelector, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

export interface SchemaCompilers {
  buildValidator: BuildCompilerFromPool;
  buildSerializer: SerializerFactory;
}

/** What a compiled function depends on: the schema, where it applies, and the instance's shared schemas. */
const cacheKey = (shared: string, schema: unknown, part: unknown) =>
  `${shared}\u0000${String(part)}\u0000${JSON.stringify(schema)}`;

/**
 * Fastify's schema compilers (Ajv for requests, fast-json-stringify for answers) behind a cache that
 * outlives one app: apps built with the same instance compile each route's schemas once. A server
 * builds one app, so it gains nothing; a test process starts hundreds, and compiling their some 300
 * schemas took about 1.4 s of each start.
 */
export function sharedSchemaCompilers(): SchemaCompilers {
  const validators = new Map<string, unknown>();
  const serializers = new Map<string, unknown>();
  // The selector keeps one Ajv per set of shared schemas and options; ours keeps what it compiled.
  const buildDefaultValidator = ValidatorSelector();
  const buildDefaultSerializer = SerializerSelector();
  const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
    // The declared type says a schema goes in; fastify passes the route's definition, as it does for
    // serializers, and the validator depends on its schema only.
    const compile = buildDefaultValidator(externalSchemas, options) as unknown as (route: {
      schema: unknown;
    }) => unknown;
    const shared = JSON.stringify([externalSchemas, options]);
    const cached = (route: { schema: unknown }) => {
      const key = cacheKey(shared, route.schema, 'validator');
      if (!validators.has(key)) validators.set(key, compile(route));
      return validators.get(key);
    };
    return cached as unknown as ReturnType<BuildCompilerFromPool>;
  };
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = buildDefaultSerializer(externalSchemas, options);
    const shared = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = cacheKey(shared, route.schema, route.httpStatus);
      if (!serializers.has(key)) serializers.set(key, compile(route));
      return serializers.get(key) as ReturnType<typeof compile>;
    };
  };
  return { buildValidator, buildSerializer };
}
