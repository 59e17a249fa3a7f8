import { parseJson } from '@oasis/client';
import {
  answerProblems,
  findOperation,
  minimalAnswer,
  type OperationName,
  type Operations,
  type ResponseOf,
} from '@oasis/schema';
import { expect } from 'vitest';

const API_PATH = /\/api\/v1\/(.*)$/;

const operationOf = (method: string, url: string) => {
  const apiPath = API_PATH.exec(new URL(url).pathname)?.[1];
  return apiPath === undefined ? undefined : findOperation(method, decodeURIComponent(apiPath));
};

/**
 * For component tests: wraps a fetch stub so that every JSON answer it gives to an API call is checked
 * against the operation table. A stub that drifted from the contract fails the test that uses it.
 */
export function contractCheckedFetch(stub: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await stub(input, init);
    const method = init?.method ?? 'GET';
    const url = String(input);
    if (!API_PATH.test(new URL(url).pathname)) return response;
    let body: unknown;
    try {
      body = parseJson(await response.clone().text());
    } catch {
      return response;
    }
    const found = operationOf(method, url);
    const problems = found
      ? answerProblems(found.name, response.status, body)
      : [`${method} ${url} is not an operation of the API`];
    expect.soft(problems, `the stubbed answer of ${method} ${url}`).toEqual([]);
    return response;
  };
}

/** The smallest answer the contract allows for an API call (404 for a path that is no operation). */
export function minimalResponse(method: string, url: string): Response {
  const found = operationOf(method, url);
  if (!found) return new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404 });
  return new Response(JSON.stringify(minimalAnswer(found.name)));
}

/** A valid answer of operation `name`: the contract's smallest one, with the fields a test cares about. */
export function answerOf<N extends OperationName>(
  name: N,
  fields: Partial<ResponseOf<Operations[N]>>,
  status = 200,
): Response {
  return new Response(JSON.stringify({ ...(minimalAnswer(name) as object), ...fields }), { status });
}
