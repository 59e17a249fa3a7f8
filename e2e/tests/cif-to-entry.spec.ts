import { expect, test } from '@playwright/test';
import { gui, naclCif, register, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * The walking skeleton in a real browser: register through the embedded identity provider, create an
 * upload, drop a CIF, watch it being processed, find the entry by its elements and open its page.
 */
test('a CIF travels from upload to search to entry page', async ({ page, browser }) => {
  await page.goto(gui('/'));
  await expect(page).toHaveURL(/\/about\/information$/);
  await snap(page, '01-about');

  await register(
    page,
    { username: 'marie', firstName: 'Marie', lastName: 'Curie', password: 'radium-88' },
    '02-register',
  );

  await uploadFiles(page, [{ name: 'NaCl.cif', buffer: Buffer.from(naclCif) }]);
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
  await row.getByRole('link', { name: 'Go to the entry page' }).click();

  await expect(page).toHaveURL(/\/search\/entries\/entry\/id\/[A-Za-z0-9_-]{28}/);
  const entryUrl = page.url();
  await expect(page.getByText('Cl4Na4').first()).toBeVisible();
  await expect(page.getByText(/binary/)).toBeVisible();
  await snap(page, '05-entry');

  // Unpublished data stays private: a fresh anonymous browser finds only the seeded public entries with
  // Na, not this one, and cannot open its page.
  const anonymous = await browser.newPage();
  await anonymous.goto(gui('/search/entries?results.material.elements=Na'));
  await expect(anonymous.getByText(/^\d+\/\d+ results?$/)).toBeVisible();
  await expect(anonymous.getByRole('row', { name: /Cl4Na4/ })).toHaveCount(0);
  await anonymous.goto(entryUrl);
  await expect(anonymous.getByText('This entry does not exist.')).toBeVisible();
  await anonymous.close();
});
