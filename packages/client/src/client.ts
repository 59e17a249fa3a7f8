import { fillPath, operations, type OperationDefinition } from '@oasis/schema';
import { ApiError, CannotReachApi, errorForResponse } from './errors.ts';
import { parseJson } from './json.ts';
import type {
  CallArgs,
  CallResponse,
  FileOperationName,
  JsonOperationName,
  CallInput,
  UploadOperationName,
} from './operations.ts';

type ParamScalar = string | number | boolean;
type ParamValue = ParamScalar | readonly ParamScalar[] | null | undefined;
export type Params = Record<string, ParamValue>;

export interface RequestOptions {
  /** Do not count this request for the global progress bar (e.g. background polling). */
  noLoading?: boolean;
  signal?: AbortSignal;
  /** How to read a successful body; 'json' (default) applies the NaN fix. */
  responseType?: 'json' | 'text' | 'blob';
  /** Content type for string or Blob bodies (e.g. 'application/yaml'); objects are always sent as JSON. */
  contentType?: string;
  headers?: Record<string, string>;
  /** Sees the headers of a successful answer (e.g. a file's content-disposition). */
  onHeaders?: (headers: Headers) => void;
}

/** The file name of a content-disposition header: RFC 8187's filename* first, then filename. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  noLoading?: boolean;
  signal?: AbortSignal;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, or undefined while the total size is unknown. */
  percent: number | undefined;
}

export interface ApiClientOptions {
  /** e.g. http://localhost:8000/nomad-oasis/api/v1 */
  apiBase: string;
  /** Returns a fresh access token (refreshing it if needed) or undefined when logged out. */
  accessToken?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
}

type Body = unknown;

interface RawInput {
  params?: Record<string, string>;
  query?: Params;
  body?: Body;
}

