import { expect, test } from '@playwright/test';
import { ApiError } from '@oasis/client';
import { acceptCookies, apiAs, gui, register, snap } from '../support/fixtures.ts';

/** The id (jti) an app token names, by which the page lists and revokes it. */
const tokenId = (token: string): string => {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { jti: string }).jti;
};

/**
 * Issue 18's APIs page: the installation's APIs with their docs, and an app token requested on the page
 * that works from a script (the typed client in Node) until it is revoked on the page.
 */
test('an app token from the APIs page opens the API until it is revoked there', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(gui('/analyze/apis'));
  await acceptCookies(page);
  const origin = new URL(page.url()).origin;
  const own = page.getByRole('region', { name: 'NOMAD API' });
  await expect(own.getByText('You have to login to use this functionality.')).toBeVisible();
  const openapi = await own.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href');
  expect(openapi).toBe(`${origin}/nomad-oasis/api/v1/openapi.json`);
  // raw: the OpenAPI document is not an operation of the contract.
  expect((await fetch(openapi!)).status).toBe(200);
  await expect(own.getByRole('link', { name: 'API dashboard' })).toHaveAttribute(
    'href',
    `${origin}/nomad-oasis/api/v1/docs`,
  );
  await expect(
    page.getByRole('region', { name: 'OPTIMADE' }).getByRole('link', { name: 'Server information (/info)' }),
  ).toHaveAttribute('href', `${origin}/nomad-oasis/optimade/v1/info`);

  await register(page, {
    username: 'pauling',
    firstName: 'Linus',
    lastName: 'Pauling',
    password: 'nature-1954',
  });
  await page.goto(gui('/analyze/apis'));
  const day = own.getByLabel('App token expires after');
  await expect(day).toBeVisible();
  // The last day the installation allows (30 days by default) is offered first.
  const lastDay = await day.getAttribute('max');
  await expect(day).toHaveValue(lastDay!);
  await own.getByRole('button', { name: 'Create app token' }).click();
  const tokenField = own.getByLabel('App token', { exact: true });
  await expect(tokenField).toHaveValue(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const token = await tokenField.inputValue();
  await own.getByRole('button', { name: 'Copy token to clipboard' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const id = tokenId(token);
  const row = own.getByRole('table', { name: 'Your app tokens' }).getByRole('row', { name: new RegExp(id) });
  await expect(row).toBeVisible();
  await snap(page, 'apis-page-token');

  const me = () => apiAs(token, origin).call('usersMe');
  expect(await me()).toMatchObject({ username: 'pauling' });

  await row.getByRole('button', { name: `revoke token ${id}` }).click();
  await expect(row).toBeHidden();
  await expect(own.getByText('You have no app tokens that have not expired.')).toBeVisible();
  const refused: unknown = await me().catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(401);
  expect((refused as ApiError).body).toEqual({
    detail: 'The app token has been revoked. Request a new one on the APIs page or with /auth/app_token.',
  });
});
