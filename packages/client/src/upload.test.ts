import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type UploadProgress } from './client.ts';
import { DoesNotExist } from './errors.ts';
import { FakeXhr } from './testing.ts';

function setup() {
  const xhr = new FakeXhr();
  const client = new ApiClient({
    apiBase: 'http://oasis/api/v1',
    accessToken: () => Promise.resolve('t'),
    createXhr: () => xhr as unknown as XMLHttpRequest,
  });
  return { xhr, client };
}

describe('ApiClient.upload', () => {
  it('posts the file as multipart field "file" and reports progress', async () => {
    const { xhr, client } = setup();
    const progress: UploadProgress[] = [];
    const file = new File(['abc'], 'data.zip');
    const done = client.upload(
      'uploadCreate',
      file,
      { query: { file_name: 'data.zip' } },
      { onProgress: (p) => progress.push(p) },
    );
    await vi.waitFor(() => expect(xhr.body).toBeInstanceOf(FormData));
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://oasis/api/v1/uploads?file_name=data.zip');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ loaded: 1, total: 4, lengthComputable: true } as ProgressEvent);
    xhr.respond(200, '{"upload_id": "u1", "x": NaN}');
    await expect(done).resolves.toEqual({ upload_id: 'u1', x: 'NaN' });
    expect(progress).toEqual([{ loaded: 1, total: 4, percent: 25 }]);
  });

  it('rejects with the error class of the status', async () => {
    const { xhr, client } = setup();
    const done = client.upload('uploadRawPut', new Blob(['x']), {
      params: { upload_id: 'u1', path: 'a b/c' },
    });
    await vi.waitFor(() => expect(xhr.method).toBe('PUT'));
    expect(xhr.url).toBe('http://oasis/api/v1/uploads/u1/raw/a%20b/c');
    xhr.respond(404, '{"detail": "The upload with the given id does not exist"}');
    await expect(done).rejects.toBeInstanceOf(DoesNotExist);
  });

  it('sends the file with fetch where there is no XMLHttpRequest (Node), reporting progress at the end', async () => {
    expect(typeof XMLHttpRequest).toBe('undefined');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response('{"upload_id": "u2"}', { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const client = new ApiClient({
      apiBase: 'http://oasis/api/v1',
      accessToken: () => Promise.resolve('t'),
      fetch,
    });
    const progress: UploadProgress[] = [];
    const answer = await client.upload(
      'uploadCreate',
      new File(['abcd'], 'data.zip'),
      { query: { file_name: 'data.zip' } },
      { onProgress: (p) => progress.push(p) },
    );
    expect(answer).toEqual({ upload_id: 'u2' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://oasis/api/v1/uploads?file_name=data.zip');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer t');
    expect(((init?.body as FormData).get('file') as File).name).toBe('data.zip');
    expect(progress).toEqual([{ loaded: 4, total: 4, percent: 100 }]);
  });
});
