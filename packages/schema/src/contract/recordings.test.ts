import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../api/common.ts';
import { findOperation } from './lookup.ts';
import type { OperationDefinition } from './operation.ts';
import { operations } from './operations.ts';

const recordingsDir = path.resolve(import.meta.dirname, '../../../../../shared/nomad-reference/recordings');
const haveRecordings = existsSync(recordingsDir);
if (!haveRecordings) console.warn(`Skipping contract tests: NOMAD recordings not found at ${recordingsDir}`);

interface Recorded {
  request: { url: string; method: string; body?: unknown };
  response: { status: number; body: unknown };
}

const listJson = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listJson(full) : name.endsWith('.json') ? [full] : [];
  });

const recordedCalls = (): Array<Recorded & { file: string; apiPath: string }> =>
  listJson(recordingsDir).flatMap((file) => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Recorded[]>;
    return Object.values(doc)
      .flat()
      .map((call) => ({
        ...call,
        file: path.relative(recordingsDir, file),
        apiPath: decodeURIComponent(new URL(call.request.url).pathname.replace(/^.*\/api\/v1\//, '')),
      }));
  });

const firstError = (schema: Parameters<typeof Value.Errors>[0], value: unknown) => {
  const error = Value.Errors(schema, value).First();
  return error ? `${error.path}: ${error.message}` : undefined;
};

describe.skipIf(!haveRecordings)('contract against NOMAD recordings', () => {
  const calls = haveRecordings ? recordedCalls() : [];
  const covered = calls.flatMap((call) => {
    const found = findOperation(call.request.method, call.apiPath);
    const contract: OperationDefinition | undefined = found && operations[found.name];
    return contract ? [{ call, contract }] : [];
  });

  it('covers a substantial part of the recordings', () => {
    expect(covered.length).toBeGreaterThan(900);
  });

  it('accepts every recorded request body', () => {
    const failures = covered.flatMap(({ call, contract }) => {
      if (!contract.body || call.request.body === undefined || call.request.body === '') return [];
      const problem = firstError(contract.body, call.request.body);
      return problem ? [`${call.file} ${call.request.method} ${call.apiPath}: ${problem}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('validates every recorded response body', () => {
    const failures = covered.flatMap(({ call, contract }) => {
      // Streamed files are not JSON; the recordings keep them as text.
      if (call.response.status < 300 && contract.produces) return [];
      const schema = call.response.status < 300 ? contract.response : ErrorBodySchema;
      const problem = firstError(schema, call.response.body);
      return problem
        ? [`${call.file} ${call.request.method} ${call.apiPath} ${call.response.status}: ${problem}`]
        : [];
    });
    expect(failures).toEqual([]);
  });
});
