import { Readable } from 'node:stream';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import type { OpenIncomingFile } from '../files/receive.ts';
import { createUser, fullName } from '../store/users.ts';

/** A new local account, as the caller a service sees once its token is verified. */
export const createCaller = async (
  db: Queryable,
  username: string,
  options: { isAdmin?: boolean } = {},
): Promise<CurrentUser> => {
  const user = await createUser(db, { username, first_name: username, is_admin: options.isAdmin ?? false });
  return { user_id: user.user_id, username: user.username, name: fullName(user), is_admin: user.is_admin };
};

/** A request's file for services: `content` under `fileName`, streamed. */
export const incomingFile =
  (fileName: string | undefined, content: string | Buffer): OpenIncomingFile =>
  async () => ({ stream: Readable.from([Buffer.from(content)]), fileName });

/** A request without a file. */
export const noFile: OpenIncomingFile = async () => undefined;
