import type { MailMessage } from './send-mail.ts';

export interface Invitation {
  to: string;
  /** The invited user's name, as the inviter gave it. */
  name: string;
  username: string;
  /** Who invited them. */
  inviter: string;
  /** The installation's GUI. */
  site: string;
  /** The page where they choose their password. */
  link: string;
  expires: Date;
}

export const INVITATION_SUBJECT = 'You have been invited to NOMAD oasis';

/** The invitation mail: who invited whom, the account's username, and the single-use link with its expiry. */
export const invitationMail = (invitation: Invitation): MailMessage => ({
  to: invitation.to,
  subject: INVITATION_SUBJECT,
  text: [
    `Dear ${invitation.name},`,
    '',
    `${invitation.inviter} has invited you to the NOMAD oasis at ${invitation.site}`,
    `An account with the username "${invitation.username}" has been created for you. To use it, choose a`,
    'password on this page:',
    '',
    invitation.link,
    '',
    `The link works once and expires on ${invitation.expires.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
    'Afterwards, log in with your username or email and that password.',
    '',
    'If you did not expect this invitation, you can ignore this mail.',
  ].join('\n'),
});
