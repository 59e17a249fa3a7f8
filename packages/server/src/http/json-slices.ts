import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

/** Characters of JSON written between two turns of the event loop: a few milliseconds of stringify. */
const SLICE_CHARS = 256 * 1024;

/**
 * `body` as JSON text written in slices: everything but `body[key]` first, then that array's items a
 * slice at a time, with a turn of the event loop between slices. Serialising a 10,000-row page (tens of
 * MB) in one go would hold every other request up for seconds; streamed, the socket's back-pressure also
 * keeps only a few slices in memory.
 */
const jsonInSlices = (body: object, key: string): Readable => {
  const { [key]: items, ...rest } = body as Record<string, unknown>;
  const list = Array.isArray(items) ? (items as unknown[]) : [];
  const head = JSON.stringify(rest);
  const prefix = `${head.slice(0, -1)}${head === '{}' ? '' : ','}${JSON.stringify(key)}:[`;
  async function* slices() {
    let slice = prefix;
    for (let i = 0; i < list.length; i++) {
      slice += (i === 0 ? '' : ',') + (JSON.stringify(list[i]) ?? 'null');
      if (slice.length >= SLICE_CHARS) {
        yield slice;
        slice = '';
        await nextTurn();
      }
    }
    yield `${slice}]}`;
  }
  return Readable.from(slices(), { objectMode: false });
};

/**
 * Sends a search answer: as it is (serialised by the route's schema) when its `data` has at most `rows`
 * items, in slices otherwise. Returns what the route's handler returns.
 */
export const sendSearchPage = <T extends { data: unknown[] }>(
  reply: FastifyReply,
  answer: T | FastifyReply,
  rows: number,
): T | FastifyReply => {
  if (answer === reply) return answer;
  const page = answer as T;
  if (page.data.length <= rows) return page;
  return reply.type('application/json; charset=utf-8').send(jsonInSlices(page, 'data'));
};