/** Array values are repeated without indexes (`a=1&a=2`), which is what the NOMAD API expects. */
export function buildQuery(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values: readonly ParamScalar[] = Array.isArray(value) ? value : [value as ParamScalar];
    for (const item of values) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

const isRawBody = (body: Body): body is string | Blob | FormData | ArrayBuffer =>
  typeof body === 'string' || body instanceof Blob || body instanceof FormData || body instanceof ArrayBuffer;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Typed client for the NOMAD API v1. One instance per app (see ApiProvider); it also counts pending
 * requests so the top bar can show a progress bar.
 */
export class ApiClient {
  readonly apiBase: string;
  private readonly accessTokenFn: () => Promise<string | undefined>;
  private readonly fetchFn: typeof fetch;
  private readonly createXhr: (() => XMLHttpRequest) | undefined;
  private pending = 0;
  private readonly loadingListeners = new Set<() => void>();

  constructor(options: ApiClientOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    this.accessTokenFn = options.accessToken ?? (() => Promise.resolve(undefined));
    // Bound so that the global fetch is not called with the wrong `this`.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // Node (tests, the CLI) has no XMLHttpRequest: files go with fetch there, without upload progress.
    this.createXhr =
      options.createXhr ?? (typeof XMLHttpRequest === 'undefined' ? undefined : () => new XMLHttpRequest());
  }

  /**
   * Calls operation `name` of the API: path, method and the types of its parameters, body and answer
   * all come from the operation's row in the contract (packages/schema).
   */
  call<N extends JsonOperationName>(
    name: N,
    ...[input, options]: CallArgs<N, RequestOptions>
  ): Promise<CallResponse<N>> {
    const { method, path } = operations[name] as OperationDefinition;
    const { params, query, body } = (input ?? {}) as RawInput;
    return this.request<CallResponse<N>>(method, fillPath(path, params), body, query, options);
  }

  /** The URL of a file an operation sends (raw files, zips), for links and downloads. */
  link<N extends FileOperationName>(name: N, ...[input]: CallArgs<N, never>): string {
    const { path } = operations[name] as OperationDefinition;
    const { params, query } = (input ?? {}) as RawInput;
    return this.url(fillPath(path, params), query);
  }

  /**
   * Fetches a file an operation sends, with the caller's token, and the name its content-disposition
   * header gives (undefined when it gives none).
   */
  async file<N extends FileOperationName>(
    name: N,
    ...[input, options]: CallArgs<N, RequestOptions>
  ): Promise<{ blob: Blob; fileName: string | undefined }> {
    const { method, path } = operations[name] as OperationDefinition;
    const { params, query } = (input ?? {}) as RawInput;
    let fileName: string | undefined;
    const blob = await this.request<Blob>(method, fillPath(path, params), undefined, query, {
      ...options,
      responseType: 'blob',
      onHeaders: (headers) => {
        fileName = dispositionFileName(headers.get('content-disposition'));
      },
    });
    return { blob, fileName };
  }

  /** A JSON document that is not part of the API (e.g. the GUI's metainfo artifacts). */
  getJson(url: string, options?: RequestOptions): Promise<unknown> {
    return this.request<unknown>('GET', url, undefined, undefined, options);
  }

  /**
   * Sends a file as multipart form field `file`: with XMLHttpRequest where there is one, because fetch
   * reports no upload progress; with fetch elsewhere (Node), reporting progress once, at the end.
   */
  upload(
    name: 'uploadCreate',
    file: Blob,
    input: CallInput<'uploadCreate'>,
    options?: UploadOptions,
  ): Promise<CallResponse<'uploadCreate'>>;
  upload(
    name: 'uploadRawPut',
    file: Blob,
    input: CallInput<'uploadRawPut'>,
    options?: UploadOptions,
  ): Promise<CallResponse<'uploadRawPut'>>;
  upload(
    name: 'uploadBundleImport',
    file: Blob,
    input: CallInput<'uploadBundleImport'>,
    options?: UploadOptions,
  ): Promise<CallResponse<'uploadBundleImport'>>;
  // Overloads rather than a generic: the compiler cannot infer through the row types and a callback at once.
  async upload(
    name: UploadOperationName,
    file: Blob,
    input: CallInput<'uploadCreate'> | CallInput<'uploadRawPut'> | CallInput<'uploadBundleImport'>,
    options: UploadOptions = {},
  ): Promise<unknown> {
    const { method, path } = operations[name] as OperationDefinition;
    // The row typed the input at the call site; here only its parts are passed on.
    const { params, query } = input as RawInput;
    const { onProgress, noLoading, signal } = options;
    const form = new FormData();
    form.append('file', file, typeof File !== 'undefined' && file instanceof File ? file.name : 'file');
    const createXhr = this.createXhr;
    if (!createXhr) {
      const answer = await this.request<unknown>(method, fillPath(path, params), form, query, {
        noLoading,
        signal,
      });
      onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
      return answer;
    }
    const done = this.startLoading(noLoading);
    try {
      const token = await this.token();
      return await new Promise<unknown>((resolve, reject) => {
        const xhr = createXhr();
        xhr.open(method, this.url(fillPath(path, params), query));
        xhr.setRequestHeader('Accept', 'application/json');
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.onprogress = (event) => {
          onProgress?.({
            loaded: event.loaded,
            total: event.total,
            percent:
              event.lengthComputable && event.total > 0 ? (event.loaded / event.total) * 100 : undefined,
          });
        };
        xhr.onload = () => {
          try {
            const body = parseJson(xhr.responseText);
            if (xhr.status >= 200 && xhr.status < 300) resolve(body);
            else reject(errorForResponse(xhr.status, xhr.statusText, body));
          } catch {
            reject(errorForResponse(xhr.status, xhr.statusText, undefined));
          }
        };
        xhr.onerror = () => reject(new CannotReachApi('Network Error'));
        xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      });
    } finally {
      done();
    }
  }

  /** For useSyncExternalStore: arrow functions so the references are stable. */
  subscribeLoading = (listener: () => void): (() => void) => {
    this.loadingListeners.add(listener);
    return () => this.loadingListeners.delete(listener);
  };

  isLoading = (): boolean => this.pending > 0;

  private url(path: string, params?: Params): string {
    const base = /^https?:\/\//.test(path) ? path : `${this.apiBase}/${path.replace(/^\/+/, '')}`;
    return base + buildQuery(params);
  }

  private async request<T>(
    method: string,
    path: string,
    body: Body,
    params: Params | undefined,
    options: RequestOptions = {},
  ): Promise<T> {
    const done = this.startLoading(options.noLoading);
    try {
      const responseType = options.responseType ?? 'json';
      const token = await this.token();
      const headers: Record<string, string> = {
        Accept: responseType === 'json' ? 'application/json' : '*/*',
        ...options.headers,
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      let payload: BodyInit | undefined;
      if (body !== undefined) {
        if (isRawBody(body)) {
          payload = body;
          if (options.contentType) headers['Content-Type'] = options.contentType;
        } else {
          payload = JSON.stringify(body);
          headers['Content-Type'] = 'application/json';
        }
      }

      let response: Response;
      try {
        response = await this.fetchFn(this.url(path, params), {
          method,
          headers,
          body: payload,
          signal: options.signal,
          // Same origin, not 'omit': answers set cookies the browser must keep (NORTH's tool pass). A
          // download cookie of a login this page does not show is cleared by the session (auth/session.ts).
          credentials: 'same-origin',
        });
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new CannotReachApi(error instanceof Error ? error.message : 'Failed to fetch');
      }

      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let errorBody: unknown = text;
        try {
          errorBody = parseJson(text);
        } catch {
          // not JSON (e.g. a proxy's HTML error page); keep the text
        }
        throw errorForResponse(response.status, response.statusText, errorBody);
      }
      options.onHeaders?.(response.headers);
      if (responseType === 'blob') return (await response.blob()) as T;
      const text = await response.text();
      if (responseType === 'text') return text as T;
      try {
        return parseJson(text) as T;
      } catch {
        throw new ApiError(`The API returned invalid JSON (${response.status})`, { status: response.status });
      }
    } finally {
      done();
    }
  }

  /** The token is refreshed before each request; a failed refresh means the identity provider is unreachable. */
  private async token(): Promise<string | undefined> {
    try {
      return await this.accessTokenFn();
    } catch (error) {
      const reason = error instanceof Error ? `: ${error.message}` : '';
      throw new CannotReachApi(`Could not refresh the access token${reason}`);
    }
  }

  private startLoading(noLoading: boolean | undefined): () => void {
    if (noLoading) return () => undefined;
    this.setPending(this.pending + 1);
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.setPending(this.pending - 1);
    };
  }

  private setPending(value: number) {
    const wasLoading = this.pending > 0;
    this.pending = value;
    if (wasLoading !== value > 0) this.loadingListeners.forEach((listener) => listener());
  }
}
