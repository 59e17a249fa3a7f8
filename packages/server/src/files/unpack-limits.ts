import type { Transform } from 'node:stream';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest } from '../errors.ts';
import { byteMeter } from './byte-meter.ts';
import { formatBytes } from './sizes.ts';
import type { UploadBudget } from './upload-budget.ts';

/**
 * The limits of one archive's extraction: members, bytes the upload may still take (`budget`), and the
 * compression ratio of large members and of the archive as a whole (a zip bomb inflates far more
 * than 200:1; real data rarely beyond 20:1). Bytes are counted as they are inflated.
 */
export class UnpackLimits {
  private members = 0;
  private total = 0;

  constructor(
    private readonly limits: UploadFileLimits,
    private readonly budget: UploadBudget,
    /** Size of the archive file, for the ratio of the whole. */
    private readonly archiveBytes: number,
  ) {}

  /** Refuses an archive whose directory already names more members than allowed. */
  declaredMembers(count: number): void {
    if (count > this.limits.archiveMaxMembers) throw this.tooManyMembers();
  }

  /** Counts one member (file or folder). */
  member(): void {
    if (++this.members > this.limits.archiveMaxMembers) throw this.tooManyMembers();
  }

  /** Refuses a member early by what its header declares (headers can lie: `meter` counts anyway). */
  declared(name: string, inflatedBytes: number, compressedBytes: number): void {
    if (this.total + inflatedBytes > this.budget.bytes) throw this.budget.exceeded();
    if (this.isBomb(inflatedBytes, compressedBytes)) throw this.bombMember(name);
  }

  /** Counts a member's inflated bytes as they flow; `compressedBytes` when the member is compressed alone. */
  meter(name: string, compressedBytes?: number): Transform {
    const before = this.total;
    return byteMeter((inflated) => {
      this.total = before + inflated;
      if (this.total > this.budget.bytes) throw this.budget.exceeded();
      if (compressedBytes !== undefined && this.isBomb(inflated, compressedBytes))
        throw this.bombMember(name);
      if (this.isBomb(this.total, this.archiveBytes))
        throw badRequest(
          `The archive unpacks to more than ${this.limits.archiveMaxRatio} times its size (over ${formatBytes(this.limits.archiveRatioMinBytes)}): refused as a zip bomb.`,
        );
    });
  }

  private isBomb(inflated: number, compressed: number): boolean {
    return (
      inflated > this.limits.archiveRatioMinBytes &&
      inflated > this.limits.archiveMaxRatio * Math.max(compressed, 1)
    );
  }

  private bombMember(name: string) {
    return badRequest(
      `The archive member '${name}' unpacks to more than ${this.limits.archiveMaxRatio} times its compressed size (over ${formatBytes(this.limits.archiveRatioMinBytes)}): refused as a zip bomb.`,
    );
  }

  private tooManyMembers() {
    return badRequest(
      `The archive has more than ${this.limits.archiveMaxMembers} members (files and folders), the limit per archive.`,
    );
  }
}
