import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.ts';

const answer = { type: 'object', properties: { n: { type: 'integer' } } };
const body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
const route = { method: 'POST', url: '/x' };

describe('schema compilers shared by several apps', () => {
  it('compile a schema once for every app that registers it, and keep distinct schemas apart', () => {
    const compilers = sharedSchemaCompilers();
    // Each app asks its own compiler from the factory, with the shared schemas and options it has.
    const first = compilers.buildSerializer({}, {});
    const second = compilers.buildSerializer({}, {});
    const serialize = first({ ...route, schema: answer, httpStatus: '200' });
    expect(second({ ...route, schema: structuredClone(answer), httpStatus: '200' })).toBe(serialize);
    expect(serialize({ n: 3, hidden: 'x' })).toBe('{"n":3}');
    const other = second({
      ...route,
      schema: { type: 'object', properties: { m: { type: 'string' } } },
      httpStatus: '200',
    });
    expect(other).not.toBe(serialize);
    expect(other({ m: 'a', n: 3 })).toBe('{"m":"a"}');
    // Other shared schemas are another cache.
    const withShared = compilers.buildSerializer({ s: { $id: 's', type: 'string' } }, {});
    expect(withShared({ ...route, schema: answer, httpStatus: '200' })).not.toBe(serialize);
  });

  it('share validators in the same way, with the options each app gives', () => {
    const compilers = sharedSchemaCompilers();
    type Compile = (definition: object) => ((data: unknown) => boolean) & { errors?: unknown[] };
    const options = { customOptions: { coerceTypes: 'array' as const } };
    const first = compilers.buildValidator({}, options) as unknown as Compile;
    const second = compilers.buildValidator({}, options) as unknown as Compile;
    const validate = first({ ...route, schema: body, httpPart: 'body' });
    expect(second({ ...route, schema: structuredClone(body), httpPart: 'body' })).toBe(validate);
    expect(validate({ n: '4' })).toBe(true);
    expect(validate({})).toBe(false);
    const strict = compilers.buildValidator({}, { customOptions: {} }) as unknown as Compile;
    expect(strict({ ...route, schema: body, httpPart: 'body' })).not.toBe(validate);
  });
});
