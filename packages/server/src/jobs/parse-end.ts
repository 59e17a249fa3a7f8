import { formatBytes } from '../files/sizes.ts';

/** Why a parse ended without an outcome from its parser process. */
export type ParserEnd =
  | { kind: 'timeout' }
  /** The pool's watchdog saw the process above its memory limit and killed it. */
  | { kind: 'memory' }
  | { kind: 'exit'; code: number | null; signal: string | null; stderr: string }
  | { kind: 'shutdown' };

// V8 prints these before aborting; the process dies with SIGABRT or SIGTRAP. A worker thread whose heap
// fills (tsx's loader runs in one, under the same heap cap) ends the process with exit code 1 instead.
const HEAP_EXHAUSTED =
  /JavaScript heap out of memory|Reached heap limit|Allocation failed|ERR_WORKER_OUT_OF_MEMORY|JS heap out of memory/;
const SIZE_LIMIT = /invalid size error|invalid array length|invalid table size/i;

/** The ERROR log of an entry whose parser process died, naming the limit it ran into and the file. */
export const parserEndMessage = (
  end: ParserEnd,
  mainfile: string,
  limits: { memoryBytes: number; timeoutMs: number },
): string => {
  const outOfMemory = `the parser ran out of memory (limit ${formatBytes(limits.memoryBytes)}) on ${mainfile}`;
  switch (end.kind) {
    case 'timeout':
      return `the parser exceeded its time limit of ${limits.timeoutMs / 1000} s on ${mainfile}`;
    case 'memory':
      return outOfMemory;
    case 'shutdown':
      return `parsing ${mainfile} was stopped: the server is shutting down`;
    case 'exit':
      if (HEAP_EXHAUSTED.test(end.stderr)) return outOfMemory;
      if (SIZE_LIMIT.test(end.stderr))
        return `${outOfMemory}: one array or string grew past the JavaScript engine's size limit`;
      return `the parser process ended unexpectedly (${end.signal ? `signal ${end.signal}` : `exit code ${end.code}`}) on ${mainfile}`;
  }
};
