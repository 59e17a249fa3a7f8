import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { plainHdf5, sampleHdf5 } from '@oasis/server/testing/hdf5-samples.ts';
import { gui, register, snap } from '../support/fixtures.ts';

/** The JavaScript a page has loaded so far, gzip (level 9, as the server's precompressed files). */
const watchScripts = (page: Page) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || !response.ok()) return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(url, gzipSync(body, { level: 9 }).length);
  });
  return {
    urls: () => new Set(scripts.keys()),
    kB: (urls?: ReadonlySet<string>) =>
      [...scripts].filter(([url]) => !urls || urls.has(url)).reduce((sum, [, bytes]) => sum + bytes, 0) /
      1000,
  };
};

/**
 * HDF5 in h5web: a user uploads an HDF5 file made here (NeXus: an NXdata group with signal and axes), opens
 * it in the upload's file browser, where h5web plots its default dataset through the oasis's h5grove; an
 * archive entry referencing one of its datasets shows the 'HDF5 datasets' card, which loads h5web on request,
 * and its archive browser shows the dataset beside the lanes when the referencing quantity is selected.
 */
test('an HDF5 file plots in h5web, in the file preview, the HDF5 datasets card and the archive browser', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, { username: 'hdf', firstName: 'Hedda', lastName: 'Fivé', password: 'hdf5-nexus-1' });

  // The upload is created first: the archive file names the HDF5 dataset by the upload's id.
  await page.goto(gui('/user/uploads'));
  await page.getByRole('button', { name: 'Create a new upload' }).click();
  await expect(page).toHaveURL(/\/user\/uploads\/upload\/id\/[A-Za-z0-9_-]{22}$/);
  const uploadUrl = page.url();
  const uploadId = /\/upload\/id\/([A-Za-z0-9_-]+)$/.exec(uploadUrl)![1]!;
  const reference = `/uploads/${uploadId}/raw/scan.h5#/entry/data/image`;
  const archive = JSON.stringify({ data: { name: 'Scan with an image', image: reference } });
  await expect(page.getByText('Drop files here or click to open dialog')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'scan.h5', mimeType: 'application/octet-stream', buffer: await sampleHdf5() },
    { name: 'scan.archive.json', mimeType: 'application/json', buffer: Buffer.from(archive) },
    { name: 'plain.h5', mimeType: 'application/octet-stream', buffer: await plainHdf5() },
  ]);
  await expect(page.getByRole('row', { name: /scan\.archive\.json.*SUCCESS/ })).toBeVisible();

  // The file browser's preview: h5web opens the file at its root, whose NeXus default is the NXdata image.
  await page.goto(`${uploadUrl}/files/scan.h5/preview`);
  const viewer = page.getByTestId('h5-viewer');
  await expect(viewer.locator('canvas').first()).toBeVisible();
  // The NXdata axis with its units, and the signal's name and units as the plot's title.
  await expect(viewer.getByText('x (mm)')).toBeVisible();
  await expect(viewer.getByText('image (counts)')).toBeVisible();
  await snap(page, 'hdf5-01-file-preview');

  // A file without a NeXus default opens with its tree shown and its first dataset selected (not the
  // root's 'Nothing to display'); hiding and showing the tree keeps the viewer its width.
  await page.goto(`${uploadUrl}/files/plain.h5/preview`);
  const plain = page.getByTestId('h5-viewer');
  await expect(plain.getByRole('heading', { name: /^measurement \/ raw \/ intensity/ })).toBeVisible();
  await expect(plain.locator('[role=treeitem][data-path="/measurement/raw/intensity"]')).toBeVisible();
  await expect(plain.locator('canvas').first()).toBeVisible();
  await expect(plain.getByText('Nothing to display')).toHaveCount(0);
  const width = async () => (await plain.boundingBox())?.width ?? 0;
  const shown = await width();
  expect(shown).toBeGreaterThan(300);
  await plain.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(plain.locator('[role=treeitem][data-path="/measurement/raw/intensity"]')).toBeHidden();
  expect(await width()).toBe(shown);
  await plain.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(plain.locator('[role=treeitem][data-path="/measurement/raw/intensity"]')).toBeVisible();
  await expect(plain.locator('canvas').first()).toBeVisible();
  await snap(page, 'hdf5-01b-plain-preview');

  // The entry page: the card lists the referenced dataset; h5web loads only when it is opened.
  await page.goto(uploadUrl);
  await page.getByRole('row', { name: /scan\.archive\.json.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);
  const entryId = /\/entry\/id\/([A-Za-z0-9_-]{28})/.exec(page.url())![1]!;
  const scripts = watchScripts(page);
  await page.reload();
  await expect(page.getByText('HDF5 datasets')).toBeVisible();
  await expect(page.getByText('scan.h5/entry/data/image')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = scripts.urls();
  const beforeKb = scripts.kB(before);
  expect([...before].filter((url) => url.includes('H5WebApp'))).toEqual([]);
  await page.getByRole('button', { name: 'Open in h5web' }).click();
  const card = page.getByTestId('h5-viewer');
  await expect(card.locator('canvas').first()).toBeVisible();
  // The dataset itself (not its NXdata group): a heatmap titled with its name, its path in h5web's bar.
  await expect(card.getByText('image', { exact: true }).filter({ visible: true })).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  const afterKb = scripts.kB();
  expect([...scripts.urls()].some((url) => url.includes('H5WebApp'))).toBe(true);
  console.info(
    `entry page JS (gzip): ${beforeKb.toFixed(1)} kB before opening h5web, ${afterKb.toFixed(1)} kB after`,
  );
  // h5web is a chunk of its own: the overview did not load it.
  expect(afterKb - beforeKb).toBeGreaterThan(100);
  // h5web's search lists the file's paths through the oasis's h5grove (`paths`) and opens a hit (its
  // sidebar needs 650 px: the card has them, the archive browser's side panel not).
  await card.getByRole('button', { name: 'Toggle sidebar' }).click();
  const listed = page.waitForResponse((response) => response.url().includes('/h5grove/paths'));
  await card.getByRole('tab', { name: 'Search' }).click();
  expect((await listed).status()).toBe(200);
  await card.getByLabel('Path to search').fill('temp');
  const hit = card.locator('[role=treeitem][data-path="/entry/instrument/detector/temperature"]');
  await expect(hit).toBeVisible();
  await expect(card.locator('[role=treeitem]')).toHaveCount(1);
  await hit.click();
  await expect(
    card.getByRole('heading', { name: /^entry \/ instrument \/ detector \/ temperature/ }),
  ).toBeVisible();
  // The scalar (float32 in the file) shows its value.
  await expect(card.getByText('293.5')).toBeVisible();
  await snap(page, 'hdf5-02-entry-card');

  // The archive browser: selecting the quantity that refers to the dataset shows it in h5web beside the lanes.
  await page.goto(gui(`/entry/id/${entryId}/data/data/name`));
  await expect(page.getByTestId('quantity-value')).toHaveText('Scan with an image');
  await expect(page.getByTestId('lane-browser-side')).toHaveCount(0);
  await page.locator('[data-testid=lane-item][data-key=image]').click();
  await expect(page).toHaveURL(/\/data\/data\/image$/);
  const side = page.getByTestId('lane-browser-side');
  await expect(side).toContainText('scan.h5/entry/data/image');
  await expect(side.getByTestId('h5-viewer').locator('canvas').first()).toBeVisible();
  await snap(page, 'hdf5-03-archive-side');
});
