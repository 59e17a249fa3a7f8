import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser for tests of the provider's pages: keeps cookies, does not follow redirects, reads
 * form fields from the returned HTML.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: RequestInit = {},
  ): Promise<{ status: number; location: string | null; body: string; response: Response }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const deleted = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
      response,
    };
  }

  get(url: string) {
    return this.request(url);
  }

  post(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

export const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/** The named inputs of the first form in a page (hidden ones included), with their values. */
export const formFields = (html: string): { action: string; fields: Record<string, string> } => {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!);
  }
  return { action: unescapeHtml(action), fields };
};

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
