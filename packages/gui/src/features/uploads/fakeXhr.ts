import { answerProblems, findOperation } from '@oasis/schema';
import { expect, vi } from 'vitest';

export interface SentFile {
  method: string;
  url: URL;
  body: unknown;
}

/** How the fake server answers one file upload. */
export type FileAnswer = (request: SentFile) => { status: number; body: unknown };

const API_PATH = /\/api\/v1\/(.*)$/;

/**
 * For tests of file uploads, which go through XMLHttpRequest (for the progress) rather than fetch:
 * replaces the global XMLHttpRequest with one that answers at once with `answer` and, like
 * contractCheckedFetch, checks each answer against the operation table. Undo with vi.unstubAllGlobals().
 */
export function stubFileUploads(answer: FileAnswer): SentFile[] {
  const sent: SentFile[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: unknown) {
      const request = { method: this.method, url: new URL(this.url), body };
      sent.push(request);
      const { status, body: responseBody } = answer(request);
      const apiPath = API_PATH.exec(request.url.pathname)?.[1];
      const found =
        apiPath === undefined ? undefined : findOperation(this.method, decodeURIComponent(apiPath));
      const problems = found
        ? answerProblems(found.name, status, responseBody)
        : [`${this.method} ${this.url} is not an operation of the API`];
      expect.soft(problems, `the stubbed answer of ${this.method} ${this.url}`).toEqual([]);
      this.status = status;
      this.responseText = JSON.stringify(responseBody);
      // Asynchronously, as a real request answers.
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
