import { toCurrentUser, withGroups } from '../auth/account.ts';
import type { AppContext } from '../context.ts';
import { mayReadUpload } from '../auth/access.ts';
import { otherUploadsIn } from '../processing/schema/references.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { ParseOutcome } from './parse-task.ts';
import { findUserById } from '../store/users.ts';
import { findGroup } from '../store/groups.ts';

/** Other uploads one entry may take schemas from (more is no schema anyone writes by hand). */
const MAX_OTHER_UPLOADS = 20;

/** Writers of one upload at most whose access is checked (co-author groups can be large). */
const MAX_WRITERS = 200;

/**
 * Whether an upload's entries may use schemas of other uploads ('../uploads/{id}/raw/...'): the parser
 * process reads them, and before an entry is stored its definitions and data are checked to name only
 * uploads that every writer of the upload may read (main author, co-authors, members of co-author groups):
 * any of them may have written the file, and checking the main author alone let a co-author borrow the
 * main author's read rights. Answers are kept for the processing of one upload.
 */
export class OtherUploadSchemas {
  private readonly readable = new Map<string, Promise<boolean>>();
  private writers: ReturnType<OtherUploadSchemas['loadWriters']> | undefined;

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
      ? `the schema refers to uploads not every writer of this upload may read: ${refused.sort().join(', ')}`
      : undefined;
  }

  private mayRead(uploadId: string): Promise<boolean> {
    const known = this.readable.get(uploadId);
    if (known) return known;
    const answer = (async () => {
      const writers = await (this.writers ??= this.loadWriters());
      if (!writers) return false;
      for (const writer of writers) if (!(await mayReadUpload(this.ctx.db, uploadId, writer))) return false;
      return true;
    })();
    this.readable.set(uploadId, answer);
    return answer;
  }

  /** Everyone who may write the upload, or undefined when there are too many to check (refused). */
  private async loadWriters() {
    const ids = new Set([this.upload.main_author, ...this.upload.coauthors]);
    for (const groupId of this.upload.coauthor_groups) {
      const group = await findGroup(this.ctx.db, groupId);
      for (const id of group ? [group.owner, ...group.members] : []) ids.add(id);
    }
    if (ids.size > MAX_WRITERS) return undefined;
    const writers = [];
    for (const id of ids) {
      const user = await findUserById(this.ctx.db, id);
      if (user) writers.push(await withGroups(this.ctx.db, toCurrentUser(user)));
    }
    return writers;
  }
}
