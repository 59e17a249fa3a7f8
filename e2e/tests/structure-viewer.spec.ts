import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gui, naclCif, register, snap, uploadFiles } from '../support/fixtures.ts';
import { softwareWebGl } from '../support/webgl.ts';

/** Silicon in its two-atom primitive cell, as VASP's POSCAR writes it (written here, not a sample). */
const siPoscar = `Si diamond
1.0
0.0 2.715 2.715
2.715 0.0 2.715
2.715 2.715 0.0
Si
2
Direct
0.0 0.0 0.0
0.25 0.25 0.25
`;

/** A water molecule: no cell, so it is drawn whole (unwrapped) and cannot be written as CIF. */
const waterXyz = `3
water
O 0.0 0.0 0.0
H 0.96 0.0 0.0
H -0.24 0.93 0.0
`;

// WebGL without a GPU: Chromium's software renderer.
test.use({ launchOptions: softwareWebGl });

const canvasOf = (page: Page) => page.getByTestId('structure-canvas').locator('canvas');

/** The canvas as PNG bytes, once two shots in a row agree (the scene draws on the next frame). */
const settledShot = async (canvas: Locator): Promise<Buffer> => {
  let previous = await canvas.screenshot();
  for (let i = 0; i < 20; i++) {
    await canvas.page().waitForTimeout(150);
    const next = await canvas.screenshot();
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
};

const download = async (page: Page, format: 'cif' | 'xyz' | 'pdb') => {
  await page.getByRole('button', { name: 'Download structure' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
};

test('a structure turns in the viewer, toggles bonds and downloads as CIF, XYZ and PDB', async ({ page }) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'lawrence',
    firstName: 'Lawrence',
    lastName: 'Bragg',
    password: 'photo-51x',
  });
  await uploadFiles(page, [
    { name: 'NaCl.cif', buffer: Buffer.from(naclCif) },
    { name: 'Si.POSCAR', buffer: Buffer.from(siPoscar) },
    { name: 'water.xyz', buffer: Buffer.from(waterXyz) },
  ]);
  await expect(page.getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Si\.POSCAR.*SUCCESS/ })).toBeVisible();
  const uploadUrl = page.url();

  // The name cell: the middle of the row is the mainfile's copy button.
  await page
    .getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })
    .getByRole('cell')
    .nth(1)
    .click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
  const canvas = canvasOf(page);
  await expect(canvas).toBeVisible();
  // The topology: the original system and its conventional cell.
  await expect(page.getByRole('button', { name: /^conventional cell/ })).toBeVisible();
  const before = await settledShot(canvas);
  await snap(page, '51-structure-viewer');

  // Turning the structure by dragging changes what is drawn.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  const turned = await settledShot(canvas);
  expect(turned.equals(before)).toBe(false);

  // Eight atoms: bonds are on by default; turning them off changes the drawing.
  const bonds = page.getByRole('switch', { name: 'Bonds' });
  await expect(bonds).toBeChecked();
  await bonds.click();
  await expect(bonds).not.toBeChecked();
  const withoutBonds = await settledShot(canvasOf(page));
  expect(withoutBonds.equals(turned)).toBe(false);
  // Back on, the drawing is the turned one again: toggles keep the rotation.
  await bonds.click();
  await expect(bonds).toBeChecked();
  expect((await settledShot(canvasOf(page))).equals(turned)).toBe(true);

  const cif = await download(page, 'cif');
  expect(cif.name).toBe('Cl4Na4.cif');
  expect(cif.text).toMatch(/^_cell_length_a 5\.64020000$/m);
  expect(cif.text.split('\n').filter((line) => /^(Na|Cl)\d+\s/.test(line))).toHaveLength(8);
  const xyz = await download(page, 'xyz');
  expect(xyz.name).toBe('Cl4Na4.xyz');
  expect(xyz.text.split('\n')[0]).toBe('8');
  expect(xyz.text).toContain('Lattice="5.64020000 0.00000000 0.00000000');
  const pdb = await download(page, 'pdb');
  expect(pdb.name).toBe('Cl4Na4.pdb');
  expect(pdb.text.split('\n')[0]).toBe(
    'CRYST1    5.640    5.640    5.640  90.00  90.00  90.00 P 1           1',
  );
  expect(pdb.text.split('\n').filter((line) => line.startsWith('HETATM'))).toHaveLength(8);

  // The primitive cell is not a system of the topology: nothing to download.
  await page.getByRole('button', { name: 'primitive', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Download structure' })).toBeDisabled();

  // The POSCAR's entry: silicon's two atoms, in every format.
  await page.goto(uploadUrl);
  await page
    .getByRole('row', { name: /Si\.POSCAR.*SUCCESS/ })
    .getByRole('cell')
    .nth(1)
    .click();
  await expect(canvasOf(page)).toBeVisible();
  const siXyz = await download(page, 'xyz');
  expect(siXyz.name).toBe('Si2.xyz');
  const lines = siXyz.text.trimEnd().split('\n');
  expect(lines[0]).toBe('2');
  expect(lines.slice(2).map((line) => line.split(/\s+/)[0])).toEqual(['Si', 'Si']);
  const siCif = await download(page, 'cif');
  expect(siCif.text).toMatch(/^_cell_angle_alpha 60\.000000$/m);
  await snap(page, '52-structure-viewer-poscar');

  // A molecule: unwrapped, without cell and lattice toggles; XYZ from its run system, no CIF.
  await page.goto(uploadUrl);
  await page
    .getByRole('row', { name: /water\.xyz.*SUCCESS/ })
    .getByRole('cell')
    .nth(1)
    .click();
  await expect(canvasOf(page)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Cell' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Lattice' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Wrap mode' })).toHaveText('unwrap');
  await expect(page.getByRole('switch', { name: 'Bonds' })).toBeChecked();
  const waterFile = await download(page, 'xyz');
  expect(waterFile.name).toBe('H2O.xyz');
  expect(
    waterFile.text
      .split('\n')
      .slice(2, 5)
      .map((line) => line.split(/\s+/)[0]),
  ).toEqual(['O', 'H', 'H']);
  await page.getByRole('button', { name: 'Download structure' }).click();
  await expect(page.getByRole('menuitem', { name: 'cif', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await snap(page, '53-structure-viewer-molecule');
});
