// App tokens: the configured lifetime cap, who may create, list and revoke them, and that revoked ones stop.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../store/users.ts';
import { apiClient, callApi, json, refusalOf } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { MovableClock } from '../time/clock.ts';

const MAX_EXPIRES_IN = 3 * 24 * 3600;

describe('app tokens', () => {
  let server: TestServer;
  const clock = new MovableClock();
  let lena: string;
  let otto: string;

  const accessToken = async (username: string) =>
    (await apiClient(server).call('authToken', { query: { username, password: `${username}-password` } }))
      .access_token;
  const appToken = async (token: string, expiresIn = 3600) =>
    (await apiClient(server, token).call('authAppToken', { query: { expires_in: expiresIn } })).app_token;
  const listed = async (token: string) => (await apiClient(server, token).call('authAppTokens')).data;
  const me = (token: string) => apiClient(server, token).call('usersMe');
  const revoke = (token: string, tokenId: string) =>
    apiClient(server, token).call('authAppTokenRevoke', { params: { token_id: tokenId } });

  beforeAll(async () => {
    server = await startTestServer({ appTokenMaxExpiresIn: MAX_EXPIRES_IN }, { clock });
    for (const username of ['lena', 'otto']) {
      await createUser(server.ctx.db, { username, password: `${username}-password` });
    }
    lena = await accessToken('lena');
    otto = await accessToken('otto');
  });
  afterAll(async () => server?.close());

  it('is created only with the Authorization header, never by the download cookie a browser sends on its own', async () => {
    const byCookie = await fetch(`${server.api}/auth/app_token?expires_in=3600`, {
      headers: { cookie: `Authorization=${encodeURIComponent(`Bearer ${lena}`)}` },
    });
    expect(byCookie.status).toBe(401);
    // The same cookie still authorises plain reads (downloads), as before.
    const read = await fetch(`${server.api}/users/me`, {
      headers: { cookie: `Authorization=${encodeURIComponent(`Bearer ${lena}`)}` },
    });
    expect(read.status).toBe(200);
  });
  it('asks anonymous callers to log in', async () => {
    for (const [method, path] of [
      ['GET', 'auth/app_token?expires_in=60'],
      ['GET', 'auth/app_tokens'],
      ['DELETE', 'auth/app_tokens'],
      ['DELETE', 'auth/app_tokens/some-id'],
    ] as const) {
      expect((await callApi(server, undefined, method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuses lifetimes over the installation's maximum in NOMAD's words, and bad ones", async () => {
    const tooLong = await callApi(server, lena, 'GET', `auth/app_token?expires_in=${MAX_EXPIRES_IN + 1}`);
    expect(tooLong.status).toBe(422);
    const { detail } = await json<{ detail: Array<Record<string, unknown>> }>(tooLong);
    expect(detail).toEqual([
      {
        loc: ['query', 'expires_in'],
        msg: expect.stringMatching(/^Choose not later than \d{4}-\d\d-\d\d \(in 2 days\)\.$/),
        type: 'value_error.number.not_le',
        ctx: { limit_value: MAX_EXPIRES_IN },
      },
    ]);
    for (const expiresIn of ['0', '-60', '1.5', 'soon', '']) {
      const response = await callApi(server, lena, 'GET', `auth/app_token?expires_in=${expiresIn}`);
      expect(response.status, expiresIn).toBe(422);
    }
    expect((await callApi(server, lena, 'GET', 'auth/app_token')).status).toBe(422);
    expect(await listed(lena)).toEqual([]);
  });

  it('lists the tokens it issued by their id; they open the API and cannot manage tokens', async () => {
    const token = await appToken(lena, MAX_EXPIRES_IN);
    const claims = decodeJwt(token);
    expect(await me(token)).toMatchObject({ username: 'lena' });
    const [info] = await listed(lena);
    expect(info).toEqual({
      token_id: claims.jti,
      created: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + MAX_EXPIRES_IN * 1000).toISOString(),
    });
    expect(await listed(otto)).toEqual([]);
    for (const [method, path] of [
      ['GET', 'auth/app_token?expires_in=60'],
      ['GET', 'auth/app_tokens'],
      ['DELETE', 'auth/app_tokens'],
      ['DELETE', `auth/app_tokens/${info!.token_id}`],
    ] as const) {
      const response = await callApi(server, token, method, path);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await json<{ detail: string }>(response)).detail).toMatch(
        /^App tokens cannot \w+ app tokens\./,
      );
    }
  });

  it('revokes a token of its user only; a revoked token is refused with 401', async () => {
    const token = await appToken(lena);
    const tokenId = decodeJwt(token).jti!;
    const ottos = await appToken(otto);
    const ottoId = decodeJwt(ottos).jti!;

    expect((await refusalOf(revoke(lena, ottoId)))[0]).toBe(404);
    expect(await me(ottos)).toMatchObject({ username: 'otto' });

    expect(await revoke(lena, tokenId)).toMatchObject({ token_id: tokenId });
    expect(await refusalOf(me(token))).toEqual([
      401,
      {
        detail: 'The app token has been revoked. Request a new one on the APIs page or with /auth/app_token.',
      },
    ]);
    expect((await listed(lena)).map((info) => info.token_id)).not.toContain(tokenId);
    expect(await refusalOf(revoke(lena, tokenId))).toEqual([
      404,
      { detail: `The app token with id ${tokenId} does not exist.` },
    ]);
  });

  it('revokes all tokens of its user at once and lists no expired ones', async () => {
    const shortLived = await appToken(otto, 60);
    clock.advance(120_000);
    expect((await listed(otto)).map((info) => info.token_id)).not.toContain(decodeJwt(shortLived).jti);
    const tokens = [await appToken(otto), await appToken(otto)];
    const before = await listed(otto);
    expect(before.map((info) => info.token_id)).toEqual(
      expect.arrayContaining(tokens.map((token) => decodeJwt(token).jti)),
    );

    const revoked = await apiClient(server, otto).call('authAppTokensRevokeAll');
    expect(revoked.data).toEqual(before);
    for (const token of tokens) expect((await refusalOf(me(token)))[0]).toBe(401);
    expect(await listed(otto)).toEqual([]);
    expect(await listed(lena)).toHaveLength(1);
  });
});
