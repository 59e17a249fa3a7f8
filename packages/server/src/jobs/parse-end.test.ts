import { describe, expect, it } from 'vitest';
import { parserEndMessage } from './parse-end.ts';

const limits = { memoryBytes: 2 * 1024 ** 3, timeoutMs: 120_000 };

describe('parserEndMessage', () => {
  it('names the limit a parser process ran into, and the file', () => {
    const exit = (stderr: string, signal: string | null = 'SIGABRT') => ({
      kind: 'exit' as const,
      code: null,
      signal,
      stderr,
    });
    expect(parserEndMessage({ kind: 'memory' }, 'big.archive.json', limits)).toBe(
      'the parser ran out of memory (limit 2 GB) on big.archive.json',
    );
    expect(parserEndMessage({ kind: 'timeout' }, 'x', limits)).toBe(
      'the parser exceeded its time limit of 120 s on x',
    );
    expect(
      parserEndMessage(
        exit('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'),
        'a',
        limits,
      ),
    ).toBe('the parser ran out of memory (limit 2 GB) on a');
    const workerOutOfMemory = exit(
      'Error [ERR_WORKER_OUT_OF_MEMORY]: Worker terminated due to reaching memory limit: JS heap out of memory',
      null,
    );
    expect(parserEndMessage({ ...workerOutOfMemory, code: 1 }, 'a', limits)).toBe(
      'the parser ran out of memory (limit 2 GB) on a',
    );
    expect(
      parserEndMessage(exit('# Fatal JavaScript invalid size error 169220804', 'SIGTRAP'), 'a', limits),
    ).toBe(
      "the parser ran out of memory (limit 2 GB) on a: one array or string grew past the JavaScript engine's size limit",
    );
    expect(parserEndMessage(exit('', 'SIGSEGV'), 'a', limits)).toBe(
      'the parser process ended unexpectedly (signal SIGSEGV) on a',
    );
    expect(parserEndMessage({ kind: 'shutdown' }, 'a', limits)).toBe(
      'parsing a was stopped: the server is shutting down',
    );
  });
});
