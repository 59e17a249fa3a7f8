import type { Upload } from '@oasis/schema';

type ProcessState = Pick<Upload, 'process_status'>;

/** Pending or running processes are still going on, even if `process_running` has not caught up yet. */
export function isProcessing(upload: Pick<Upload, 'process_running' | 'process_status'>): boolean {
  return (
    upload.process_running ||
    upload.process_status === 'PENDING' ||
    upload.process_status === 'RUNNING' ||
    upload.process_status === 'WAITING_FOR_RESULT'
  );
}

/** The headline of the processing line (spec 3 §4). */
export function processStatusText(upload: ProcessState): string {
  switch (upload.process_status) {
    case 'SUCCESS':
      return 'Processing completed';
    case 'FAILURE':
      return 'Processing failed';
    case 'RUNNING':
    case 'WAITING_FOR_RESULT':
      return 'Processing ...';
    default:
      // READY and PENDING: queued, nothing is being worked on yet.
      return 'Waiting for processing ...';
  }
}

export interface EntryCounts {
  total: number;
  successful: number;
  failed: number;
}

/** 'N/M entries processed', plus the failed count when there are failures. */
export function entryCountsText({ total, successful, failed }: EntryCounts): string {
  const processed = `${successful + failed}/${total} entries processed`;
  return failed > 0 ? `${processed}, ${failed} failed` : processed;
}
