import { expect, test } from '@playwright/test';
import { register, snap, uploadNaclCif } from '../support/fixtures.ts';
import { softwareWebGl } from '../support/webgl.ts';

// WebGL without a GPU: Chromium's software renderer (the card's structure viewer).
test.use({ launchOptions: softwareWebGl });

/**
 * The material card is 700 px high beside its viewer (spec 3 §2). At the widths where the viewer sits
 * beside the details (md and up), composition, symmetry and the lattice parameters fit that height:
 * nothing hides below an edge whose scroll bar many systems do not draw.
 */
test('the material card shows its lattice parameters without scrolling, at md and lg widths', async ({
  page,
}) => {
  await page.goto('/nomad-oasis/gui/');
  await register(page, {
    username: 'bragg',
    firstName: 'William Lawrence',
    lastName: 'Bragg',
    password: 'rock-salt-1913',
  });
  await uploadNaclCif(page);
  await page
    .getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })
    .getByRole('cell')
    .nth(1)
    .click();
  const details = page.getByRole('region', { name: 'material details' });
  const lattice = page.getByRole('table', { name: 'lattice parameters' });
  for (const width of [1280, 1000]) {
    await page.setViewportSize({ width, height: 1000 });
    await expect(lattice).toContainText('number of sites8');
    await expect(details).toContainText('rock salt');
    const overflow = await details.evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(overflow, `the details at ${width} px run ${overflow} px beyond the card`).toBeLessThanOrEqual(0);
    await snap(page, `material-card-${width}`);
  }
});
