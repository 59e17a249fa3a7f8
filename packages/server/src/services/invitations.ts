import type { UserInvite } from '@oasis/schema';
import { invitationLink } from '../auth/provider/invitation-link.ts';
import { hashSecret, randomSecret } from '../auth/secrets.ts';
import { guiUrl } from '../auth/urls.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, HttpError, tooManyRequests, validationError } from '../errors.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import { mailConfigured } from '../config/mail.ts';
import { isMailAddress, sendMail } from '../mail/send-mail.ts';
import {
  countInvitationsSince,
  deleteInvitation,
  deleteInvitationsOf,
  findPendingInvitee,
  insertInvitation,
  pruneInvitations,
  takenUsernames,
  withdrawInvitee,
} from '../store/invitations.ts';
import {
  createUser,
  DuplicateUserError,
  findUserByEmail,
  findUserById,
  lockUser,
  normalizeLogin,
  type UserRecord,
} from '../store/users.ts';
import { loggedIn, type Caller } from './caller.ts';

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 72 * 3600 * 1000;
/** Invitations one user may send per day: every one creates an account and sends a mail to any address. */
export const INVITATIONS_PER_DAY = 50;
const DAY_MS = 24 * 3600 * 1000;

const couldNotInvite = (reason: string) => badRequest(`Could not invite user: ${reason}`);
const refuse = (field: string, msg: string) =>
  validationError([{ loc: ['body', field], msg, type: 'value_error' }]);

/** Lower-case ASCII letters, digits, '_', '-' and '.', accents dropped ("Émile" → "emile"). */
const asciiName = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^0-9a-z_.-]+/g, '')
    .slice(0, 56);

/**
 * NOMAD's username for an invited user: the first name's initial and the last name (the email's local part
 * when that leaves nothing), with the first free number appended when it is taken.
 */
const freeUsername = async (db: Queryable, invite: UserInvite, email: string): Promise<string> => {
  const base =
    asciiName(`${invite.first_name.trim().slice(0, 1)}${invite.last_name.trim()}`) ||
    asciiName(email.split('@')[0]!) ||
    'user';
  const taken = await takenUsernames(db, base);
  let n = 0;
  while (taken.has(n === 0 ? base : `${base}${n}`)) n++;
  return n === 0 ? base : `${base}${n}`;
};

/** The invitation's fields, trimmed; fields of spaces only count as missing. */
const checkInvite = (invite: UserInvite) => {
  const email = normalizeLogin(invite.email);
  if (!isMailAddress(email)) throw refuse('email', 'Invalid email address.');
  const fields = {
    first_name: invite.first_name.trim(),
    last_name: invite.last_name.trim(),
    affiliation: invite.affiliation.trim(),
  };
  for (const [field, value] of Object.entries(fields))
    if (!value) throw refuse(field, `Please specify ${field}.`);
  return { email, ...fields };
};

/**
 * PUT users/invite: creates a local account without a password in the embedded identity provider and mails
 * the invited user a single-use link to choose one. A user invited earlier who never chose a password is
 * sent a new link. When the mail cannot be sent, the new account is removed again (502). `onMailError` hears
 * why, for the log.
 */
export const inviteUser = async (
  ctx: AppContext,
  caller: Caller,
  invite: UserInvite,
  onMailError: (error: unknown) => void,
): Promise<UserRecord> => {
  const inviter = loggedIn(caller);
  if (ctx.config.keycloak.serverUrl)
    throw couldNotInvite("this installation's users are managed by an external identity provider.");
  if (!mailConfigured(ctx.config.mail))
    throw new HttpError(
      503,
      'Inviting users needs a mail server, and this installation has none configured (mail in nomad.yaml).',
    );
  const fields = checkInvite(invite);
  const now = ctx.clock.now();
  const token = randomSecret();
  const expires = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { user, isNew } = await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, inviter.user_id)))
      throw couldNotInvite('the user of this token does not exist.');
    await pruneInvitations(tx, new Date(now.getTime() - DAY_MS));
    if (
      (await countInvitationsSince(tx, inviter.user_id, new Date(now.getTime() - DAY_MS))) >=
      INVITATIONS_PER_DAY
    )
      throw tooManyRequests(
        `You can invite at most ${INVITATIONS_PER_DAY} users a day. Please try again later.`,
        3600,
      );
    const pending = await findPendingInvitee(tx, fields.email);
    let invited: UserRecord | undefined;
    if (pending !== undefined) {
      await deleteInvitationsOf(tx, pending);
      invited = await findUserById(tx, pending);
    } else {
      if (await findUserByEmail(tx, fields.email))
        throw couldNotInvite(`User with email ${fields.email} already exists`);
      try {
        invited = await createUser(tx, {
          ...fields,
          username: await freeUsername(tx, invite, fields.email),
        });
      } catch (error) {
        if (error instanceof DuplicateUserError) throw couldNotInvite(error.message);
        throw error;
      }
    }
    if (!invited) throw couldNotInvite('the invited user vanished.');
    await insertInvitation(tx, {
      tokenHash: hashSecret(token),
      userId: invited.user_id,
      invitedBy: inviter.user_id,
      created: now,
      expiresAt: expires,
    });
    return { user: invited, isNew: pending === undefined };
  });
  try {
    await sendMail(
      ctx.config.mail,
      invitationMail({
        to: fields.email,
        name: `${fields.first_name} ${fields.last_name}`,
        username: user.username,
        inviter: inviter.name,
        site: guiUrl(ctx.config),
        link: invitationLink(ctx.config, token),
        expires,
      }),
    );
  } catch (error) {
    onMailError(error);
    if (isNew) await withdrawInvitee(ctx.db, user.user_id);
    else await deleteInvitation(ctx.db, hashSecret(token));
    throw new HttpError(
      502,
      'Could not invite user: the invitation mail could not be sent. Please try again later.',
    );
  }
  return user;
};
