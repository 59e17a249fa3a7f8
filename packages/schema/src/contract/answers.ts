import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ErrorBodySchema } from '../api/common.ts';
import type { OperationDefinition } from './operation.ts';
import { operations, type OperationName } from './operations.ts';

/**
 * The schema an answer of `operation` with `status` must match: the success body, or the error body of a
 * declared error status. 'undeclared' for an error status the row does not list; undefined when nothing
 * is checked (server errors, streamed files).
 */
export const answerSchema = (
  operation: OperationDefinition,
  status: number,
): TSchema | 'undeclared' | undefined => {
  if (status >= 500 || (status < 300 && operation.produces)) return undefined;
  if (status >= 400 && !(operation.errors as readonly number[]).includes(status)) return 'undeclared';
  return status < 300 ? operation.response : (operation.errorBody ?? ErrorBodySchema);
};

/** What is wrong with an answer of operation `name` (at most `max` problems); [] when it matches its row. */
export const answerProblems = (name: OperationName, status: number, body: unknown, max = 5): string[] => {
  const schema = answerSchema(operations[name], status);
  if (schema === undefined) return [];
  if (schema === 'undeclared') return [`${name} does not declare status ${status}`];
  return [...Value.Errors(schema, body)]
    .slice(0, max)
    .map((error) => `${name} ${status}: ${error.path || '/'} ${error.message}`);
};

/** The smallest success answer the contract allows for operation `name` (tests start from it). */
export const minimalAnswer = (name: OperationName): unknown => Value.Create(operations[name].response);
