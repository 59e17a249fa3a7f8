/**
 * The change numbers (from, to] a sync read, with those it found. A number not found was either taken by
 * a transaction that has not committed yet, or will never appear (rolled back, or replaced by a later
 * number of the same row). It stays open while a transaction that may hold it is running.
 */
export class ChangeRange {
  private readonly seen: Uint8Array;
  private count = 0;

  constructor(
    readonly from: bigint,
    readonly to: bigint,
    /** Transactions (xid8 as text) running when the range was read: any of them may commit a number in it. */
    public waitingOn: readonly string[] = [],
  ) {
    this.seen = new Uint8Array(Number((to - from + 7n) / 8n));
  }

  /** Marks `seq` found; numbers outside the range are ignored. */
  mark(seq: string): void {
    const at = BigInt(seq) - this.from - 1n;
    if (at < 0n || BigInt(seq) > this.to) return;
    const byte = Number(at >> 3n);
    const bit = 1 << Number(at & 7n);
    if ((this.seen[byte] as number) & bit) return;
    this.seen[byte] = (this.seen[byte] as number) | bit;
    this.count++;
  }

  has(seq: string): boolean {
    const at = BigInt(seq) - this.from - 1n;
    if (at < 0n || BigInt(seq) > this.to) return false;
    return ((this.seen[Number(at >> 3n)] as number) & (1 << Number(at & 7n))) !== 0;
  }

  /** Every number of the range was found: nothing can come later. */
  get complete(): boolean {
    return BigInt(this.count) === this.to - this.from;
  }
}

/** `pg_current_snapshot()` as text: 'xmin:xmax:xip,xip'; the transactions in progress (xip) as text. */
export const runningTransactions = (snapshot: string): Set<string> => {
  const xip = snapshot.split(':')[2] ?? '';
  return new Set(xip === '' ? [] : xip.split(','));
};
