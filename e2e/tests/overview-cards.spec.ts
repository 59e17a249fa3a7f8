import { readFileSync } from 'node:fs';
import { propertyArchiveFiles } from '@oasis/server/testing/property-archives.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gui, register, snap, uploadFiles } from '../support/fixtures.ts';
import { softwareWebGl } from '../support/webgl.ts';

// WebGL without a GPU: Chromium's software renderer.
test.use({ launchOptions: softwareWebGl });

/** The URLs of the scripts the page loads from now on. */
const scriptsOf = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
};

/** The card whose heading is `title`. */
const card = (page: Page, title: string) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The axis titles Plotly drew into the SVG of the plot named `name`. */
const axisTitles = (scope: Locator, name: string) =>
  scope.getByRole('img', { name, exact: true }).locator('.g-xtitle, .g-ytitle');

/**
 * NOMAD archive files made in code (a phonon calculation, an MD run, an equation of state, an EELS
 * spectrum, a solar cell and notes referencing the phonon entry) are uploaded and processed; their entry
 * pages show the vibrational, thermodynamic, structural, dynamical, mechanical, spectroscopic and solar
 * cell cards, the plots drawn by Plotly, and the phonon entry lists the notes as referencing it.
 */
test('archive files with property results show their property cards', async ({ page }) => {
  // The Brillouin zone's drawing loads lazily, only for a band structure.
  const scripts = scriptsOf(page);
  await page.goto(gui('/'));
  await register(page, {
    username: 'debye',
    firstName: 'Peter',
    lastName: 'Debye',
    password: 'phonons-1912',
  });
  await uploadFiles(page, propertyArchiveFiles());
  await expect(page.getByText('6/6 entries processed')).toBeVisible();

  await page.getByRole('row', { name: /phonon\.archive\.json.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
  const vibrational = card(page, 'Vibrational properties');
  await expect(vibrational).toBeVisible();
  await expect(vibrational.locator('svg.main-svg').first()).toBeVisible();
  await expect(axisTitles(vibrational, 'heat capacity')).toHaveText([
    'Temperature (K)',
    'Heat capacity (eV/K)',
  ]);
  await expect(axisTitles(vibrational, 'helmholtz free energy')).toHaveText([
    'Temperature (K)',
    'Helmholtz free energy (eV)',
  ]);
  // The k-path labels of the phonon band structure are its x ticks.
  await expect(
    vibrational.getByRole('img', { name: 'phonon band structure' }).locator('.xtick text').first(),
  ).toHaveText('Γ');
  await expect(axisTitles(vibrational, 'phonon density of states')).toHaveText([
    'DOS (states/eV)',
    'Energy (eV)',
  ]);
  await expect(vibrational.getByText(/Could not load/)).toHaveCount(0);
  await expect(
    card(page, 'Referenced by').getByRole('link', { name: 'Phonon analysis notes' }),
  ).toBeVisible();
  await snap(page, '41-phonon-entry');

  await page.goBack();
  await page.getByRole('row', { name: /md\.archive\.json.*SUCCESS/ }).click();
  const thermodynamic = card(page, 'Thermodynamic properties');
  await expect(axisTitles(thermodynamic, 'trajectory temperature')).toHaveText([
    'Time (fs)',
    'Temperature (K)',
  ]);
  await expect(axisTitles(thermodynamic, 'trajectory pressure')).toHaveText(['Time (fs)', 'Pressure (GPa)']);
  const structural = card(page, 'Structural properties');
  await expect(axisTitles(structural, 'radial distribution function')).toHaveText(['Distance (Å)', 'g(r)']);
  await expect(axisTitles(structural, 'radius of gyration')).toHaveText([
    'Time (fs)',
    'Radius of gyration (Å)',
  ]);
  const dynamical = card(page, 'Dynamical properties');
  await expect(dynamical.getByText('2.3e-4 Å²/fs')).toBeVisible();
  await expect(axisTitles(dynamical, 'mean squared displacement')).toHaveText(['Time (fs)', 'MSD (Å²)']);
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await expect(card(page, 'History').getByText(/^Processed/)).toBeVisible();
  await snap(page, '42-md-entry');

  await page.goBack();
  await page.getByRole('row', { name: /eos\.archive\.json.*SUCCESS/ }).click();
  const mechanical = card(page, 'Mechanical properties');
  await expect(mechanical.getByText('88 GPa')).toBeVisible();
  await expect(axisTitles(mechanical, 'energy-volume curve')).toHaveText(['Volume (Å³)', 'Energy (eV)']);
  // The raw points and the Birch-Murnaghan fit.
  await expect(mechanical.locator('.legendtext')).toHaveText(['raw', 'birch murnaghan']);
  await snap(page, '44-eos-entry');

  await page.goBack();
  await page.getByRole('row', { name: /eels\.archive\.json.*SUCCESS/ }).click();
  const spectroscopic = card(page, 'Spectroscopic properties');
  await expect(axisTitles(spectroscopic, 'spectra')).toHaveText(['Energy (eV)', 'Intensity']);
  await page.goBack();
  // Six entries: the last one is on the second page of five.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await page.getByRole('row', { name: /solar\.archive\.json.*SUCCESS/ }).click();
  const solar = card(page, 'Solar cell properties');
  await expect(solar.getByText('18.5 %')).toBeVisible();
  await expect(solar.getByText('23.1 mA/cm²')).toBeVisible();
  await expect(solar.getByText('Spiro-MeOTAD').first()).toBeVisible();
  // No band structure on these pages: the Brillouin zone's code never loaded.
  expect(scripts.filter((url) => url.includes('BrillouinZoneScene'))).toEqual([]);
});

test.describe('electronic card', () => {
  /** A silicon band structure of the VASP parser's tests (not ../shared, so this runs anywhere). */
  const bands = readFileSync(
    new URL(
      '../../packages/server/src/processing/parsers/vasp/fixtures/bands-Si.vasprun.xml',
      import.meta.url,
    ),
  );

  test('a band structure shows its Brillouin zone with the k-path and the energy reference', async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto(gui('/'));
    await register(page, {
      username: 'bloch',
      firstName: 'Felix',
      lastName: 'Bloch',
      password: 'bands-1928',
    });
    await uploadFiles(page, [{ name: 'vasprun.xml', buffer: bands }]);
    await expect(page.getByText('1/1 entries processed')).toBeVisible();
    await page.getByRole('row', { name: /vasprun\.xml.*SUCCESS/ }).click();
    const electronic = card(page, 'Electronic properties');
    await expect(electronic.getByLabel('Brillouin zone', { exact: true })).toBeVisible();
    // The high-symmetry points of the path are labelled in the zone.
    const zone = electronic.getByTestId('brillouin-zone');
    await expect(zone.getByText('Γ', { exact: true }).first()).toBeVisible();
    await expect(electronic.getByText('Could not load Brillouin zone.')).toHaveCount(0);
    await expect(electronic.getByText(/relative to the highest occupied energy/)).toBeVisible();
    await snap(page, '43-brillouin-zone');
    expect(scripts.some((url) => url.includes('BrillouinZoneScene'))).toBe(true);
    expect(scripts.some((url) => /three\.module/.test(url))).toBe(true);
  });
});
