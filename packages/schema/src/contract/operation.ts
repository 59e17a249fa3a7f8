import type { Static, TObject, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The error statuses an operation may answer with; NOMAD's `{detail}` body unless the row says otherwise. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 501 | 502 | 503;

/**
 * One endpoint of the API (relative to /api/v1, or to the OPTIMADE base URL for its table). The path is written as in OpenAPI, `{name}` per
 * path parameter; `{*name}` at the end takes the rest of the path, slashes included, and may be empty.
 */
export interface OperationDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TSchema;
  /** The success (200) body; for `produces` other than JSON, what the stream is (for the document only). */
  readonly response: TSchema;
  /** Media type of a success body that is not JSON (files, zips); such bodies are streamed. */
  readonly produces?: string;
  readonly errors: readonly ErrorStatus[];
  /** The body of the error statuses when it is not NOMAD's `{detail}` (OPTIMADE's error document). */
  readonly errorBody?: TSchema;
}

/** `'/a/{x}/b/{*rest}'` → `'x' | 'rest'`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `*${infer Star}` ? Star : Name) | PathParamNames<Rest>
  : never;

type ParamsOfPath<Path extends string> = [PathParamNames<Path>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: { readonly properties: { readonly [K in PathParamNames<Path>]: unknown } } };

/** Declares an operation; the type demands a params schema naming exactly the path's parameters. */
export const defineOperation = <Path extends string, O extends Omit<OperationDefinition, 'path'>>(
  operation: O & { readonly path: Path } & ParamsOfPath<Path>,
): O & { readonly path: Path } => operation;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

export type ParamsOf<O extends OperationDefinition> = StaticOf<O['params']>;
export type QueryOf<O extends OperationDefinition> = StaticOf<O['query']>;
export type BodyOf<O extends OperationDefinition> = StaticOf<O['body']>;
export type ResponseOf<O extends OperationDefinition> = Static<O['response']>;

interface PathSegment {
  readonly literal?: string;
  readonly param?: string;
  readonly rest?: boolean;
}

/** The path template cut into literal segments and parameters. */
export const pathSegments = (path: string): PathSegment[] =>
  path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(\*?)(\w+)\}$/.exec(part);
      if (!param) return { literal: part };
      return { param: param[2]!, rest: param[1] === '*' };
    });

/** The concrete path for parameter values: segments are URL-encoded, a rest parameter keeps its slashes. */
/**
 * A rest parameter's value as a URL carries it: segment by segment, keeping its slashes. One with a '.' or
 * '..' segment goes as one segment with its slashes encoded: a URL parser resolves dot segments (encoded
 * ones too), so `raw/../../x` would address another path instead of reaching the server, which refuses it.
 */
const encodeRest = (value: string): string => {
  const segments = value.split('/').filter(Boolean);
  return segments.some((segment) => segment === '.' || segment === '..')
    ? encodeURIComponent(segments.join('/'))
    : segments.map(encodeURIComponent).join('/');
};

export const fillPath = (path: string, params: Readonly<Record<string, string>> = {}): string =>
  pathSegments(path)
    .map((segment) => {
      if (segment.literal !== undefined) return segment.literal;
      const value = params[segment.param!] ?? '';
      return segment.rest ? encodeRest(value) : encodeURIComponent(value);
    })
    .filter((part, index, parts) => part !== '' || index < parts.length - 1)
    .join('/');

/** The parameter values if `concretePath` (no leading slash, decoded) is an instance of the template. */
export const matchPath = (path: string, concretePath: string): Record<string, string> | undefined => {
  const segments = pathSegments(path);
  const parts = concretePath.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    if (segment.rest) {
      params[segment.param!] = parts.slice(index).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.literal !== undefined) {
      if (segment.literal !== part) return undefined;
    } else params[segment.param!] = part;
  }
  return parts.length === segments.length ? params : undefined;
};
