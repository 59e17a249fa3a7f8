import { describe, expect, it } from 'vitest';
import { entryDocument, indexedDocument, parseEntryRow, type EntryTextRow } from './entry-rows.ts';

const row = (user_metadata: string, datasets = '[{"dataset_id": "d-1"}]'): EntryTextRow => ({
  entry_id: 'e-1',
  upload_id: 'u-1',
  mainfile: 'a/vasprun.xml',
  parser_name: 'parsers/vasp',
  process_status: 'RUNNING',
  search_seq: '7',
  metadata: '{"entry_id": "old", "comment": "from metadata", "results": {"material": {"elements": ["Si"]}}}',
  user_metadata,
  datasets,
});

describe('indexedDocument', () => {
  it('is the search document entryDocument composes, with or without user metadata and datasets', () => {
    for (const user of ['{}', '{"comment": "edited", "references": ["https://example.org"]}']) {
      for (const text of [row(user), row(user, '[]')])
        expect(indexedDocument(text)).toEqual(entryDocument(parseEntryRow(text)));
    }
  });

  it('keeps a user metadata key named __proto__ a key, not a prototype', () => {
    const doc = indexedDocument(row('{"__proto__": {"polluted": true}, "comment": "c"}'));
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.hasOwn(doc, '__proto__')).toBe(true);
    expect(doc.comment).toBe('c');
  });
});
