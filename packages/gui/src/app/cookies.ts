export const TERMS_COOKIE = 'terms-accepted';

export function hasCookie(name: string, cookies: string = document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${name}=`));
}

/** Far-future expiry: the notice is shown once per browser. */
export const acceptTermsCookie = () =>
  `${TERMS_COOKIE}=true; expires=Fri, 31 Dec 9999 23:59:59 GMT; path=/; SameSite=Lax`;
