import { describe, expect, it } from 'vitest';
import { curlExample, pythonExample, pythonLiteral } from './apiExamples.ts';

describe('apiExamples', () => {
  it('writes JSON as Python literals', () => {
    expect(pythonLiteral({ a: true, b: [null, 1, 'x'], c: {} })).toBe(
      '{\n    "a": True,\n    "b": [\n        None,\n        1,\n        "x"\n    ],\n    "c": {}\n}',
    );
  });

  it('writes a curl command with the body, quotes escaped', () => {
    expect(curlExample('http://h/api/v1/entries/query', { q: "it's" })).toBe(
      `curl -X POST "http://h/api/v1/entries/query" \\\n    -H "Content-Type: application/json" \\\n    -d '{"q":"it'\\''s"}'`,
    );
  });

  it('writes a requests call', () => {
    const code = pythonExample('http://h/api/v1/entries/query', { owner: 'public' });
    expect(code).toContain(
      'requests.post(\n    "http://h/api/v1/entries/query",\n    json={\n        "owner": "public"\n    },\n)',
    );
  });
});
