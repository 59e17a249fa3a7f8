import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { HttpError } from '../errors.ts';
import type { MailConfig } from '../config/mail.ts';
import { createCaller } from '../testing/callers.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { inviteUser } from './invitations.ts';

const invitation = { email: 'new@example.org', first_name: 'New', last_name: 'User', affiliation: 'FHI' };
// Nothing listens on port 1: the connection is refused at once.
const unreachable: MailConfig = {
  enabled: true,
  host: '127.0.0.1',
  port: 1,
  secure: false,
  withLogin: false,
  fromAddress: 'oasis@example.org',
  fromName: 'NOMAD oasis',
};

describe('inviteUser', () => {
  let service: ServiceTestContext;
  let caller: CurrentUser;
  beforeAll(async () => {
    service = await openServiceContext();
    caller = await createCaller(service.ctx.db, 'inviter');
  });
  afterAll(async () => service?.close());
  beforeEach(() => {
    service.ctx.config.mail = { ...unreachable };
    service.ctx.config.keycloak.serverUrl = undefined;
  });

  /** The error the invitation ends with; no account is left behind. */
  const refusal = async (heard: unknown[] = []) => {
    const error = await inviteUser(service.ctx, caller, invitation, (e) => heard.push(e)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    const { rows } = await service.ctx.db.query('SELECT 1 FROM users WHERE email = $1', [invitation.email]);
    expect(rows).toEqual([]);
    return error as HttpError;
  };

  it('cannot create accounts of an external identity provider', async () => {
    service.ctx.config.keycloak.serverUrl = 'https://keycloak.example.org/auth/';
    const error = await refusal();
    expect(error.statusCode).toBe(400);
    expect(error.detail).toBe(
      "Could not invite user: this installation's users are managed by an external identity provider.",
    );
  });

  it('needs a mail server with a host', async () => {
    service.ctx.config.mail.host = ' ';
    expect((await refusal()).statusCode).toBe(503);
  });

  it('answers 502 and keeps no account when the mail server cannot be reached', async () => {
    const heard: unknown[] = [];
    expect((await refusal(heard)).statusCode).toBe(502);
    expect(heard).toHaveLength(1);
  });
});
