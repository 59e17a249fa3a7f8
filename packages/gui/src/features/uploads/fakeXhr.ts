import { answerProblems, findOperation } from '@oasis/schema';
import { expect, vi } from 'vitest';
import { FakeXhr } from '@oasis/client/testing';

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
  class AnsweringXhr extends FakeXhr {
    override send(body: unknown) {
      super.send(body);
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
      // Asynchronously, as a real request answers.
      queueMicrotask(() => this.respond(status, JSON.stringify(responseBody)));
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
  return sent;
}
