import { expect, test } from '@playwright/test';
import { nexusHdf5 } from '@oasis/server/testing/hdf5-samples.ts';
import { register, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * A NeXus file becomes an entry of NOMAD's NeXus parser: its entry type names the application definition,
 * its sample's formula is the material, and the overview's NeXus card shows the file in h5web, opened on
 * the file's default plot.
 */
test('a NeXus file is an entry with its definition and material, and its card plots the file', async ({
  page,
}) => {
  await page.goto('/nomad-oasis/gui/');
  await register(page, { username: 'nexa', firstName: 'Nexa', lastName: 'Hdf', password: 'nexus-files-1' });
  const scan = await nexusHdf5({ definitions: ['NXmpes'], formula: 'Fe2O3' });
  await uploadFiles(page, [{ name: 'scan.nxs', buffer: scan }]);
  const row = page.getByRole('row', { name: /scan\.nxs.*SUCCESS/ });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByRole('cell').nth(1).click();

  const metadata = page
    .locator('.MuiCard-root')
    .filter({ has: page.getByRole('heading', { name: 'Metadata' }) });
  await expect(metadata.getByText('Mpes Experiment')).toBeVisible();
  const material = page
    .locator('.MuiCard-root')
    .filter({ has: page.getByRole('heading', { name: 'Material' }) });
  await expect(material.getByText('Fe2O3').first()).toBeVisible();
  const nexus = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'NeXus' }) });
  const viewer = nexus.getByTestId('h5-viewer');
  await expect(viewer.locator('canvas').first()).toBeVisible();
  // The root's default leads to entry1/data, whose signal is the plot's title.
  await expect(viewer.getByText('intensity').first()).toBeVisible();
  await snap(page, 'nexus-entry');
});
