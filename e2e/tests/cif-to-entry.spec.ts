import { expect, test } from '@playwright/test';
import { gui, naclCif, snap } from '../support/fixtures.ts';

/**
 * The walking skeleton in a real browser: register through the embedded identity provider, create an
 * upload, drop a CIF, watch it being processed, find the entry by its elements and open its page.
 */
test('a CIF travels from upload to search to entry page', async ({ page, browser }) => {
  await page.goto(gui('/'));
  await expect(page).toHaveURL(/\/about\/information$/);
  await snap(page, '01-about');

  await page.getByRole('button', { name: 'Login / Register' }).click();
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByLabel('Username').fill('marie');
  await page.getByLabel('Email').fill('marie@example.org');
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Curie');
  await page.getByLabel('Affiliation').fill('Sorbonne');
  await page.getByLabel('Password', { exact: true }).fill('radium-88');
  await page.getByLabel(/Repeat password|Confirm password/).fill('radium-88');
  await snap(page, '02-register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Welcome')).toBeVisible();
  await expect(page.getByText('Marie Curie')).toBeVisible();

  await page.goto(gui('/user/uploads'));
  await page.getByRole('button', { name: 'Create a new upload' }).click();
  await expect(page).toHaveURL(/\/user\/uploads\/upload\/id\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText('Drop files here or click to open dialog')).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'NaCl.cif', mimeType: 'chemical/x-cif', buffer: Buffer.from(naclCif) });
  // A new empty upload already reads 'Processing completed'; wait for the entry itself to succeed.
  await expect(page.getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })).toBeVisible();
  await expect(page.getByText('Processing completed')).toBeVisible();
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  await snap(page, '03-upload-processed');

  await page.goto(gui('/search/entries'));
  await page.getByRole('button', { name: 'Na', exact: true }).click();
  await expect(page).toHaveURL(/results\.material\.elements=Na/);
  const row = page.getByRole('row', { name: /Cl4Na4/ });
  await expect(row).toBeVisible();
  await snap(page, '04-search');
  await row.click();

  await expect(page).toHaveURL(/\/search\/entries\/entry\/id\/[A-Za-z0-9_-]{28}/);
  await expect(page.getByText('Cl4Na4').first()).toBeVisible();
  await expect(page.getByText(/binary/)).toBeVisible();
  await snap(page, '05-entry');

  // Unpublished data stays private: a fresh anonymous browser finds nothing.
  const anonymous = await browser.newPage();
  await anonymous.goto(gui('/search/entries?results.material.elements=Na'));
  await expect(anonymous.getByText('no results')).toBeVisible();
  await anonymous.close();
});
