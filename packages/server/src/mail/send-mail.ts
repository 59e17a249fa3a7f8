import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config/mail.ts';

export interface MailMessage {
  /** One address, checked by the caller (isMailAddress): it is also the envelope's only recipient. */
  to: string;
  subject: string;
  text: string;
}

/** What one SMTP exchange may take at most: the request that sends the mail waits for it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * A single address without display name, comments, lists or spaces: what a user types as their email. Anything
 * else could make the mail library read more recipients into the field.
 */
export const isMailAddress = (value: string): boolean =>
  value.length <= 254 && /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/.test(value);

/** Sends one plain-text mail through the configured SMTP server; rejects when the server does not take it. */
export const sendMail = async (mail: MailConfig, message: MailMessage): Promise<void> => {
  const transport = createTransport({
    host: mail.host,
    port: mail.port,
    secure: mail.secure,
    ...(mail.withLogin ? { auth: { user: mail.user ?? '', pass: mail.password ?? '' } } : {}),
    ...TIMEOUTS,
  });
  try {
    await transport.sendMail({
      from: { name: mail.fromName, address: mail.fromAddress },
      to: message.to,
      // The envelope names the one recipient explicitly, whatever the header parser makes of `to`.
      envelope: { from: mail.fromAddress, to: [message.to] },
      subject: message.subject,
      text: message.text,
    });
  } finally {
    transport.close();
  }
};
