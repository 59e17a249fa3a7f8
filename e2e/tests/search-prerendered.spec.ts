import { expect, test, type Page } from '@playwright/test';
import { anonymousApi, gui } from '../support/fixtures.ts';

/**
 * The entries search page arrives with its first rows in the HTML (server: routes/search-page-prerender.ts):
 * they show before any script has run, the GUI's own table takes their place at the same spot, and a
 * browser with its own state (logged in, own columns or widgets) never shows them.
 */

const ROWS =
  'table[aria-label="search results"] tbody tr[aria-expanded], #oasis-prerendered-page tbody tr:not(.dt)';
const FIRST_PAGE = {
  owner: 'public' as const,
  pagination: { order_by: 'upload_create_time', order: 'desc' as const, page_size: 20 },
};

/** Before any script: where the drawn table is, and whether it shows. */
const recordDrawnTable = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const table = document.querySelector('#oasis-prerendered-page table');
      const shown =
        table !== null &&
        getComputedStyle(document.getElementById('oasis-prerendered-page')!).display !== 'none';
      const rect = table?.getBoundingClientRect();
      (window as unknown as { drawn: unknown }).drawn = { shown, rect: rect && [rect.x, rect.y, rect.width] };
    });
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first public rows are in the page, newest upload first', async ({ page }) => {
    const { data } = await anonymousApi().call('entriesQuery', { body: FIRST_PAGE });
    await page.goto(gui('/search/entries'));
    const rows = page.locator(ROWS);
    await expect(rows).toHaveCount(20);
    await expect(rows.first().locator('td').nth(1)).toHaveText(data[0]!.entry_name!);
    await expect(page.getByRole('heading', { name: /^20\/\d+ results$/ })).toBeVisible();
  });
});

test("the GUI's table replaces the drawn rows at the same place", async ({ page }) => {
  await recordDrawnTable(page);
  await page.goto(gui('/search/entries'));
  await expect(page.locator('#oasis-prerendered-page')).toHaveCount(0);
  const guiTable = page.locator('table.MuiTable-root[aria-label="search results"]');
  await expect(guiTable.locator('tbody tr[aria-expanded]')).toHaveCount(20);
  const drawn = (await page.evaluate(() => (window as unknown as { drawn: unknown }).drawn)) as {
    shown: boolean;
    rect: number[];
  };
  expect(drawn.shown).toBe(true);
  // The widgets are drawn after the rows and take more room; the table sits where they leave it then.
  const box = await guiTable.evaluate((table) => {
    const rect = table.getBoundingClientRect();
    return [rect.x, rect.width];
  });
  expect(box).toEqual([drawn.rect[0], drawn.rect[2]]);
});

test('a browser that keeps its own columns sees only the GUI’s table', async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem('oasis-result-columns:entries', '["entry_name"]'),
  );
  await recordDrawnTable(page);
  await page.goto(gui('/search/entries'));
  await expect(page.locator('table.MuiTable-root[aria-label="search results"] thead th')).toHaveCount(3);
  const drawn = (await page.evaluate(() => (window as unknown as { drawn: unknown }).drawn)) as {
    shown: boolean;
  };
  expect(drawn.shown).toBe(false);
});
