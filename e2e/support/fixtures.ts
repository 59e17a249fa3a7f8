import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ApiClient } from '@oasis/client';

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a screenshot under e2e/screenshots (gitignored) for a person to look at. */
export const snap = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
};

import { naclCif } from '@oasis/server/testing/structures.ts';

export { naclCif };

export const gui = (pathname: string) => `/nomad-oasis/gui${pathname}`;

/**
 * The typed API client (@oasis/client) on the server at `origin` (default: the shared server under test),
 * calling as `token`'s user.
 */
export const apiAs = (token: string, origin = process.env.E2E_BASE_URL) =>
  new ApiClient({
    apiBase: new URL('/nomad-oasis/api/v1', origin).href,
    accessToken: () => Promise.resolve(token),
  });

/** The typed API client (@oasis/client) on the server at `origin` (default: the shared one), as a visitor. */
export const anonymousApi = (origin = process.env.E2E_BASE_URL) =>
  new ApiClient({ apiBase: new URL('/nomad-oasis/api/v1', origin).href });

/** Closes the cookie notice when it shows (it may cover buttons near the bottom of the page). */
export const acceptCookies = async (page: Page) => {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible()) await accept.click();
};

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Registers through the embedded identity provider's page and comes back logged in. */
export const register = async (page: Page, user: NewUser, screenshot?: string) => {
  await page.getByRole('button', { name: 'Login / Register' }).click();
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(`${user.username}@example.org`);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Affiliation').fill('Sorbonne');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel(/Repeat password|Confirm password/).fill(user.password);
  if (screenshot) await snap(page, screenshot);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Welcome')).toBeVisible();
  await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
};

/** Logs in through the embedded identity provider's page with an existing account. */
export const login = async (page: Page, usernameOrEmail: string, password: string) => {
  await page.getByRole('button', { name: 'Login / Register' }).click();
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Welcome')).toBeVisible();
};

/** Creates an upload on the uploads page (of the server at `origin`, default the shared one), drops files in. */
export const uploadFiles = async (
  page: Page,
  files: Array<{ name: string; buffer: Buffer }>,
  origin = '',
) => {
  await page.goto(`${origin}${gui('/user/uploads')}`);
  await page.getByRole('button', { name: 'Create a new upload' }).click();
  await expect(page).toHaveURL(/\/user\/uploads\/upload\/id\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText('Drop files here or click to open dialog')).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles(files.map((f) => ({ ...f, mimeType: 'application/octet-stream' })));
};

/**
 * Clicks a notebook's Save and waits for the server's answer to the save (PUT raw, which waits for the
 * processing): a reload or another tab right after a click could otherwise cut the save off or race it.
 */
export const saveAndWait = async (page: Page, save: Locator) => {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/raw'),
  );
  await save.click();
  expect((await answered).status()).toBe(200);
  await expect(save).toBeDisabled();
};

/** Uploads NaCl.cif (to the server at `origin`), waits for its entry to be processed; answers the upload id. */
export const uploadNaclCif = async (page: Page, origin = ''): Promise<string> => {
  await uploadFiles(page, [{ name: 'NaCl.cif', buffer: Buffer.from(naclCif) }], origin);
  const uploadId = page.url().split('/').at(-1) ?? '';
  // A new empty upload already reads 'Processing completed'; wait for the entry itself to succeed.
  await expect(page.getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })).toBeVisible({ timeout: 60_000 });
  return uploadId;
};

/** Publishes the upload whose page is open, without embargo, and waits until the page says it is. */
export const publishOpenUpload = async (page: Page) => {
  await page.getByRole('main').getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm that you want to publish the upload' })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await expect(
    page.getByText('This upload is published. Its files and entries cannot be changed anymore.'),
  ).toBeVisible();
};
