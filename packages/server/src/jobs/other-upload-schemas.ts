import type { AppContext } from '../context.ts';
import { mayReadUpload } from '../services/access.ts';
import { groupIdsOfUser } from '../store/groups.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { ParseOutcome } from './parse-task.ts';
import { findUserById } from '../store/users.ts';

const OTHER_UPLOAD = /\.\.\/uploads\/([A-Za-z0-9_-]+)\/raw\//g;
/** Other uploads one entry may take schemas from (more is no schema anyone writes by hand). */
const MAX_OTHER_UPLOADS = 20;
const MAX_GROUPS = 10_000;

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
   * Why the entry may not be stored as parsed, or undefined when what the parser wrote (definitions, data,
   * and for a failed parse its error and logs, which may quote the other upload's schema) names only
   * uploads the uploader may read.
   */
  async refusal(outcome: ParseOutcome): Promise<string | undefined> {
    const { archive } = outcome;
    const text = JSON.stringify([
      archive?.definitions ?? null,
      archive?.data ?? null,
      outcome.ok ? null : outcome.error,
      outcome.logs.map((entry) => entry.event),
    ]);
    const named = new Set([...text.matchAll(OTHER_UPLOAD)].map((match) => match[1]!));
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
    const { db } = this.ctx;
    const user = await findUserById(db, this.upload.main_author);
    if (!user) return undefined;
    return {
      user_id: user.user_id,
      username: user.username,
      name: `${user.first_name} ${user.last_name}`.trim(),
      is_admin: user.is_admin,
      group_ids: await groupIdsOfUser(db, user.user_id, MAX_GROUPS),
    };
  }
}
