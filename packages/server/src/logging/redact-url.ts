/** Query parameters that carry credentials somewhere in the API or the identity provider. */
const SECRET_PARAMETERS = new Set([
  'password',
  'token',
  'access_token',
  'refresh_token',
  'app_token',
  'code',
  'code_verifier',
  'client_secret',
  'id_token_hint',
]);

const REDACTED = '[REDACTED]';

const parameterName = (part: string): string => {
  const name = part.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/**
 * A request URL fit for the log: the values of secret query parameters are replaced, everything else stays
 * as sent (so a log line still shows which request it was).
 */
export const redactUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) =>
      SECRET_PARAMETERS.has(parameterName(part)) ? `${part.split('=', 1)[0]}=${REDACTED}` : part,
    )
    .join('&');
  return `${url.slice(0, start)}?${query}`;
};
