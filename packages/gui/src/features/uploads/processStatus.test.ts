import { describe, expect, it } from 'vitest';
import { entryCountsText, isProcessing, processStatusText } from './processStatus.ts';

describe('processing line', () => {
  it.each([
    ['READY', 'Waiting for processing ...'],
    ['PENDING', 'Waiting for processing ...'],
    ['RUNNING', 'Processing ...'],
    ['WAITING_FOR_RESULT', 'Processing ...'],
    ['SUCCESS', 'Processing completed'],
    ['FAILURE', 'Processing failed'],
  ] as const)('%s reads %s', (process_status, text) => {
    expect(processStatusText({ process_status })).toBe(text);
  });

  it('counts processed and failed entries', () => {
    expect(entryCountsText({ total: 5, successful: 3, failed: 0 })).toBe('3/5 entries processed');
    expect(entryCountsText({ total: 5, successful: 3, failed: 2 })).toBe('5/5 entries processed, 2 failed');
  });

  it('treats pending and running as processing', () => {
    expect(isProcessing({ process_running: false, process_status: 'SUCCESS' })).toBe(false);
    expect(isProcessing({ process_running: false, process_status: 'PENDING' })).toBe(true);
    expect(isProcessing({ process_running: true, process_status: 'RUNNING' })).toBe(true);
  });
});
