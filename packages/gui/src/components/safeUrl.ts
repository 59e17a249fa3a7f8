/** Schemes whose links only navigate or open a mail client, never run code in the page. */
const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** Stands in for the page's location when a URL is relative, which makes it http(s) and so safe. */
const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * The URL itself when a link to it is safe to render (http:, https:, mailto: or, unless `absolute`,
 * relative), otherwise undefined. User data (references, ELN links) may hold `javascript:` or `data:` URLs that would run
 * script on this origin when clicked. The browser's own URL parser decides the scheme, so the tricks it
 * forgives (leading spaces and control characters, tabs and newlines inside the scheme, upper case) are
 * seen through.
 */
export function safeHref(url: string | undefined | null, { absolute = false } = {}): string | undefined {
  if (typeof url !== 'string' || url.trim() === '') return undefined;
  try {
    // Without a base, a relative URL does not parse.
    const parsed = absolute ? new URL(url) : new URL(url, RELATIVE_BASE);
    return SAFE_SCHEMES.has(parsed.protocol) ? url : undefined;
  } catch {
    // Not a URL the browser would follow either.
    return undefined;
  }
}
