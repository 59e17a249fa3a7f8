import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makeZip } from '@oasis/server/testing/zip.ts';
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

const gromacsRun = new URL(
  '../../packages/server/src/processing/parsers/gromacs/fixtures/water-2022/',
  import.meta.url,
);

/**
 * A GROMACS run of our own (47 waters, 20 steps; the parser's fixture, so this runs on a clean clone):
 * the log with its energy file, trajectories, structure and topology makes one MD entry whose page
 * shows the thermodynamic trajectory and the water molecules' radius of gyration.
 */
test('a GROMACS run becomes an MD entry with its trajectory and its molecules', async ({ page }) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'berendsen',
    firstName: 'Herman',
    lastName: 'Berendsen',
    password: 'thermostat-84',
  });
  const names = ['run.log', 'run.edr', 'run.xtc', 'run.trr', 'run.gro', 'topol.top'];
  await uploadFiles(
    page,
    names.map((name) => ({ name, buffer: readFileSync(new URL(name, gromacsRun)) })),
  );
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  await page.getByRole('row', { name: /run\.log.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('GROMACS').first()).toBeVisible();
  await expect(page.getByText('MolecularDynamics').first()).toBeVisible();
  await expect(page.getByText('Thermodynamic properties')).toBeVisible();
  await expect(page.getByText('Structural properties')).toBeVisible();
  await expect(page.getByText('Radius of gyration').first()).toBeVisible();
  await snap(page, 'gromacs-md-entry');
});

/**
 * A code read since NOMAD's parser tests came (Psi4, the parser's own fixture: an RHF single point of
 * HF, then MP2): the upload page lists it, and its output becomes an entry of its program and molecule.
 */
test('a Psi4 output becomes an entry of its program and molecule; the code list names SIESTA to Yambo', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'sherrill',
    firstName: 'David',
    lastName: 'Sherrill',
    password: 'psi-four-09',
  });
  await page.goto(gui('/user/uploads'));
  await page.getByRole('button', { name: 'Create a new upload' }).click();
  const codes = page.getByRole('region', { name: 'Supported codes' });
  for (const name of ['SIESTA', 'WIEN2k', 'CRYSTAL', 'TURBOMOLE', 'xTB', 'DFTB+', 'DL_POLY', 'NAMD', 'YAMBO'])
    await expect(codes.getByRole('button', { name, exact: true })).toBeVisible();
  await codes.getByRole('button', { name: 'Psi4', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Psi4' });
  await expect(dialog.getByRole('link', { name: 'https://psicode.org/' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const output = new URL(
    '../../packages/server/src/processing/parsers/psi4/fixtures/hf-mp2.out',
    import.meta.url,
  );
  await uploadFiles(page, [{ name: 'hf.out', buffer: readFileSync(output) }]);
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  await page.getByRole('row', { name: /hf\.out.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('FH Psi4 calculation').first()).toBeVisible();
  await expect(page.getByText('1.9.1').first()).toBeVisible();
  await expect(page.getByText('molecule / cluster').first()).toBeVisible();
  await snap(page, 'psi4-entry');
});

/** A phonopy run (FHI-aims displacements of Ge): a Phonon workflow whose page shows the phonons. */
test('a phonopy run becomes a phonon entry with its band structure, DOS and thermodynamics', async ({
  page,
}) => {
  test.skip(!existsSync(codes), 'needs ../shared/samples/codes (the shared sample files)');
  await page.goto(gui('/'));
  await register(page, {
    username: 'togo',
    firstName: 'Atsushi',
    lastName: 'Togo',
    password: 'dynamical-08',
  });
  const folder = 'phonopy/Ge/';
  const displaced = 'phonopy-FHI-aims-displacement-01/';
  const zip = makeZip({
    'Ge/geometry.in': sample(`${folder}geometry.in`),
    'Ge/control.in': sample(`${folder}control.in`),
    [`Ge/${displaced}control.in`]: sample(`${folder}${displaced}control.in`),
    [`Ge/${displaced}geometry.in`]: sample(`${folder}${displaced}geometry.in`),
    [`Ge/${displaced}phonopy-FHI-aims-displacement-01.out`]: sample(
      `${folder}${displaced}phonopy-FHI-aims-displacement-01.out`,
    ),
  });
  await uploadFiles(page, [{ name: 'ge-phonons.zip', buffer: zip }]);
  // The phonon workflow and the FHI-aims single point of the displaced supercell.
  await expect(page.getByText('2/2 entries processed')).toBeVisible();
  await page.getByRole('row', { name: /control\.in.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await expect(page.getByText('Vibrational properties')).toBeVisible();
  await expect(page.getByText('Phonon band structure')).toBeVisible();
  await expect(page.getByText('Phonon density of states')).toBeVisible();
  await expect(page.getByText('Heat capacity').first()).toBeVisible();
  await expect(page.getByText('Helmholtz free energy').first()).toBeVisible();
  await snap(page, 'phonopy-entry');
});
