import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, gui, register, uploadNaclCif } from '../support/fixtures.ts';

const USER = { username: 'tabby', firstName: 'Tabitha', lastName: 'Twitchit', password: 'two-tabs-1' };

const expectLoggedIn = async (page: Page) => {
  await expect(page.getByText('Welcome')).toBeVisible();
  await expect(page.getByText(`${USER.firstName} ${USER.lastName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login / Register' })).toHaveCount(0);
};

/**
 * The login is one per browser, as with NOMAD's keycloak-js check-sso: a new tab (and a browser restarted
 * with its stored state, while the provider's session cookie lives) restores it silently, logout in one
 * tab logs out all of them, and no tab shows private data under a logged-out header.
 */
test('the session is shared by the tabs of a browser and survives a restart', async ({ browser }) => {
  const context = await browser.newContext();
  const pageA = await context.newPage();
  await pageA.goto(gui('/about/information'));
  await acceptCookies(pageA);
  await register(pageA, USER);

  // An unpublished entry of the user, to check what a logged-out tab may show. Searched by its upload:
  // other tests publish rock salts too.
  const uploadId = await uploadNaclCif(pageA);
  await pageA.goto(gui(`/search/entries?upload_id=${uploadId}`));
  const row = pageA.getByRole('row', { name: /Cl4Na4/ });
  await row.getByRole('link', { name: 'Go to the entry page' }).click();
  await expect(pageA).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
  const entryUrl = pageA.url();
  await expect(pageA.getByText('Cl4Na4').first()).toBeVisible();

  // A new tab of the same browser is logged in without a visible login.
  const pageB = await context.newPage();
  await pageB.goto(gui('/user/uploads'));
  await expectLoggedIn(pageB);
  await expect(pageB.getByRole('button', { name: 'Create a new upload' })).toBeVisible();
  await expect(pageB.getByText('You have to login')).toHaveCount(0);

  // A browser restarted with its stored state (cookies and local storage) is logged in as well: the
  // provider's session cookie lasts 30 days, like a Keycloak session with 'remember me'.
  const restarted = await browser.newContext({ storageState: await context.storageState() });
  const pageC = await restarted.newPage();
  await pageC.goto(gui('/user/uploads'));
  await expectLoggedIn(pageC);
  await expect(pageC.getByRole('button', { name: 'Create a new upload' })).toBeVisible();
  await restarted.close();

  // Logout in B logs out A without a reload, and A shows no private data afterwards.
  await pageB.getByRole('button', { name: 'Logout' }).click();
  await expect(pageB.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  await expect(pageA.getByText('Welcome')).toHaveCount(0);
  await pageA.goto(entryUrl);
  await expect(pageA.getByText('This entry does not exist.')).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Login / Register' })).toBeVisible();

  // The provider's session has ended too: a new tab stays logged out.
  const pageD = await context.newPage();
  await pageD.goto(gui('/user/uploads'));
  await expect(pageD.getByText('You have to login to upload data and to see your uploads.')).toBeVisible();
  await expect(pageD.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  await context.close();
});
