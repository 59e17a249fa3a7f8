// The shapes of the JSON columns, declared once here: tables.ts types a jsonb column by this list, and as
// any JSON value when it is not on it.
import type { JWK } from 'jose';

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

interface JsonColumns {
  uploads: { errors: string[]; warnings: string[] };
  entries: {
    errors: string[];
    warnings: string[];
    /** The search document: entry metadata with results, as the API serves it. */
    metadata: Record<string, unknown>;
    /** What users edited (comment, references, datasets, …); it overrides `metadata`'s fields. */
    user_metadata: Record<string, unknown>;
  };
  jobs: { payload: Record<string, unknown> };
  oidc_keys: { private_jwk: JWK; public_jwk: JWK };
}

/** The TypeScript type of `table`.`column`, a jsonb column. */
export type JsonColumn<Table extends string, Column extends string> = Table extends keyof JsonColumns
  ? Column extends keyof JsonColumns[Table]
    ? JsonColumns[Table][Column]
    : JsonValue
  : JsonValue;
