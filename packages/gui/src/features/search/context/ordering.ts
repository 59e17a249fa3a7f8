/**
 * Applies answers in the order their requests were sent (spec 2 §4): an answer that overtakes an
 * earlier request is held back until that one has been applied or has failed.
 */
export interface InOrder {
  /** A number for the next request; answers are applied in the order of these numbers. */
  next(): number;
  /** Records the outcome of request `seq` and applies every answer that is now due. */
  settle(seq: number, apply: () => void): void;
}

export function createInOrder(): InOrder {
  let issued = 0;
  let due = 0;
  const settled = new Map<number, () => void>();
  return {
    next: () => issued++,
    settle(seq, apply) {
      settled.set(seq, apply);
      for (let action = settled.get(due); action; action = settled.get(due)) {
        settled.delete(due);
        due++;
        action();
      }
    },
  };
}
