import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gui, register, snap, uploadFiles } from '../support/fixtures.ts';

/** A small hand-written vasprun of the server's parser tests (not ../shared, so this runs anywhere). */
const gaas = readFileSync(
  new URL(
    '../../packages/server/src/processing/parsers/vasp/fixtures/relax-GaAs.vasprun.xml',
    import.meta.url,
  ),
);
/**
 * The same run cut before its first structure: nothing to make an entry of, so its parser fails and the
 * entry's logs say why (a run cut later keeps what it has, with a warning).
 */
const truncated = gaas.subarray(0, 1200);

const lanes = (page: Page) => page.getByTestId('lane-browser').getByTestId('lane');
const laneItem = (page: Page, key: string) =>
  page.getByTestId('lane-browser').locator(`[data-testid="lane-item"][data-key="${key}"]`);

/** Opens the upload's entry whose row names `mainfile` and has `status`. */
const openEntry = async (page: Page, uploadUrl: string, mainfile: RegExp) => {
  await page.goto(uploadUrl);
  await page.getByRole('row', { name: mainfile }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}$/);
  return page.url();
};

test("an entry's archive is browsed lane by lane, restored from its URL, and its logs filter by level", async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'hertha',
    firstName: 'Hertha',
    lastName: 'Ayrton',
    password: 'photo-51x',
  });
  await uploadFiles(page, [
    { name: 'vasprun.xml', buffer: gaas },
    { name: 'broken.xml', buffer: truncated },
  ]);
  await expect(page.getByText('2/2 entries processed')).toBeVisible();
  const uploadUrl = page.url();

  const entryUrl = await openEntry(page, uploadUrl, /vasprun\.xml.*SUCCESS/);
  await page.getByRole('tab', { name: 'data' }).click();
  await expect(page).toHaveURL(`${entryUrl}/data`);
  await expect(lanes(page)).toHaveCount(1);

  // Lane by lane down to a quantity.
  await laneItem(page, 'run:0').click();
  await laneItem(page, 'calculation:1').click();
  await laneItem(page, 'energy').click();
  await laneItem(page, 'total').click();
  await laneItem(page, 'value').click();
  await expect(page).toHaveURL(`${entryUrl}/data/run:0/calculation:1/energy/total/value`);
  await expect(lanes(page)).toHaveCount(6);
  // Stored in joule, shown in the units menu's system (eV by default).
  await expect(page.getByTestId('quantity-value')).toHaveText(/^-8\.5\d* eV$/);
  await snap(page, '31-archive-browser-quantity');

  // The URL alone restores the lanes.
  await page.reload();
  await expect(lanes(page)).toHaveCount(6);
  await expect(page.getByTestId('quantity-value')).toHaveText(/^-8\.5\d* eV$/);
  await expect(laneItem(page, 'calculation:1')).toHaveClass(/Mui-selected/);

  // And back: an item of an earlier lane closes the lanes after it.
  await laneItem(page, 'run:0').click();
  await expect(page).toHaveURL(`${entryUrl}/data/run:0`);
  await expect(lanes(page)).toHaveCount(2);
  await expect(page.getByTestId('quantity-value')).toHaveCount(0);
  // The archive downloads with the user's credentials (the upload is private).
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.archive\.json$/);
  expect(readFileSync(await download.path(), 'utf8')).toContain('"calculation"');

  // A negative index counts from the end.
  await page.goto(`${entryUrl}/data/run:0/calculation:-1/energy/total/value`);
  await expect(page.getByTestId('quantity-value')).toHaveText(/^-8\.5\d* eV$/);

  // Logs of the processed entry: all INFO; without INFO nothing matches.
  await page.getByRole('tab', { name: 'logs' }).click();
  await expect(page.getByText(/^Showing \d+ of \d+ matching entries$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'INFO' }).uncheck();
  await expect(page.getByText('No log entries matching selected criteria')).toBeVisible();

  // Logs of the failed entry: what its parser said, its ERROR and the processing error appended.
  await openEntry(page, uploadUrl, /broken\.xml.*FAILURE/);
  await page.getByRole('tab', { name: 'logs' }).click();
  await expect(page.getByText(/^Showing \d+ of \d+ matching entries$/)).toBeVisible();
  for (const level of ['ERROR', 'CRITICAL', 'WARNING', 'INFO', 'DEBUG'])
    await expect(page.getByRole('checkbox', { name: level })).toBeChecked();
  await page.getByTestId('log-item').filter({ hasText: 'parser failed' }).first().click();
  const details = page.locator('pre').filter({ hasText: 'exception:' });
  await expect(details).toContainText('is truncated');
  // No absolute paths of the server machine in what users see.
  expect(await details.textContent()).not.toMatch(/(^|[\s('"])\/(tmp|home|work|srv|root|usr)\//);
  await snap(page, '32-entry-logs');
  await page.getByRole('checkbox', { name: 'ERROR' }).uncheck();
  await expect(page.getByTestId('log-item').filter({ hasText: 'parser failed' })).toHaveCount(0);
  for (const level of ['WARNING', 'INFO']) await page.getByRole('checkbox', { name: level }).uncheck();
  await expect(page.getByText('No log entries matching selected criteria')).toBeVisible();
});

const largest = new URL('../../../shared/samples/vasp/bands-cF/vasprun.xml.bands.xz', import.meta.url);

test('time to first lane of the largest sample archive', async ({ page }) => {
  test.skip(!existsSync(largest), `the sample ${largest.pathname} is not there (../shared absent)`);
  await page.goto(gui('/'));
  await register(page, {
    username: 'emmy',
    firstName: 'Emmy',
    lastName: 'Noether',
    password: 'insulin-69',
  });
  await uploadFiles(page, [{ name: 'vasprun.xml.bands.xz', buffer: readFileSync(largest) }]);
  await expect(page.getByText('1/1 entries processed')).toBeVisible({ timeout: 60_000 });
  const entryUrl = await openEntry(page, page.url(), /vasprun\.xml\.bands\.xz.*SUCCESS/);
  const archiveBytes = async () => {
    const response = await page.waitForResponse((r) => r.url().endsWith('/archive/query'));
    return (await response.body()).length;
  };

  // Cold page load (the whole app) to the root lane, and a deep link to a quantity.
  const measure = async (url: string, ready: () => Promise<void>) => {
    const bytes = archiveBytes();
    const started = Date.now();
    await page.goto(url);
    await ready();
    return { ms: Date.now() - started, bytes: await bytes };
  };
  const root = await measure(`${entryUrl}/data`, () => expect(laneItem(page, 'run:0')).toBeVisible());
  const deep = await measure(`${entryUrl}/data/run:0/calculation:0/energy/total/value`, () =>
    expect(page.getByTestId('quantity-value')).toBeVisible(),
  );
  // In-app: from the overview tab to the first lane (the app already loaded).
  await page.goto(entryUrl);
  await expect(page.getByRole('tab', { name: 'data' })).toBeVisible();
  const started = Date.now();
  await page.getByRole('tab', { name: 'data' }).click();
  await expect(laneItem(page, 'run:0')).toBeVisible();
  const inApp = Date.now() - started;
  console.log(
    `archive browser, time to first lane (archive ${root.bytes} bytes): page load ${root.ms} ms, ` +
      `deep link to a quantity ${deep.ms} ms, tab switch ${inApp} ms`,
  );
  expect(root.bytes).toBeGreaterThan(1_000_000);
});
