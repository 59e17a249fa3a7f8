import type { Caller } from '../uploads/visibility.ts';
import type { EntryData } from './types.ts';

/** Whether the caller may change the entry's files (and so edit its data): writers of an unpublished upload. */
export const entryEditable = (entry: EntryData, caller: Caller | undefined): boolean =>
  !entry.published &&
  caller !== undefined &&
  (entry.writers ?? []).some((writer) => writer.user_id === caller.sub);
