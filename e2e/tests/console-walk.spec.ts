import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gui, naclCif, register, uploadFiles } from '../support/fixtures.ts';
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

/**
 * What the browser reports as errors while a page is used: console errors (a failed request is one in
 * Chromium), uncaught exceptions, and answers of 400 or more to the page's own requests.
 */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/** Opens each tab of the entry page that is open, waiting for what each shows. */
async function walkEntryTabs(page: Page) {
  for (const tab of ['files', 'data', 'logs', 'overview']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main')).not.toContainText('Loading...');
  }
}

/**
 * Issue 29's walk: upload, entries (every tab and card), search, materials, metainfo and notebook pages,
 * as a new user uses them, log no error in the browser.
 */
test('a walk through the main pages logs no console error', async ({ page }) => {
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

  for (const mainfile of ['vasprun.xml', 'NaCl.cif', 'film.archive.yaml']) {
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
