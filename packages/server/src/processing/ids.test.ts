import { describe, expect, it } from 'vitest';
import { createUploadId, entryHash, generateEntryId, isUrlSafeId, nomadHash } from './ids.ts';

describe('generateEntryId', () => {
  // Pinned against Python: base64.b64encode(sha512(b'upload_id_1' + b'dir/NaCl.cif').digest(), b'-_')[:28]
  it('matches NOMAD utils.hash for a known vector', () => {
    expect(generateEntryId('upload_id_1', 'dir/NaCl.cif')).toBe('c9F_Z0O4USkdnxN4w377zjBp01zc');
    expect(generateEntryId('upload_id_1', 'dir/NaCl.cif', '0')).toBe('Hskf5O-1nX5U4lOEBi4vo6wvNQ_3');
  });

  it('concatenates the inputs without a separator', () => {
    expect(generateEntryId('ab', 'c')).toBe(generateEntryId('a', 'bc'));
    expect(generateEntryId('u', 'm', '')).toBe(generateEntryId('u', 'm'));
  });

  it('is 28 url-safe characters', () => {
    for (let i = 0; i < 50; i++) {
      const id = generateEntryId(`upload-${i}`, `folder/file ${i}.archive.json`);
      expect(id).toHaveLength(28);
      expect(isUrlSafeId(id, 28)).toBe(true);
    }
  });

  it('hashes utf-8', () => {
    expect(generateEntryId('ü', 'ñ')).toBe(nomadHash(Buffer.from('üñ', 'utf8')));
  });
});

describe('createUploadId', () => {
  it('is 22 url-safe characters and random', () => {
    const ids = new Set(Array.from({ length: 100 }, () => createUploadId()));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toHaveLength(22);
      expect(isUrlSafeId(id, 22)).toBe(true);
      // uuid4 version nibble survives the encoding: byte 6 is 0x4?.
      expect(Buffer.from(id, 'base64url')[6]! >> 4).toBe(4);
    }
  });
});

describe('entryHash', () => {
  it('hashes the bytes in the same encoding', () => {
    expect(entryHash(Buffer.from('abc'))).toBe(nomadHash('abc'));
    expect(entryHash('abc')).toHaveLength(28);
  });
});
