import { expect, test } from '@playwright/test';
import { gui } from '../support/fixtures.ts';

/** The developer demo pages of spec 1: the quantity editors, the paged table and the plots, in Chromium. */
test('the developer pages show the editors, the table and the plots', async ({ page }) => {
  await page.goto(gui('/dev/editquantity'));
  await page.getByRole('textbox', { name: 'float', exact: true }).fill('12');
  await page.getByRole('textbox', { name: 'float', exact: true }).press('Enter');
  await expect(page.getByText('Enter a value that is equal or smaller than 10')).toBeVisible();
  await page.getByRole('checkbox', { name: 'bool' }).check();
  await expect(page.getByLabel('value')).toContainText('"bool": true');
  // Rich text: typed, made bold from the toolbar, stored as sanitized HTML.
  const richText = page.getByRole('textbox', { name: 'rich text', exact: true });
  await richText.click();
  await richText.pressSequentially('Annealed');
  await page.keyboard.press('Control+A');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByRole('textbox', { name: 'string', exact: true }).click();
  await expect(page.getByLabel('value')).toContainText('"rich_text": "<b>Annealed</b>"');

  await page.goto(gui('/dev/datatable'));
  await expect(page.getByRole('table', { name: 'demo rows' }).getByText('row 001')).toBeVisible();

  await page.goto(gui('/dev/plot'));
  for (const name of ['lines', 'markers', 'heatmap'])
    await expect(page.getByRole('img', { name, exact: true }).locator('svg.main-svg').first()).toBeVisible();
});
