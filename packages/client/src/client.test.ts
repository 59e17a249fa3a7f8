import { describe, expect, it, vi } from 'vitest';
import { ApiClient, buildQuery } from './client.ts';
import { ApiError, BadRequest, CannotReachApi, DoesNotExist, NotAuthorized } from './errors.ts';
import { replaceNaN } from './json.ts';

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function clientWith(response: Response | Error, accessToken?: () => Promise<string | undefined>) {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  const client = new ApiClient({ apiBase: 'http://oasis/nomad-oasis/api/v1/', fetch, accessToken });
  return { client, fetch };
}

const requestOf = (fetch: ReturnType<typeof clientWith>['fetch']) => {
  const [url, init] = fetch.mock.calls[0] ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
};

describe('buildQuery', () => {
  it('repeats array parameters without indexes and skips empty ones', () => {
    expect(buildQuery({ a: [1, 2], b: 'x y', c: undefined, d: null, e: true })).toBe('?a=1&a=2&b=x+y&e=true');
  });
  it('is empty without parameters', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('replaceNaN', () => {
  it('replaces bare NaN but not NaN inside strings', () => {
    const text = '{"a": NaN, "b": [1, NaN], "c": "NaN and \\"NaN\\""}';
    expect(JSON.parse(replaceNaN(text))).toEqual({ a: 'NaN', b: [1, 'NaN'], c: 'NaN and "NaN"' });
  });
});

describe('ApiClient', () => {
  it('sends JSON requests to the API base with the bearer token and repeated array params', async () => {
    const { client, fetch } = clientWith(json({ data: 1 }), () => Promise.resolve('token-1'));
    await expect(
      client.call('uploadsList', { query: { page_size: 5, upload_id: ['a', 'b'] } }),
    ).resolves.toEqual({ data: 1 });
    const { url, init, headers } = requestOf(fetch);
    expect(url).toBe('http://oasis/nomad-oasis/api/v1/uploads?page_size=5&upload_id=a&upload_id=b');
    expect(init.method).toBe('GET');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer token-1');
  });

  it('sends no Authorization header when logged out and serialises bodies as JSON', async () => {
    const { client, fetch } = clientWith(json({ ok: true }));
    await client.call('entriesQuery', { body: { owner: 'visible' } });
    const { init, headers } = requestOf(fetch);
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"owner":"visible"}');
  });

  it('fills path parameters from the operation row, encoding each segment', async () => {
    const { client, fetch } = clientWith(json({}));
    await client.call('entryArchiveQuery', { params: { entry_id: 'a/b c' }, body: { required: '*' } });
    const { url, init } = requestOf(fetch);
    expect(url).toBe('http://oasis/nomad-oasis/api/v1/entries/a%2Fb%20c/archive/query');
    expect(init.method).toBe('POST');
    expect(
      client.link('uploadRawFile', {
        params: { upload_id: 'u1', path: 'dir/a b.txt' },
        query: { offset: 2 },
      }),
    ).toBe('http://oasis/nomad-oasis/api/v1/uploads/u1/raw/dir/a%20b.txt?offset=2');
  });

  it('parses NaN in successful JSON answers as the string "NaN"', async () => {
    const { client } = clientWith(json('{"data": {"energy": NaN}}'));
    await expect(client.call('entryById', { params: { entry_id: 'e1' } })).resolves.toEqual({
      data: { energy: 'NaN' },
    });
  });

  it.each([
    [404, DoesNotExist],
    [401, NotAuthorized],
    [400, BadRequest],
    [502, CannotReachApi],
    [500, ApiError],
  ])('maps status %i to its error class', async (status, errorClass) => {
    const { client } = clientWith(json({ detail: 'went wrong' }, status));
    const error = await client.call('info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ message: `went wrong (${status})`, status, apiMessage: 'went wrong' });
  });

  it('keeps generic errors distinct from the specific classes', async () => {
    const { client } = clientWith(json({ detail: 'x' }, 500));
    const error = await client.call('info').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(DoesNotExist);
    expect(error).not.toBeInstanceOf(CannotReachApi);
  });

  it('builds messages from message, description and validation-detail lists', async () => {
    const message = await clientWith(json({ message: 'm', detail: 'd' }, 400))
      .client.call('info')
      .catch((e: Error) => e.message);
    expect(message).toBe('m (400)');
    const description = await clientWith(json({ description: 'desc' }, 409))
      .client.call('info')
      .catch((e: Error) => e.message);
    expect(description).toBe('desc (409)');
    const detail = await clientWith(
      json({ detail: [{ loc: ['body', 'query'], msg: 'field required', type: 'missing' }] }, 422),
    )
      .client.call('info')
      .catch((e: Error) => e.message);
    expect(detail).toBe('body.query: field required (422)');
  });

  it('reports a network failure as CannotReachApi', async () => {
    const { client } = clientWith(new TypeError('Failed to fetch'));
    await expect(client.call('info')).rejects.toBeInstanceOf(CannotReachApi);
  });

  it('reports a failed token refresh as CannotReachApi without sending the request', async () => {
    const { client, fetch } = clientWith(json({}), () => Promise.reject(new Error('refresh failed')));
    await expect(client.call('uploadsList')).rejects.toBeInstanceOf(CannotReachApi);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts pending requests for the progress bar unless noLoading is set', async () => {
    let resolve: (response: Response) => void = () => undefined;
    const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>((r) => (resolve = r)));
    const client = new ApiClient({ apiBase: 'http://oasis/api/v1', fetch });
    const listener = vi.fn();
    client.subscribeLoading(listener);

    const silent = client.call('info', {}, { noLoading: true });
    expect(client.isLoading()).toBe(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    resolve(json({}));
    await silent;

    const counted = client.call('usersMe');
    expect(client.isLoading()).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    resolve(json({}));
    await counted;
    expect(client.isLoading()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
