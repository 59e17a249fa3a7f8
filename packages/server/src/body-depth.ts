import { nestedDeeperThan } from '@oasis/schema';
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

/**
 * Levels of objects and arrays a JSON body may nest. JSON.parse takes any depth, but schema validation,
 * handlers and the serialiser echoing parts of a body recurse per level and overflow the stack at some
 * thousands; no API request needs more than a few dozen (queries are bounded at 100 levels).
 */
const MAX_BODY_DEPTH = 256;

const isParsedJson = (body: unknown): body is object => {
  if (typeof body !== 'object' || body === null) return false;
  if (Array.isArray(body)) return true;
  // Parsed JSON and form bodies only; buffers and streams (file uploads) are not walked.
  const prototype: unknown = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
};

/** preValidation hook: refuses bodies nested deeper than MAX_BODY_DEPTH with 422, before anything recurses. */
export const refuseDeepBodies = async (request: FastifyRequest): Promise<void> => {
  if (isParsedJson(request.body) && nestedDeeperThan(request.body, MAX_BODY_DEPTH))
    throw validationError([
      {
        loc: ['body'],
        msg: `The request body is nested more than ${MAX_BODY_DEPTH} levels deep; at most ${MAX_BODY_DEPTH} are allowed.`,
        type: 'value_error',
      },
    ]);
};
