import { expect, test } from '@playwright/test';
import { acceptCookies, gui, register, saveAndWait, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * Notebook data with its own schema: after processing, the search page's custom-quantities filter lists
 * the schema's quantities and finds entries by one of them, compared within one quantity.
 */
const schema = `definitions:
  sections:
    Anneal:
      base_section: nomad.datamodel.data.EntryData
      quantities:
        label: {type: str}
        temperature: {type: float, unit: K}
        weight: {type: float}
    Study:
      base_section: nomad.datamodel.data.EntryData
      quantities:
        inputs:
          type: Query
          m_annotations: {eln: {component: QueryEditQuantity, props: {storeInArchive: true}}}
`;
const study = `data:
  m_def: ../upload/raw/anneal.schema.archive.yaml#Study
`;
const anneal = (label: string, temperature: number, weight: number) => `data:
  m_def: ../upload/raw/anneal.schema.archive.yaml#Anneal
  label: ${label}
  temperature: ${temperature}
  weight: ${weight}
`;

test('the custom-quantities filter finds notebook entries by a quantity of their schema', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'rosalind',
    firstName: 'Rosalind',
    lastName: 'Franklin',
    password: 'photo-51x',
  });
  await uploadFiles(page, [
    { name: 'anneal.schema.archive.yaml', buffer: Buffer.from(schema) },
    { name: 'cold.archive.yaml', buffer: Buffer.from(anneal('cold', 300, 900)) },
    { name: 'hot.archive.yaml', buffer: Buffer.from(anneal('hot', 900, 5)) },
    { name: 'study.archive.yaml', buffer: Buffer.from(study) },
  ]);
  await expect(page.getByText('4/4 entries processed')).toBeVisible();
  const uploadUrl = page.url();

  await page.goto(gui('/search/entries'));
  await acceptCookies(page);
  await page.getByText('Custom quantities', { exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Custom quantities' });
  await menu.getByLabel('Quantity').click();
  await page.getByRole('option', { name: /^data\.temperature#/ }).click();
  await menu.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: '>=', exact: true }).click();
  await menu.getByLabel('Value 1').fill('800');
  await menu.getByRole('button', { name: 'Update search' }).click();

  await expect(page).toHaveURL(/custom_quantities=/);
  // The cold anneal weighs 900, but its temperature is 300: only the hot one matches.
  await expect(page.getByText(/^1\/1 result$/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'search results' }).getByText('hot.archive.yaml'),
  ).toBeVisible();
  await snap(page, 'search-custom-quantities');

  // A query quantity stores a search made in its dialog, with the entries it found.
  await page.goto(uploadUrl);
  await page.getByRole('row', { name: /study\.archive\.yaml.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('no query')).toBeVisible();
  await page.getByRole('button', { name: 'Search dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const bar = dialog.getByPlaceholder('Type a query or keywords');
  await bar.fill('entry_type = Anneal');
  await bar.press('Enter');
  await expect(dialog.getByText(/^2\/2 results$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText('entry_type:Anneal')).toBeVisible();
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();
  await saveAndWait(page, page.getByRole('button', { name: 'Save' }));
  await page.reload();
  await expect(page.getByText('entry_type:Anneal')).toBeVisible();
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();
});
