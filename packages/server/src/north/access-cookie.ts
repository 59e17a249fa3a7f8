import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from '../auth/cookies.ts';

/** The cookie that admits a browser tab to its owner's tools (the tab sends no bearer token). */
export const NORTH_COOKIE = 'north_access';

/** An hour; every proxied answer past half of it carries a fresh cookie, so an open tool keeps working. */
const LIFETIME_SECONDS = 3600;

export interface NorthPass {
  userId: string;
  username: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * Signs and checks the access cookie: `<payload>.<HMAC>` with a key of this process only. Tools run in this
 * process's children, so a cookie of another node or of an earlier start has nothing to open anyway.
 */
export class NorthAccess {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number = () => Date.now()) {}

  issue(userId: string, username: string): { value: string; maxAge: number } {
    const pass: NorthPass = { userId, username, expiresAt: Math.floor(this.now() / 1000) + LIFETIME_SECONDS };
    const payload = Buffer.from(JSON.stringify(pass)).toString('base64url');
    return { value: `${payload}.${this.sign(payload)}`, maxAge: LIFETIME_SECONDS };
  }

  /** The pass of a valid, unexpired cookie value; undefined otherwise. */
  verify(value: string | undefined): NorthPass | undefined {
    const [payload, signature, ...rest] = (value ?? '').split('.');
    if (!payload || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const pass = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as NorthPass;
      return pass.expiresAt * 1000 > this.now() ? pass : undefined;
    } catch {
      return undefined;
    }
  }

  /** True when a pass is past half its life: the proxy then hands out a fresh one. */
  wantsRenewal(pass: NorthPass): boolean {
    return pass.expiresAt * 1000 - this.now() < (LIFETIME_SECONDS * 1000) / 2;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** Where the cookie is sent: the user's tools only, never the API or the GUI. */
export const northCookieOptions = (
  basePath: string,
  username: string,
  secure: boolean,
  maxAge: number,
): CookieOptions => ({
  path: `${basePath}/north/user/${encodeURIComponent(username)}/`,
  maxAge,
  sameSite: 'Strict',
  secure,
});
