/**
 * The change numbers (from, to] a sync read, with those it found. A number not found was either taken by
 * a transaction that has not committed yet, or will never appear (rolled back, or replaced by a later
 * number of the same row). The range stays open while a transaction that may hold one of them runs.
 */
export class ChangeRange {
  private readonly seen: Uint8Array;
  private count = 0;

  constructor(
    readonly from: bigint,
    readonly to: bigint,
    /** Transactions that were running when the range was read: any of them may commit a number in it. */
    public waitingOn: Running = Running.none,
  ) {
    this.seen = new Uint8Array(Number((to - from + 7n) / 8n));
  }

  /** Marks `seq` found; numbers outside the range are ignored. */
  mark(seq: string | number): void {
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

/** `pg_current_snapshot()` read together with a transaction id taken after it (`next`). */
export interface TransactionSnapshot {
  xmin: bigint;
  /** One past the latest finished transaction: every id from here on was still running. */
  xmax: bigint;
  /** The transactions below xmax still running. */
  xip: ReadonlySet<bigint>;
  /** An id assigned after the snapshot: every transaction running at it has a lower one. */
  next: bigint;
}

/** Parses 'xmin:xmax:xip,xip' and the id taken after it. */
export const parseSnapshot = (snapshot: string, next: string): TransactionSnapshot => {
  const [xmin = '0', xmax = '0', xip = ''] = snapshot.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    xip: new Set(xip === '' ? [] : xip.split(',').map(BigInt)),
    next: BigInt(next),
  };
};

/**
 * The transactions that were running at a snapshot, as the snapshot tells: those listed below its xmax
 * and every id from xmax up to an id taken later (a snapshot does not list those). Later snapshots narrow
 * it down to the ones still running.
 */
export class Running {
  static readonly none = new Running([], 0n, 0n);

  private constructor(
    /** Listed ids still running. */
    private readonly listed: readonly bigint[],
    /** Ids in [low, high) may still be running. */
    private readonly low: bigint,
    private readonly high: bigint,
  ) {}

  static at(snapshot: TransactionSnapshot): Running {
    return new Running([...snapshot.xip], snapshot.xmax, snapshot.next);
  }

  /** The ones of these still running at `later`. */
  narrow(later: TransactionSnapshot): Running {
    const stillRunning = (id: bigint) => id >= later.xmax || later.xip.has(id);
    const listed = this.listed.filter(stillRunning);
    for (const id of later.xip) if (id >= this.low && id < this.high && id < later.xmax) listed.push(id);
    const low = this.low > later.xmax ? this.low : later.xmax;
    return new Running(listed, low, this.high);
  }

  /** How many may still be running (the size of the id range counted whole). */
  get size(): bigint {
    return BigInt(this.listed.length) + (this.high > this.low ? this.high - this.low : 0n);
  }
}
