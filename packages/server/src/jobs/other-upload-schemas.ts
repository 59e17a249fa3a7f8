import { toCurrentUser, withGroups } from '../auth/account.ts';
import type { AppContext } from '../context.ts';
import { mayReadUpload } from '../services/access.ts';
import { otherUploadsIn } from '../processing/schema/references.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { ParseOutcome } from './parse-task.ts';
import { findUserById } from '../store/users.ts';

/** Other uploads one entry may take schemas from (more is no schema anyone writes by hand). */
const MAX_OTHER_UPLOADS = 20;

/**
 * Whether an upload's entries may use schemas of other uploads ('../uploads/{id}/raw/...'): the parser
 * process reads them, and before an entry is stored its definitions and data are checked to name only
 * uploads its uploader (the upload's main author) may read, as NOMAD processes on behalf of that user.
 * Answers are kept for the processing of one upload.
 */
export class OtherUploadSchemas {
  private readonly readable = new Map<string, Promise<boolean>>();
  private uploader: ReturnType<OtherUploadSchemas['loadUploader']> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly upload: UploadRow,
  ) {}

  /**
   * Why the entry may not be stored as parsed, or undefined when the uploads the parse read (schemas of
   * other uploads, and those they name in turn) and what the parser wrote (definitions, data, and for a
   * failed parse its error and logs, which may quote the other upload's schema) are all ones the uploader
   * may read.
   */
  async refusal(outcome: ParseOutcome): Promise<string | undefined> {
    const { archive } = outcome;
    const text = JSON.stringify([
      archive?.definitions ?? null,
      archive?.data ?? null,
      outcome.ok ? null : outcome.error,
      outcome.logs.map((entry) => entry.event),
    ]);
    const named = new Set([...otherUploadsIn(text), ...(outcome.uploadsRead ?? [])]);
    named.delete(this.upload.upload_id);
    if (named.size > MAX_OTHER_UPLOADS)
      return `the schema refers to more than ${MAX_OTHER_UPLOADS} other uploads`;
    const refused: string[] = [];
    for (const uploadId of named) if (!(await this.mayRead(uploadId))) refused.push(uploadId);
    return refused.length > 0
      ? `the schema refers to uploads the uploader may not read: ${refused.sort().join(', ')}`
      : undefined;
  }

  private mayRead(uploadId: string): Promise<boolean> {
    const known = this.readable.get(uploadId);
    if (known) return known;
    const answer = (async () =>
      mayReadUpload(this.ctx.db, uploadId, await (this.uploader ??= this.loadUploader())))();
    this.readable.set(uploadId, answer);
    return answer;
  }

  private async loadUploader() {
    const user = await findUserById(this.ctx.db, this.upload.main_author);
    return user && withGroups(this.ctx.db, toCurrentUser(user));
  }
}
