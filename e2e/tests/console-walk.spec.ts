import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gui, naclCif, register, uploadFiles } from '../support/fixtures.ts';
import { errorsOf } from '../support/page-errors.ts';
import { softwareWebGl } from '../support/webgl.ts';

// WebGL without a GPU: Chromium's software renderer (the structure viewer draws on the overview).
test.use({ launchOptions: softwareWebGl });

const vasprun = readFileSync(
  new URL(
    '../../packages/server/src/processing/parsers/vasp/fixtures/relax-GaAs.vasprun.xml',
    import.meta.url,
  ),
);

/** A notebook: a schema and an entry of it, each a file of the upload. */
const schema = `definitions:
  name: Walk lab
  sections:
    Sample:
      base_sections: [nomad.datamodel.data.EntryData]
      quantities:
        thickness:
          type: np.float64
          unit: m
          m_annotations: {eln: {component: NumberEditQuantity, defaultDisplayUnit: nm}}
        note: {type: str, m_annotations: {eln: {component: StringEditQuantity}}}
`;
const sample = `data:
  m_def: ../upload/raw/lab.schema.archive.yaml#/definitions/section_definitions/0
  thickness: 2.0e-7
  note: first film
`;

/** Opens each tab of the entry page that is open, waiting for what each shows. */
async function walkEntryTabs(page: Page) {
  for (const tab of ['files', 'data', 'logs', 'overview']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main')).not.toContainText('Loading...');
  }
}

/**
 * Issue 29's walk: upload, entries (every tab and card), a schema's definitions in the metainfo browser,
 * a dataset, search, materials, metainfo and notebook pages, as a new user uses them, log no error in the
 * browser. (NORTH has its own server: north.spec.ts walks it with the same check.)
 */
test('a walk through the main pages logs no console error', async ({ page }) => {
  // Four entries with every tab, a schema, a dataset and five pages: longer than one page's test.
  test.setTimeout(180_000);
  const errors = errorsOf(page);
  await page.goto(gui('/'));
  await register(page, {
    username: 'walker',
    firstName: 'Wanda',
    lastName: 'Walker',
    password: 'walk-the-walk-9',
  });

  await uploadFiles(page, [
    { name: 'vasprun.xml', buffer: vasprun },
    { name: 'NaCl.cif', buffer: Buffer.from(naclCif) },
    { name: 'lab.schema.archive.yaml', buffer: Buffer.from(schema) },
    { name: 'film.archive.yaml', buffer: Buffer.from(sample) },
  ]);
  await expect(page.getByText('4/4 entries processed')).toBeVisible({ timeout: 60_000 });
  const uploadUrl = page.url();

  for (const mainfile of ['vasprun.xml', 'NaCl.cif', 'lab.schema.archive.yaml', 'film.archive.yaml']) {
    await page.goto(uploadUrl);
    // The name cell: the mainfile's cell has a copy button in its middle.
    const row = page.getByRole('row', { name: new RegExp(`${mainfile.replace('.', '\\.')}.*SUCCESS`) });
    await row.getByRole('cell').nth(1).click();
    await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
    await expect(page.getByText('Identifiers')).toBeVisible();
    await walkEntryTabs(page);
  }
  // The notebook's form is on the overview of its entry.
  await expect(page.getByRole('textbox', { name: 'note' })).toHaveValue('first film');

  // The schema's entry lists its section, which opens in the metainfo browser; it has no form of its own.
  await page.goto(uploadUrl);
  await page
    .getByRole('row', { name: /lab\.schema\.archive\.yaml.*SUCCESS/ })
    .getByRole('cell')
    .nth(1)
    .click();
  const definitions = page
    .locator('.MuiCard-root')
    .filter({ has: page.getByRole('heading', { name: 'Definitions', exact: true }) });
  await expect(definitions).toContainText("The schema package 'Walk lab' defines 1 section.");
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await definitions.getByRole('link', { name: 'Sample' }).click();
  await expect(page).toHaveURL(/\/analyze\/metainfo\/entry_id:[A-Za-z0-9_-]{28}\/Sample$/);
  await expect(page.getByTestId('definition-card').last()).toContainText('nomad.datamodel.data.EntryData');
  await expect(page.locator('[data-testid=lane-item][data-key="thickness"]')).toBeVisible();

  // A dataset of the upload's entries, and its page.
  await page.goto(uploadUrl);
  await page.getByRole('button', { name: /^Edit metadata of all/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit upload metadata' });
  await edit.getByLabel('Create a new dataset').fill('Walk set');
  await edit.getByRole('button', { name: 'add entry to new dataset' }).click();
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  await page.goto(gui('/user/datasets'));
  await page
    .getByRole('row', { name: /Walk set/ })
    .getByRole('link', { name: 'open Walk set' })
    .click();
  await expect(page.getByRole('heading', { name: 'Walk set' })).toBeVisible();
  await expect(page.getByRole('row', { name: /AsGa.*VASP/ }).first()).toBeVisible();

  await page.goto(gui('/search/entries'));
  await expect(page.getByText(/^\d[\d,]* results?$|^\d+\/\d+ results?$/).first()).toBeVisible();
  await page.goto(gui('/search/materials'));
  await expect(page.getByRole('heading', { name: /Materials/ }).first()).toBeVisible();
  await expect(page.getByText('searching ...')).toHaveCount(0);
  await page.goto(gui('/analyze/metainfo'));
  await expect(page.getByRole('heading', { name: /Metainfo/i }).first()).toBeVisible();
  await page.goto(gui('/user/uploads'));
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  expect(errors).toEqual([]);
});
