import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { gui, register, snap, uploadFiles } from '../support/fixtures.ts';

/** Small hand-written vasprun files of the server's parser tests (not ../shared, so this runs anywhere). */
const fixture = (name: string) =>
  readFileSync(
    new URL(`../../packages/server/src/processing/parsers/vasp/fixtures/${name}`, import.meta.url),
  );

/**
 * VASP runs become entries with NOMAD's results: a GaAs relaxation (zincblende, DOS, geometry
 * optimisation) and a silicon band structure (HSE06, indirect gap) are dropped as files and their
 * entry pages show symmetry, method and the plotted properties.
 */
test('VASP runs show material, method and electronic properties on their entry pages', async ({ page }) => {
  await page.goto(gui('/'));
  await register(page, { username: 'lise', firstName: 'Lise', lastName: 'Meitner', password: 'fission-38' });
  await uploadFiles(page, [
    { name: 'vasprun.xml', buffer: fixture('relax-GaAs.vasprun.xml') },
    { name: 'bands.xml', buffer: fixture('bands-Si.vasprun.xml') },
  ]);
  await expect(page.getByText('2/2 entries processed')).toBeVisible();
  await snap(page, '11-vasp-upload');

  await page.getByRole('row', { name: /vasprun\.xml.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
  await expect(page.getByText('F-43m').first()).toBeVisible();
  await expect(page.getByText('zincblende').first()).toBeVisible();
  await expect(page.getByText('GGA_X_PBE_SOL').first()).toBeVisible();
  await expect(page.getByText('GeometryOptimization').first()).toBeVisible();
  await expect(page.getByText('Density of states').first()).toBeVisible();
  await expect(page.getByText('Geometry optimization').first()).toBeVisible();
  // Plotly draws lazily into SVG: the plots are really there.
  await expect(page.locator('.main-svg').first()).toBeVisible();
  await snap(page, '12-vasp-relaxation-entry');

  await page.goBack();
  await page.getByRole('row', { name: /bands\.xml.*SUCCESS/ }).click();
  await expect(page.getByText('Fd-3m').first()).toBeVisible();
  await expect(page.getByText('HYB_GGA_XC_HSE06').first()).toBeVisible();
  await expect(page.getByText('Band structure').first()).toBeVisible();
  await expect(page.getByText(/1\.5\d* eV \(indirect\)/).first()).toBeVisible();
  await expect(page.locator('.main-svg').first()).toBeVisible();
  await snap(page, '13-vasp-bands-entry');
});
