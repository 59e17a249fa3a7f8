import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context.ts';
import { parseCookies, serializeCookie } from '../auth/cookies.ts';
import { NORTH_COOKIE, northCookieOptions, type NorthPass } from './access-cookie.ts';

/** `<base>/north/user/<username>/<tool>` and what follows; a username is percent-encoded in it. */
const toolPath = (basePath: string) => new RegExp(`^${basePath}/north/user/([^/?#]+)/([^/?#]+)(?:[/?#]|$)`);

export interface ProxyTarget {
  userId: string;
  username: string;
  tool: string;
  port: number;
  /** The instance's token, sent to the tool as `Authorization: token …` when its command takes `{token}`. */
  token?: string;
  /** A fresh Set-Cookie value when the pass is past half its life. */
  renewCookie?: string;
}

export type ProxyDecision = { target: ProxyTarget } | { status: number; detail: string } | undefined;

/** Set-Cookie value that admits the user's browser to their tools for an hour. */
export const northAccessCookie = (
  ctx: AppContext,
  user: { user_id: string; username: string },
  issuedAt?: number,
): string => {
  const { value, maxAge } = ctx.north.access.issue(user.user_id, user.username, issuedAt);
  const secure = ctx.config.publicOrigin.startsWith('https:');
  return serializeCookie(
    NORTH_COOKIE,
    value,
    northCookieOptions(ctx.config.basePath, user.username, secure, maxAge),
  );
};

/** '..' or '.' segments, also percent-encoded, and backslashes: refused rather than interpreted. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$|\?)|\\|%5c/i;

/**
 * Who may reach which instance: undefined when the URL is no tool's; otherwise the instance of the path's
 * user and tool when the request's cookie is that user's, or the status to answer (401 no or an expired
 * cookie, 403 another user's tool, 404 no such tool running).
 */
export const decideProxyAccess = (ctx: AppContext, request: IncomingMessage): ProxyDecision => {
  const url = request.url ?? '';
  const match = toolPath(ctx.config.basePath).exec(url);
  if (!match) return undefined;
  const [, encodedUser = '', tool = ''] = match;
  const pathname = url.split('?')[0] ?? '';
  if (DOT_SEGMENT.test(pathname)) return { status: 400, detail: 'Bad path.' };
  const pass: NorthPass | undefined = ctx.north.access.verify(
    parseCookies(request.headers.cookie).get(NORTH_COOKIE),
  );
  if (!pass)
    return { status: 401, detail: 'Open the tool from the oasis (Analyze → NORTH) to sign in to it.' };
  let username: string;
  try {
    username = decodeURIComponent(encodedUser);
  } catch {
    return { status: 400, detail: 'Bad path.' };
  }
  if (pass.username !== username) return { status: 403, detail: "This is another user's tool." };
  const instance = ctx.north.instance(pass.userId, tool);
  if (!instance || instance.state !== 'running') {
    return { status: 404, detail: 'The tool is not running. Launch it from the oasis.' };
  }
  const renewCookie = ctx.north.access.wantsRenewal(pass)
    ? northAccessCookie(ctx, { user_id: pass.userId, username }, pass.issuedAt)
    : undefined;
  const token = instance.usesToken ? instance.token : undefined;
  return { target: { userId: pass.userId, username, tool, port: instance.port, token, renewCookie } };
};
