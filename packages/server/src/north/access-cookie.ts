import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from '../auth/cookies.ts';

/** The cookie that admits a browser tab to its owner's tools (the tab sends no bearer token). */
export const NORTH_COOKIE = 'north_access';

/** An hour; every proxied answer past half of it carries a fresh cookie, so an open tool keeps working. */
const LIFETIME_SECONDS = 3600;
/** Renewals end this long after the launch or status call that issued the first pass: then the hub again. */
const SESSION_SECONDS = 12 * 3600;

export interface NorthPass {
  userId: string;
  username: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** When the first pass of this chain of renewals was issued (seconds since the epoch). */
  issuedAt: number;
}

/**
 * Signs and checks the access cookie: `<payload>.<HMAC>` with a key of this process only. Tools run in this
 * process's children, so a cookie of another node or of an earlier start has nothing to open anyway.
 */
export class NorthAccess {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** A pass for an hour; `issuedAt` carries a renewed pass's first issue on. */
  issue(userId: string, username: string, issuedAt?: number): { value: string; maxAge: number } {
    const now = Math.floor(this.now() / 1000);
    const pass: NorthPass = {
      userId,
      username,
      expiresAt: now + LIFETIME_SECONDS,
      issuedAt: issuedAt ?? now,
    };
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
      return pass.expiresAt * 1000 > this.now() && typeof pass.issuedAt === 'number' ? pass : undefined;
    } catch {
      return undefined;
    }
  }

  /** True when a pass is past half its life and its chain is young enough: the proxy then hands out a fresh one. */
  wantsRenewal(pass: NorthPass): boolean {
    const now = this.now();
    return (
      pass.expiresAt * 1000 - now < (LIFETIME_SECONDS * 1000) / 2 &&
      (pass.issuedAt + SESSION_SECONDS) * 1000 > now
    );
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
