import { describe, expect, it } from 'vitest';
import {
  curlExample,
  curlGetExample,
  pythonExample,
  pythonGetExample,
  pythonLiteral,
} from './apiExamples.ts';

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

  it('writes GET calls in curl and Python', () => {
    expect(curlGetExample(['http://a/x', 'http://a/y'])).toBe('curl "http://a/x"\ncurl "http://a/y"');
    expect(pythonGetExample([{ name: 'metadata', url: 'http://a/x' }])).toBe(
      'import requests\n\nresponse = requests.get("http://a/x")\nresponse.raise_for_status()\nmetadata = response.json()',
    );
  });
});
