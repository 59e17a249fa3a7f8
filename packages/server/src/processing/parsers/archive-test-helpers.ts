// Shared by the parser tests: typed access into the archive sections and relative comparison
// of SI numbers (too small for toBeCloseTo's absolute digits).
import { expect } from 'vitest';

type Section = Record<string, unknown>;

/** The value at a '/'-separated path of keys and list indices ('run/0/calculation/1/energy', 'run/0/system/length'). */
export function at(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('/')) {
    if (Array.isArray(node)) node = key === 'length' ? node.length : node[Number(key)];
    else if (node !== null && typeof node === 'object') node = (node as Section)[key];
    else throw new Error(`no '${key}' at '${path}'`);
  }
  return node;
}

/** Asserts |actual - expected| <= rel * |expected| (or exact equality for 0). */
export function expectClose(actual: unknown, expected: number, rel = 1e-9): void {
  expect(typeof actual).toBe('number');
  const difference = Math.abs((actual as number) - expected);
  expect(difference).toBeLessThanOrEqual(Math.abs(expected) * rel);
}

export function expectAllClose(actual: unknown, expected: readonly number[], rel = 1e-9): void {
  expect(Array.isArray(actual)).toBe(true);
  expect((actual as unknown[]).length).toBe(expected.length);
  expected.forEach((value, i) => expectClose((actual as unknown[])[i], value, rel));
}

/**
 * Where the conformance tool (../shared/tools/nomad-parser-tests) extracted NOMAD's parser test data, the
 * root (or NOMAD_PARSER_TESTS_SRC); tests over it skip where it is absent, as on a clean clone.
 */
export const NOMAD_TEST_DATA = process.env.NOMAD_PARSER_TESTS_SRC ?? '/tmp/nomad-parser-tests/src';

/** The folder of one code's test data in NOMAD's electronic- or atomistic-parsers repository. */
export const nomadTestData = (repository: 'electronic-parsers' | 'atomistic-parsers', code: string): string =>
  `${NOMAD_TEST_DATA}/${repository}/tests/data/${code}`;
