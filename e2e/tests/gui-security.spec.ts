import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, gui, register, uploadFiles } from '../support/fixtures.ts';

const vasprun = readFileSync(
  new URL(
    '../../packages/server/src/processing/parsers/vasp/fixtures/relax-GaAs.vasprun.xml',
    import.meta.url,
  ),
);

/**
 * Collects what the GUI's Content-Security-Policy blocks, in every frame (the silent sign-in's iframe
 * too) and across navigations: the `securitypolicyviolation` events and Chromium's console reports
 * (frame-ancestors refusals only reach the console).
 */
const watchPolicy = async (page: Page) => {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation?: (text: string) => void })
        .reportPolicyViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
};

/** Every value in the page's web storage (where oidc-client-ts kept the user before). */
const webStorage = (page: Page) =>
  page.evaluate(() =>
    [window.sessionStorage, window.localStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
    ),
  );

/** A JWT (the access, refresh and ID tokens) or an oidc-client-ts user record. */
const TOKEN = /eyJ[\w-]+\.[\w-]+|access_token|refresh_token/;

test('the GUI works under its policy; the login lives in memory, survives a reload, and downloads work', async ({
  page,
  context,
}) => {
  const violations = await watchPolicy(page);

  // Anonymous: the search page (route preloads, dashboard) and an entry page.
  await page.goto(gui('/search/entries'));
  await acceptCookies(page);
  await expect(page.getByText(/^\d+\/\d+ results?$/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the entry page' }).first().click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('Metadata')).toBeVisible();

  // Login through the embedded provider; the token is in no web storage, only in the API cookie.
  await page.goto(gui('/about/information'));
  await register(page, { username: 'ada', firstName: 'Ada', lastName: 'Lovelace', password: 'engine-1843' });
  expect((await webStorage(page)).filter((entry) => TOKEN.test(entry))).toEqual([]);
  const tokenCookie = (await context.cookies()).find((cookie) => cookie.name === 'Authorization');
  expect(tokenCookie).toMatchObject({ path: '/nomad-oasis/api', sameSite: 'Strict', httpOnly: false });
  expect(tokenCookie?.value).toMatch(/^Bearer /);
  expect(tokenCookie?.expires).toBeGreaterThan(Date.now() / 1000);

  // A private entry, with plots (Plotly under the policy).
  await uploadFiles(page, [{ name: 'vasprun.xml', buffer: vasprun }]);
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  await page.getByRole('row', { name: /vasprun\.xml.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}$/);
  const entryUrl = page.url();
  await expect(page.locator('.main-svg').first()).toBeVisible();

  // A reload restores the login by a silent sign-in; the private entry loads with it.
  await page.reload();
  await expect(page.getByText('Welcome')).toBeVisible();
  // The top bar's account link (the entry's author list names her too, once it has loaded).
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('zincblende').first()).toBeVisible();
  expect((await webStorage(page)).filter((entry) => TOKEN.test(entry))).toEqual([]);

  // The download link is a plain browser request: the API cookie authorises it.
  await page.goto(`${entryUrl}/files/_mainfile`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download file' }).click(),
  ]);
  const downloaded = await download.path();
  expect(readFileSync(downloaded).equals(vasprun)).toBe(true);

  // Logout ends the provider session: a reload stays anonymous, and the API cookie is gone.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name === 'Authorization')).toEqual([]);
  await page.goto(entryUrl);
  await expect(page.getByText('This entry does not exist.')).toBeVisible();

  expect(violations).toEqual([]);
});
