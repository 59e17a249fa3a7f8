import { expect, test } from '@playwright/test';
import { anonymousApi, gui, publishOpenUpload, register, snap, uploadNaclCif } from '../support/fixtures.ts';

/**
 * The resources API in the browser: the e2e server asks its own OPTIMADE API (global-setup.ts), so a
 * published rock salt's entry page lists, under Related resources, the published rock salts this
 * installation serves, its own record among them.
 */
test('a published entry shows the same material found through OPTIMADE as a related resource', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'olga',
    firstName: 'Olga',
    lastName: 'Ladyzhenskaya',
    password: 'navier-stokes',
  });
  const uploadId = await uploadNaclCif(page);
  await publishOpenUpload(page);

  const publicEntry = async () =>
    (
      await anonymousApi().call('entriesByQueryString', {
        query: { upload_id: uploadId, owner: 'public' },
      })
    ).data[0]?.entry_id;
  await expect.poll(publicEntry).toBeDefined();
  const entryId = (await publicEntry())!;
  await page.goto(gui(`/entry/id/${entryId}`));
  const card = page.locator('.MuiCard-root').filter({
    has: page.getByRole('heading', { name: 'Related resources', exact: true }),
  });
  // The card asks again while the server is asking the databases.
  const own = card.getByRole('link', { name: entryId });
  await expect(own).toBeVisible();
  await expect(own).toHaveAttribute('href', new RegExp(`/nomad-oasis/gui/entry/id/${entryId}$`));
  await expect(card.getByRole('cell', { name: 'This oasis' }).first()).toBeVisible();
  await snap(page, 'related-resources');

  // The APIs page lists it beside the own API, OPTIMADE and DCAT.
  await page.goto(gui('/analyze/apis'));
  for (const name of ['NOMAD API', 'OPTIMADE', 'DCAT', 'Resources'])
    await expect(page.getByRole('region', { name })).toBeVisible();
});
