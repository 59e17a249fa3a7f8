import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { gui, register, snap, uploadFiles } from '../support/fixtures.ts';

const codes = new URL('../../../shared/samples/codes/', import.meta.url);
const sample = (path: string) => readFileSync(new URL(path, codes));

/**
 * Outputs of other codes become entries: a Quantum ESPRESSO molecular-dynamics run shows its program,
 * method and thermodynamic trajectory; a Gaussian single point its method; both are found by program.
 */
test('Quantum ESPRESSO and Gaussian outputs become entries with their method and MD trajectory', async ({
  page,
}) => {
  test.skip(!existsSync(codes), 'needs ../shared/samples/codes (the shared sample files)');
  await page.goto(gui('/'));
  await register(page, { username: 'kohn', firstName: 'Walter', lastName: 'Kohn', password: 'hohenberg-64' });
  await uploadFiles(page, [
    { name: 'si-md.out', buffer: sample('quantumespresso/Si_md/out.out') },
    { name: 'Al.log', buffer: sample('gaussian/Al_scf/Al.out') },
  ]);
  await expect(page.getByText('2/2 entries processed')).toBeVisible();
  const uploadUrl = page.url();

  await page.getByRole('row', { name: /si-md\.out.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('QuantumESPRESSO').first()).toBeVisible();
  await expect(page.getByText('MolecularDynamics').first()).toBeVisible();
  await expect(page.getByText('Thermodynamic properties')).toBeVisible();
  await expect(page.getByText('Temperature', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.main-svg').first()).toBeVisible();
  await snap(page, 'qe-md-entry');

  await page.goto(uploadUrl);
  await page.getByRole('row', { name: /Al\.log.*SUCCESS/ }).click();
  await expect(page.getByText('Gaussian').first()).toBeVisible();
  await expect(page.getByText('HYB_GGA_XC_B3LYP').first()).toBeVisible();
});

test('the upload page lists the codes it reads, each with what to upload', async ({ page }) => {
  await page.goto(gui('/'));
  await register(page, { username: 'mott', firstName: 'Nevill', lastName: 'Mott', password: 'insulator-49' });
  await page.goto(gui('/user/uploads'));
  await page.getByRole('button', { name: 'Create a new upload' }).click();
  await expect(page.getByText('Drop files here or click to open dialog')).toBeVisible();
  const codes = page.getByRole('region', { name: 'Supported codes' });
  await expect(codes.getByText('Atomistic codes:')).toBeVisible();
  await codes.getByRole('button', { name: 'Quantum ESPRESSO' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quantum ESPRESSO' });
  await expect(dialog.getByRole('link', { name: 'https://www.quantum-espresso.org/' })).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Quantum ESPRESSO files' }).getByText('Mainfile'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
