// PUT /users/invite end to end: the account, the mail through a real SMTP server on loopback, the page of
// the embedded identity provider where the invited user chooses a password, and their first token.
import type { UserInvite } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields, TestBrowser } from '../auth/provider/test-browser.ts';
import { INVITATION_SUBJECT } from '../mail/invitation-mail.ts';
import { INVITATION_LIFETIME_MS, INVITATIONS_PER_DAY } from '../services/invitations.ts';
import { apiClient, as, refusalOf } from '../testing/http.ts';
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from '../testing/smtp-peer.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { MovableClock } from '../time/clock.ts';

const PASSWORD = 'a-good-long-password';

describe('inviting users by mail', () => {
  let server: TestServer;
  let smtp: SmtpPeer;
  let alice: string;
  const clock = new MovableClock(new Date('2025-03-01T12:00:00Z'));

  const invite = (body: UserInvite, token: string | undefined = alice) =>
    apiClient(server, token).call('usersInvite', { body });
  /** raw: invitations the client's types refuse (missing or extra fields), and answers whose headers count. */
  const inviteRaw = (body: unknown, token: string | undefined = alice) =>
    fetch(
      `${server.api}/users/invite`,
      as(token, {
        method: 'PUT',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    );
  const person = (email: string) => ({ email, first_name: 'Émile', last_name: 'Zola', affiliation: 'FHI' });

  /** The link of the last mail sent to `to`, decoded from the mail's body. */
  const linkTo = async (to: string) => {
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(to)).length).toBeGreaterThan(0);
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1)!;
    const text = decodeQuotedPrintable(mail.raw.slice(mail.raw.indexOf('\r\n\r\n')));
    const link = /https?:\/\/\S+/g.exec(text.slice(text.indexOf('choose a')))?.[0];
    expect(link).toBeDefined();
    return { link: link!, text, raw: mail.raw };
  };

  const tokenFor = (username: string, password: string) =>
    apiClient(server).call('authToken', { query: { username, password } });
  const usersWithEmail = async (email: string) =>
    (await apiClient(server, alice).call('usersFind', { query: { email } })).data;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ refuse: ['bounce@example.org'] });
    server = await startTestServer(
      {
        mail: {
          enabled: true,
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          withLogin: false,
          fromAddress: 'oasis@example.org',
          fromName: 'NOMAD oasis',
        },
      },
      { clock },
    );
    alice = await createUserWithToken(server, 'alice');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('creates the account, mails a link, and the invited user sets a password and logs in', async () => {
    const user = await invite(person('Emile.Zola@Example.org'));
    expect(user).toMatchObject({
      username: 'ezola',
      email: 'emile.zola@example.org',
      first_name: 'Émile',
      last_name: 'Zola',
      name: 'Émile Zola',
      affiliation: 'FHI',
      is_admin: false,
    });
    // No password yet: the account cannot be used before the link is.
    expect((await refusalOf(tokenFor('ezola', 'any-password-at-all')))[0]).toBe(401);

    const { link, text, raw } = await linkTo('emile.zola@example.org');
    expect(raw).toContain(`\r\nSubject: ${INVITATION_SUBJECT}\r\n`);
    expect(raw).toMatch(/^From: NOMAD oasis <oasis@example\.org>/m);
    expect(text).toContain('Dear Émile Zola');
    expect(text).toContain('Alice Tester has invited you');
    expect(text).toContain('username "ezola"');
    expect(text).toContain('expires on 2025-03-04 12:00 UTC');
    expect(link).toMatch(/\/keycloak\/auth\/realms\/oasis\/login-actions\/action-token\?token=[\w-]{43}$/);

    const browser = new TestBrowser();
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.body).toContain('ezola');
    expect(page.response.headers.get('x-frame-options')).toBe('DENY');
    expect(page.response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const form = formFields(page.body);
    const action = new URL(form.action, link).toString();

    const short = await browser.post(action, {
      ...form.fields,
      password: 'short',
      password_confirm: 'short',
    });
    expect(short.body).toContain('at least 8 characters');
    const mismatch = await browser.post(action, {
      ...form.fields,
      password: PASSWORD,
      password_confirm: 'other',
    });
    expect(mismatch.body).toContain('Passwords do not match.');
    // Without the form's CSRF cookie (another site posting the form) nothing happens.
    const forged = await new TestBrowser().post(action, {
      ...form.fields,
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('Your form has expired');

    const set = await browser.post(action, {
      ...form.fields,
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(set.status).toBe(200);
    expect(set.body).toContain('Your password has been set');

    for (const login of ['ezola', 'emile.zola@example.org']) {
      const { access_token: accessToken } = await tokenFor(login, PASSWORD);
      const me = await apiClient(server, accessToken).call('usersMe');
      expect(me.user_id, login).toBe(user.user_id);
    }

    // Single use: the link works no more.
    expect((await browser.get(link)).status).toBe(400);
    const again = await browser.post(action, {
      ...form.fields,
      password: 'another-password',
      password_confirm: 'another-password',
    });
    expect(again.status).toBe(400);
    expect(again.body).toContain('This invitation link is not valid');
    expect(await tokenFor('ezola', PASSWORD)).toHaveProperty('access_token');
  });

  it('refuses an email that is taken, with NOMAD’s text, and derives a free username', async () => {
    expect(await refusalOf(invite(person('EMILE.ZOLA@example.org')))).toEqual([
      400,
      { detail: 'Could not invite user: User with email emile.zola@example.org already exists' },
    ]);
    const namesake = await invite(person('other.zola@example.org'));
    expect(namesake).toMatchObject({ username: 'ezola1', email: 'other.zola@example.org' });
    const alice2 = invite({
      email: 'ALICE@example.org',
      first_name: 'A',
      last_name: 'Lice',
      affiliation: 'X',
    });
    expect((await refusalOf(alice2))[0]).toBe(400);
  });

  it('lets links expire, and invites a user who never used theirs again', async () => {
    const email = 'late.comer@example.org';
    await invite({ ...person(email), first_name: 'Late', last_name: 'Comer' });
    const { link: expired } = await linkTo(email);
    clock.advance(INVITATION_LIFETIME_MS + 1000);
    const page = await new TestBrowser().get(expired);
    expect(page.status).toBe(400);
    expect(page.body).toContain('it has expired');

    const reinvited = await invite({ ...person(email), first_name: 'Late', last_name: 'Comer' });
    expect(reinvited).toMatchObject({ username: 'lcomer' });
    const { link } = await linkTo(email);
    expect(link).not.toBe(expired);
    const browser = new TestBrowser();
    const form = formFields((await browser.get(link)).body);
    const set = await browser.post(new URL(form.action, link).toString(), {
      ...form.fields,
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(set.status).toBe(200);
    expect(await tokenFor('lcomer', PASSWORD)).toHaveProperty('access_token');
  });

  it('refuses anonymous callers and bad invitations', async () => {
    expect((await refusalOf(invite(person('anon@example.org'), '')))[0]).toBe(401);
    const bad: unknown[] = [
      person('not-an-email'),
      person('one@example.org, two@example.org'),
      person('Name <three@example.org>'),
      { ...person('blank@example.org'), first_name: '   ' },
      { email: 'partial@example.org', first_name: 'Par', last_name: 'Tial' },
      { ...person('extra@example.org'), is_admin: true },
      { ...person(`${'x'.repeat(250)}@example.org`) },
    ];
    for (const body of bad) expect((await inviteRaw(body)).status, JSON.stringify(body)).toBe(422);
    expect(smtp.received.some((mail) => mail.to.some((to) => /two|three|blank|partial|extra/.test(to)))).toBe(
      false,
    );
  });

  it('removes the new account again when the mail server refuses the mail', async () => {
    expect(await refusalOf(invite(person('bounce@example.org')))).toEqual([
      502,
      { detail: 'Could not invite user: the invitation mail could not be sent. Please try again later.' },
    ]);
    expect(await usersWithEmail('bounce@example.org')).toEqual([]);
  });

  it('answers 503 while no mail server is configured', async () => {
    const { mail } = server.ctx.config;
    mail.enabled = false;
    try {
      expect(await refusalOf(invite(person('nomail@example.org')))).toEqual([
        503,
        {
          detail:
            'Inviting users needs a mail server, and this installation has none configured (mail in nomad.yaml).',
        },
      ]);
    } finally {
      mail.enabled = true;
    }
    expect(await usersWithEmail('nomail@example.org')).toEqual([]);
  });

  it('limits the invitations one user sends a day', async () => {
    const bob = await createUserWithToken(server, 'bob');
    const bobId = (await apiClient(server, bob).call('usersMe')).user_id;
    await server.ctx.db.query(
      `INSERT INTO user_invitations (token_hash, user_id, invited_by, created, expires_at)
       SELECT 'limit-' || n, $1, $1, $2, $3 FROM generate_series(1, $4) n`,
      [bobId, clock.now(), new Date(clock.now().getTime() + INVITATION_LIFETIME_MS), INVITATIONS_PER_DAY],
    );
    // raw: checks the retry-after header.
    const limited = await inviteRaw(person('one.too.many@example.org'), bob);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    clock.advance(24 * 3600 * 1000 + 1000);
    expect(await invite(person('next.day@example.org'), bob)).toMatchObject({
      email: 'next.day@example.org',
    });
  });

  it('backs off clients that try links that do not work', async () => {
    const browser = new TestBrowser();
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 429; attempt++) {
      status = (
        await browser.get(
          `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis/login-actions/action-token?token=${'A'.repeat(43)}`,
        )
      ).status;
      if (status !== 429) expect(status).toBe(400);
    }
    expect(status).toBe(429);
  });
});
