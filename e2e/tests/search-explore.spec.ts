import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, anonymousApi, gui, snap } from '../support/fixtures.ts';

/**
 * The entries search page over the seeded public entries (global-setup): filters in the menu and in the
 * search bar go into the URL, the results and the dashboard follow, a widget can be edited, and the
 * download dialog links to the selection's raw files and archives. Expected numbers come from the API.
 */

const total = async (query: Record<string, unknown>) =>
  (
    await anonymousApi().call('entriesQuery', {
      body: { owner: 'public', query, pagination: { page_size: 0 } },
    })
  ).pagination.total;

const resultsTitle = (page: Page, count: number) =>
  page.getByText(new RegExp(`^${Math.min(20, count)}/${count} results?$`));

const openSearch = async (page: Page, search = '') => {
  await page.goto(gui(`/search/entries${search}`));
  await acceptCookies(page);
};

test('a filter from the menu goes into the URL, narrows the results and updates the widgets', async ({
  page,
}) => {
  await openSearch(page);
  await expect(resultsTitle(page, await total({}))).toBeVisible();

  await page.getByText('Program', { exact: true }).click();
  // The menu's option (a labelled checkbox), not the dashboard widget's value of the same name.
  const vaspOption = page.locator('label', { hasText: /^VASP/ }).getByRole('checkbox');
  await vaspOption.click();
  await expect(page).toHaveURL(/results\.method\.simulation\.program_name=VASP/);
  const vasp = { 'results.method.simulation.program_name': ['VASP'] };
  await expect(resultsTitle(page, await total(vasp))).toBeVisible();

  // The structural-type widget counts only VASP entries now.
  const bulk = await total({ ...vasp, 'results.material.structural_type': 'bulk' });
  expect(bulk).toBeLessThan(1000); // shown as a plain number, not abbreviated
  const structuralTypes = page.getByRole('list', { name: 'Structural type values' });
  await expect(structuralTypes.getByRole('checkbox', { name: 'bulk' })).toContainText(String(bulk));
  await snap(page, 'search-01-filtered');

  // The URL alone restores the same search.
  const url = page.url();
  await page.goto(url);
  await expect(resultsTitle(page, await total(vasp))).toBeVisible();
  await page.getByText('Program', { exact: true }).click();
  await expect(vaspOption).toBeChecked();
});

test('the search bar understands ranges with units, equality, existence, and names its errors', async ({
  page,
}) => {
  await openSearch(page);
  const bar = page.getByPlaceholder('Type a query or keywords');
  const submit = async (text: string) => {
    await bar.fill(text);
    await bar.press('Enter');
    // Close the suggestion list so that it does not cover the chips.
    await bar.press('Escape');
  };

  await submit('results.material.n_elements >= 3');
  await expect(page).toHaveURL(/results\.material\.n_elements\[gte\]=3/);
  const atLeast3 = { 'results.material.n_elements': { gte: 3 } };
  await expect(resultsTitle(page, await total(atLeast3))).toBeVisible();

  await submit('0.5 eV <= results.properties.electronic.band_structure_electronic.band_gap.value <= 2 eV');
  const gap = {
    'results.properties.electronic.band_structure_electronic.band_gap.value': { gte: '0.5 eV', lte: '2 eV' },
  };
  await expect(resultsTitle(page, await total({ ...atLeast3, ...gap }))).toBeVisible();
  await expect(page.getByText('≥ 0.5, ≤ 2 eV')).toBeVisible();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await submit('results.material.structural_type = bulk');
  await expect(page).toHaveURL(/results\.material\.structural_type=bulk/);
  await expect(resultsTitle(page, await total({ 'results.material.structural_type': 'bulk' }))).toBeVisible();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await submit('results.properties.electronic = *');
  await expect(
    resultsTitle(page, await total({ quantities: ['results.properties.electronic'] })),
  ).toBeVisible();

  await submit('nothing.here = 1');
  await expect(page.getByText("The quantity 'nothing.here' is not supported")).toBeVisible();
  await submit('just some words');
  await expect(page.getByText('Unsupported query')).toBeVisible();
  await snap(page, 'search-02-bar');
});

test('a new terms widget is added through its edit dialog and shows counts', async ({ page }) => {
  await openSearch(page);
  await page.getByRole('button', { name: 'Add widget' }).click();
  await page.getByRole('menuitem', { name: 'Terms' }).click();
  const dialog = page.getByRole('dialog');
  const quantity = dialog.getByLabel(/Search quantity/);
  // A quantity that is not aggregatable is refused and blocks Accept.
  await quantity.fill('results.material.no_such_quantity');
  await expect(
    dialog.getByText('The quantity "results.material.no_such_quantity" is not available.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await quantity.fill('results.material.symmetry.crystal_system');
  await quantity.press('Enter');
  await dialog.getByLabel(/Title/).fill('Crystal systems');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  const systems = page.getByRole('list', { name: 'Crystal systems values' });
  await expect(systems.getByRole('checkbox', { name: 'cubic' })).toBeVisible();
  // Clicking a value filters by it.
  await systems.getByRole('checkbox', { name: 'cubic' }).click();
  await expect(page).toHaveURL(/results\.material\.symmetry\.crystal_system=cubic/);
  await snap(page, 'search-03-widget');
});

test('the download dialog links to the raw files and archives of the selected entries', async ({
  page,
  request,
}) => {
  await openSearch(page);
  // Result rows (expanded details are rows too, without a checkbox).
  const rows = page
    .locator('table[aria-label="search results"] tbody tr')
    .filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog');
  const raw = dialog.getByRole('link', { name: /raw/i }).first();
  const href = await raw.getAttribute('href');
  expect(href).toMatch(/\/api\/v1\/entries\/raw\?owner=public&json_query=/);
  const query = JSON.parse(new URL(href!, page.url()).searchParams.get('json_query')!) as unknown;
  expect(JSON.stringify(query)).toMatch(/"entry_id":\{"any":\["[^"]+","[^"]+"\]\}/);
  const archives = await dialog
    .getByRole('link', { name: /archive|processed/i })
    .first()
    .getAttribute('href');
  expect(archives).toMatch(/\/api\/v1\/entries\/archive\/download\?owner=public&json_query=/);
  // Seeded entries have no files; the zips still come, with a manifest of the two entries.
  const zip = await request.get(href!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toContain('zip');
  await snap(page, 'search-04-download');
});
