import { describe, expect, it } from 'vitest';
import { readArchiveDocument } from './useArchiveDocument.ts';

describe('readArchiveDocument', () => {
  it("reads the archive of the answer, with Python's bare NaN", () => {
    const document = readArchiveDocument('{"entry_id": "e1", "data": {"archive": {"run": [{"x": NaN}]}}}');
    expect(document).toMatchObject({ valid: true, archive: { run: [{ x: 'NaN' }] } });
  });

  it('keeps the text of an answer that is not valid JSON or holds no archive', () => {
    expect(readArchiveDocument('{"data": {"archive": ')).toEqual({
      valid: false,
      text: '{"data": {"archive": ',
    });
    expect(readArchiveDocument('{"data": {}}')).toEqual({ valid: false, text: '{"data": {}}' });
  });
});
