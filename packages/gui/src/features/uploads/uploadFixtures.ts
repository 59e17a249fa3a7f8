import type { Upload, UploadEntry } from '@oasis/schema';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';

/** Test data: an unpublished upload of 'author' with one processed VASP entry, as NOMAD answers. */
export const baseUpload: Upload = {
  process_running: false,
  current_process: 'process_upload',
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  upload_id: 'dft_upload',
  upload_create_time: '2024-09-06T19:24:53.290000',
  main_author: 'author',
  coauthors: [],
  reviewers: [],
  writers: ['author'],
  viewers: ['author'],
  published: false,
  published_to: [],
  with_embargo: false,
  embargo_length: 0,
  license: 'CC BY 4.0',
  entries: 1,
};

/** The same with the group fields and `fields`, as the upload's members dialogs and steps see it. */
export const testUpload = (fields: Partial<Upload> = {}): Upload => ({
  ...baseUpload,
  coauthor_groups: [],
  reviewer_groups: [],
  ...fields,
});

export const baseEntry: UploadEntry = {
  process_running: false,
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  entry_id: 'dft_bulk',
  entry_create_time: '2024-09-06T19:24:53.293000',
  complete_time: '2024-09-06T19:24:54.000000',
  mainfile: 'vasp.xml',
  upload_id: 'dft_upload',
  parser_name: 'parsers/vasp',
  entry_metadata: {
    entry_name: 'Si bulk',
    entry_type: 'VASP',
    comment: 'a comment',
    authors: [{ user_id: 'author', name: 'Jane Doe' }],
  },
};

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

export interface UploadServerOptions {
  upload?: Partial<Upload>;
  entries?: UploadEntry[];
  /** The README.md text; none (404) when left out. */
  readme?: string;
  /** Answers for other calls; undefined falls back to the smallest valid answer. */
  other?: (url: URL, method: string) => Response | undefined;
}

/** Answers the upload page's calls: the upload, its entries, its README. */
export function uploadServer({
  upload = {},
  entries = [baseEntry],
  readme,
  other,
}: UploadServerOptions = {}) {
  const current = { ...baseUpload, ...upload };
  return (url: string, method: string): Response => {
    const parsed = new URL(url);
    const path = decodeURIComponent(parsed.pathname);
    const custom = other?.(parsed, method);
    if (custom) return custom;
    if (method === 'GET' && path.endsWith('/uploads/dft_upload')) {
      return json({ upload_id: 'dft_upload', data: current });
    }
    if (method === 'GET' && path.endsWith('/uploads/dft_upload/entries')) {
      return json({
        pagination: {
          page_size: 5,
          order_by: 'process_status',
          order: 'asc',
          page: 1,
          total: entries.length,
        },
        processing_successful: entries.length,
        processing_failed: 0,
        upload: current,
        data: entries,
      });
    }
    if (method === 'GET' && /\/uploads\/dft_upload\/rawdir\/?$/.test(path)) {
      const content = readme === undefined ? [] : [{ name: 'README.md', is_file: true, size: readme.length }];
      return json({
        path: '',
        access: 'unpublished',
        directory_metadata: { name: '', size: readme?.length ?? 0, content },
        pagination: { page_size: 500, page: 1, total: content.length, order: 'asc' },
      });
    }
    if (path.endsWith('/uploads/dft_upload/raw/README.md')) {
      return readme === undefined
        ? json({ detail: 'Not found. Invalid path?' }, 404)
        : new Response(readme, { headers: { 'content-type': 'text/markdown' } });
    }
    return minimalResponse(method, url);
  };
}

/** The JSON bodies sent with `method` to paths ending in `pathEnd`. */
export function sentBodies(
  fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  method: string,
  pathEnd: string,
): unknown[] {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input)).pathname.endsWith(pathEnd),
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
