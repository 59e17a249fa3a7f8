import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, anonymousApi, gui, snap } from '../support/fixtures.ts';

/**
 * The Materials app over the seeded public entries (global-setup): every filter menu loads its values,
 * filters on material quantities (elements, symmetry) and on entry quantities (the program) narrow the
 * materials, and a material's row action leads to a page of this installation. Expected numbers come from
 * materials/query, in the names NOMAD's materials index uses (relative to results.material, entry
 * quantities under `entries.`).
 */

const queryMaterials = async (query: Record<string, unknown>, quantity?: string) => {
  const body = await anonymousApi().call('materialsQuery', {
    body: {
      owner: 'visible',
      query,
      pagination: { page_size: 0 },
      ...(quantity ? { aggregations: { values: { terms: { quantity, size: 5 } } } } : {}),
    },
  });
  return { total: body.pagination.total, buckets: body.aggregations?.values?.terms?.data ?? [] };
};

/** The most frequent value among the first five that does not match every material: it narrows. */
const narrowing = async (query: Record<string, unknown>, quantity: string) => {
  const { total, buckets } = await queryMaterials(query, quantity);
  const bucket = buckets.find((b) => b.count > 0 && b.count < total);
  expect(bucket, `a value of ${quantity} that narrows ${total} materials`).toBeDefined();
  return String(bucket!.value);
};

const resultsTitle = (page: Page, count: number) =>
  page.getByText(new RegExp(`^${Math.min(20, count)}/${count} results?$`));

/** The search shows `count` results and no error toast (a rejected request shows one). */
const expectResults = async (page: Page, count: number) => {
  await expect(resultsTitle(page, count)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
};

const filtersMenu = (page: Page) => page.getByRole('navigation', { name: 'Filters' });

/** Opens a sub-menu of the filter menu; answers its panel once every item in it has its values. */
const openMenu = async (page: Page, title: string): Promise<Locator> => {
  await filtersMenu(page).getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('navigation', { name: title, exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Loading...')).toHaveCount(0);
  return panel;
};

test('every filter menu of the Materials app loads, filters narrow the materials, rows lead to entries', async ({
  page,
}) => {
  await page.goto(gui('/search/materials'));
  await acceptCookies(page);
  const all = (await queryMaterials({})).total;
  expect(all).toBeGreaterThan(0);
  await expectResults(page, all);

  // Every sub-menu: its terms, histograms and periodic table get their aggregations.
  const titles = (await filtersMenu(page).getByRole('button').allTextContents()).filter(
    (title) => title !== '',
  );
  expect(titles).toEqual(
    expect.arrayContaining(['Elements / Formula', 'Structure / Symmetry', 'Method', 'DFT', 'Optimade']),
  );
  for (const title of titles) {
    const panel = await openMenu(page, title);
    await expect(page.getByRole('alert'), title).toHaveCount(0);
    if (['Structure / Symmetry', 'Method', 'DFT'].includes(title))
      await expect(panel.getByRole('checkbox').first(), title).toBeVisible();
  }
  const elementsPanel = await openMenu(page, 'Elements / Formula');
  await expect(elementsPanel.locator('button[title*="): "]').first()).toBeVisible();
  await snap(page, 'materials-01-menus');

  // A material quantity: elements (NOMAD's GUI sends `elements:all`).
  const element = await narrowing({}, 'elements');
  await elementsPanel
    .getByRole('group', { name: 'periodic table' })
    .getByRole('button', { name: element, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`results\\.material\\.elements=${element}`));
  const query: Record<string, unknown> = { 'elements:all': [element] };
  const withElement = (await queryMaterials(query)).total;
  expect(withElement).toBeLessThan(all);
  await expectResults(page, withElement);

  // A symmetry quantity of the material.
  const system = await narrowing(query, 'symmetry.crystal_system');
  const symmetryPanel = await openMenu(page, 'Structure / Symmetry');
  await symmetryPanel
    .getByRole('group', { name: /crystal system/i })
    .locator('label', { hasText: new RegExp(`^${system}`) })
    .getByRole('checkbox')
    .click();
  query['symmetry.crystal_system:any'] = [system];
  const withSystem = (await queryMaterials(query)).total;
  expect(withSystem).toBeLessThan(withElement);
  await expectResults(page, withSystem);

  // A method quantity, of the material's entries.
  const programQuantity = 'entries.results.method.simulation.program_name';
  const program = await narrowing(query, programQuantity);
  const methodPanel = await openMenu(page, 'Method');
  await methodPanel
    .getByRole('group', { name: /program name/i })
    .locator('label', { hasText: new RegExp(`^${program}`) })
    .getByRole('checkbox')
    .click();
  query[`${programQuantity}:any`] = [program];
  const withProgram = (await queryMaterials(query)).total;
  expect(withProgram).toBeLessThan(withSystem);
  await expectResults(page, withProgram);
  await snap(page, 'materials-02-filtered');

  // The row action: this installation has no encyclopedia; the material's entries are a search away.
  const row = page.locator('table[aria-label="search results"] tbody tr').first();
  const action = row.getByRole('link', { name: 'Show the entries of this material' });
  const href = await action.getAttribute('href');
  const materialId = decodeURIComponent(/material_id=([^&]+)/.exec(href ?? '')?.[1] ?? '');
  expect(materialId).not.toBe('');
  await action.click();
  await expect(page).toHaveURL(/\/search\/entries\?results\.material\.material_id=/);
  const { total: ofMaterial } = (
    await anonymousApi().call('entriesQuery', {
      body: {
        owner: 'visible',
        query: { 'results.material.material_id': materialId },
        pagination: { page_size: 0 },
      },
    })
  ).pagination;
  expect(ofMaterial).toBeGreaterThan(0);
  await expectResults(page, ofMaterial);
  await snap(page, 'materials-03-entries-of-material');
});
