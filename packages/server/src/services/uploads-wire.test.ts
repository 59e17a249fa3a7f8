import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadRow } from '../store/uploads.ts';
import { uploadToWire } from './uploads-wire.ts';

const row = (members: Partial<UploadRow>): UploadRow => ({
  upload_id: 'u',
  upload_name: null,
  main_author: 'main',
  coauthors: [],
  reviewers: [],
  coauthor_groups: [],
  reviewer_groups: [],
  upload_create_time: new Date('2024-01-01T00:00:00Z'),
  published: false,
  publish_time: null,
  with_embargo: false,
  embargo_length: 0,
  license: 'CC BY 4.0',
  process_status: 'SUCCESS',
  current_process: null,
  last_status_message: null,
  errors: [],
  warnings: [],
  complete_time: null,
  search_seq: 1,
  published_to: [],
  n_entries: 0,
  ...members,
});

const roles = (wire: ReturnType<typeof uploadToWire>) => ({
  writers: wire.writers,
  viewers: wire.viewers,
  writer_groups: wire.writer_groups,
  viewer_groups: wire.viewer_groups,
});

describe('uploadToWire', () => {
  it('derives writers and viewers as NOMAD does, in the order its answers show most', () => {
    const wire = uploadToWire(
      row({ coauthors: ['co'], reviewers: ['rev'], coauthor_groups: ['g2'], reviewer_groups: ['g3'] }),
    );
    expect(roles(wire)).toEqual({
      writers: ['co', 'main'],
      viewers: ['rev', 'co', 'main'],
      writer_groups: ['g2'],
      viewer_groups: ['g2', 'g3'],
    });
  });

  it("names each member once, and keeps 'all' and the ids of deleted groups", () => {
    const wire = uploadToWire(
      row({
        coauthors: ['co', 'main'],
        reviewers: ['co'],
        coauthor_groups: ['gone'],
        reviewer_groups: ['gone', 'all'],
      }),
    );
    expect(roles(wire)).toEqual({
      writers: ['co', 'main'],
      viewers: ['co', 'main'],
      writer_groups: ['gone'],
      viewer_groups: ['gone', 'all'],
    });
  });
});

const recordingsDir = path.resolve(
  import.meta.dirname,
  '../../../../../shared/nomad-reference/recordings/uploads',
);
const haveRecordings = existsSync(recordingsDir);
if (!haveRecordings) console.warn(`Skipping uploadToWire against NOMAD: no recordings at ${recordingsDir}`);

/** Every upload object NOMAD answered with (it names main_author as an id and lists viewer_groups). */
const recordedUploads = (): Array<{ file: string; upload: Record<string, unknown> }> => {
  const found: Array<{ file: string; upload: Record<string, unknown> }> = [];
  const walk = (file: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item) => walk(file, item));
    else if (typeof value === 'object' && value !== null) {
      const object = value as Record<string, unknown>;
      if (typeof object.main_author === 'string' && Array.isArray(object.viewer_groups))
        found.push({ file, upload: object });
      Object.values(object).forEach((item) => walk(file, item));
    }
  };
  for (const file of readdirSync(recordingsDir).filter((name) => name.endsWith('.json'))) {
    const calls = Object.values(JSON.parse(readFileSync(path.join(recordingsDir, file), 'utf8')) as object);
    walk(
      file,
      calls.flat().map((call: { response: { body: unknown } }) => call.response.body),
    );
  }
  return found;
};

describe.skipIf(!haveRecordings)('uploadToWire against NOMAD’s recorded uploads', () => {
  const uploads = haveRecordings ? recordedUploads() : [];

  it('finds recorded uploads with groups', () => {
    expect(uploads.some(({ upload }) => (upload.viewer_groups as string[]).length > 0)).toBe(true);
  });

  // NOMAD builds these lists from sets, so their order varies between answers: compared as sets.
  it.each(uploads.map((u, i) => ({ ...u, name: `${u.file} #${i}` })))('$name', ({ upload }) => {
    const ids = (key: string) => (upload[key] as string[] | undefined) ?? [];
    const wire = uploadToWire(
      row({
        main_author: upload.main_author as string,
        coauthors: ids('coauthors'),
        reviewers: ids('reviewers'),
        coauthor_groups: ids('coauthor_groups'),
        reviewer_groups: ids('reviewer_groups'),
      }),
    );
    const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();
    for (const key of ['writers', 'viewers', 'writer_groups', 'viewer_groups'] as const)
      expect(sorted(wire[key]), key).toEqual(sorted(upload[key] as string[]));
  });
});
