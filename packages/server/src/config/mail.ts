/** The SMTP server invitations are sent through (`mail:` in nomad.yaml; docs/configuration.md). */
export interface MailConfig {
  enabled: boolean;
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise the connection is upgraded with STARTTLS when offered. */
  secure: boolean;
  /** Log in to the SMTP server with `user` and `password`. */
  withLogin: boolean;
  user?: string;
  password?: string;
  fromAddress: string;
  fromName: string;
}

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asBool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/**
 * Reads the `mail` section; `OASIS_MAIL_PASSWORD` overrides its password, so the secret need not be in the
 * file. As in NOMAD, `with_login` defaults to whether a user is given.
 */
export const readMailConfig = (
  doc: Record<string, unknown>,
  env: Record<string, string | undefined>,
): MailConfig => {
  const secure = asBool(doc.secure) ?? false;
  const user = asString(doc.user) || undefined;
  return {
    enabled: asBool(doc.enabled) ?? false,
    host: asString(doc.host) ?? '',
    port: typeof doc.port === 'number' ? doc.port : secure ? 465 : 587,
    secure,
    withLogin: asBool(doc.with_login) ?? user !== undefined,
    user,
    password: env.OASIS_MAIL_PASSWORD ?? asString(doc.password),
    fromAddress: asString(doc.from_address) ?? 'noreply@localhost',
    fromName: asString(doc.from_name) ?? 'NOMAD oasis',
  };
};

/** Whether invitations can be sent: mail is enabled and names a server. */
export const mailConfigured = (mail: MailConfig): boolean => mail.enabled && mail.host.trim() !== '';
