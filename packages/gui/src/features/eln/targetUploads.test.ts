import { describe, expect, it } from 'vitest';
import { groupTargetUploads } from './targetUploads.ts';

describe('target uploads of a new referenced entry', () => {
  it("groups unpublished uploads as 'My uploads' first, then by owner with their affiliation", () => {
    const upload = (upload_id: string, main_author: string, upload_name?: string, published = false) => ({
      upload_id,
      main_author,
      published,
      ...(upload_name ? { upload_name } : {}),
    });
    const owners = new Map([
      ['bob', { user_id: 'bob', name: 'Bob Builder', affiliation: 'FHI' }],
      ['carol', { user_id: 'carol', first_name: 'Carol', last_name: 'Chen' }],
    ]);
    const groups = groupTargetUploads(
      [
        upload('b1', 'bob', 'Bob films'),
        upload('a1', 'alice', 'Mine'),
        upload('c1', 'carol'),
        upload('a2', 'alice', undefined, true),
        upload('a3', 'alice'),
      ],
      owners,
      'alice',
    );
    expect(groups).toEqual([
      {
        title: 'My uploads',
        uploads: [
          { uploadId: 'a1', label: 'Mine' },
          { uploadId: 'a3', label: 'a3' },
        ],
      },
      { title: 'Owned by Bob Builder (FHI)', uploads: [{ uploadId: 'b1', label: 'Bob films' }] },
      { title: 'Owned by Carol Chen', uploads: [{ uploadId: 'c1', label: 'c1' }] },
    ]);
  });
});
