import { expect, test } from '@playwright/test';
import { gui, snap } from '../support/fixtures.ts';

/**
 * The metainfo browser over the built-in definitions: from the archive's root section down to a quantity
 * lane by lane, the same lanes again from the URL after a reload, and a search by name.
 */
test('the metainfo is browsed lane by lane to a quantity, restored from its URL and searched', async ({
  page,
}) => {
  await page.goto(gui('/analyze/metainfo'));
  const item = (key: string) => page.locator(`[data-testid=lane-item][data-key="${key}"]`);
  await item('EntryArchive').click();
  await item('results').click();
  await item('material').click();
  await item('chemical_formula_hill').click();
  await expect(page).toHaveURL(
    /\/analyze\/metainfo\/EntryArchive\/results\/material\/chemical_formula_hill$/,
  );
  const cards = page.getByTestId('definition-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.last()).toContainText('python: str');
  // Usage is asked of the real search (whether other specs published entries with formulas varies).
  await cards.last().getByRole('button', { name: 'Show usage' }).click();
  await expect(cards.last()).toContainText(
    /Used in \d+ entr(y|ies) you can see, as results\.material\.chemical_formula_hill\.|This metadata is not used at all\./,
  );
  await snap(page, 'metainfo-01-quantity');

  await page.reload();
  await expect(cards).toHaveCount(4);
  await expect(cards.last()).toContainText('chemical_formula_hill');

  await page.goto(gui('/analyze/metainfo'));
  await page.getByLabel('search definitions').fill('band_gap');
  const hit = page.getByRole('link', { name: /^band_gap/ }).first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(cards.last()).toContainText('sub section');
});
