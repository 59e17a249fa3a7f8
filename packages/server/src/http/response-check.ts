import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { answerSchema, type OperationDefinition } from '@oasis/schema';

const MAX_REPORTED = 5;

/**
 * For test suites: every JSON answer of an operation is checked against its table row (the success
 * schema, or the error body for a declared error status) before it is sent. A mismatch is answered
 * as a 500 naming the operation and the offending paths, so contract drift fails the test that saw it.
 */
export const checkResponsesAgainstContract = (app: FastifyInstance): void => {
  const compiled = new Map<TSchema, TypeCheck<TSchema>>();
  const checkerOf = (schema: TSchema) => {
    let checker = compiled.get(schema);
    if (!checker) compiled.set(schema, (checker = TypeCompiler.Compile(schema)));
    return checker;
  };
  // Which schema applies is the contract's rule (answerSchema); the server checks with compiled schemas.
  const problemsOf = (operation: OperationDefinition, status: number, payload: unknown): string[] => {
    const schema = answerSchema(operation, status);
    if (schema === undefined) return [];
    if (schema === 'undeclared') return [`status ${status} is not declared`];
    const checker = checkerOf(schema);
    if (checker.Check(payload)) return [];
    return [...checker.Errors(payload)]
      .slice(0, MAX_REPORTED)
      .map((error) => `${error.path || '/'}: ${error.message}`);
  };

  app.addHook('preSerialization', async (request, reply, payload) => {
    const row = request.routeOptions.config.contractRow;
    if (!row) return payload;
    const { name, definition } = row;
    const problems = problemsOf(definition, reply.statusCode, payload);
    if (problems.length === 0) return payload;
    const detail = `The ${reply.statusCode} answer of ${name} does not match the contract: ${problems.join('; ')}`;
    request.log.error(detail);
    reply.status(500);
    return { detail };
  });
};
