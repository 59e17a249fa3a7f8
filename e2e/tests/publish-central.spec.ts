import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { anonymousApi, gui, publishOpenUpload, register, uploadNaclCif } from '../support/fixtures.ts';

// 'Publish to central NOMAD' between two installations of this oasis on loopback: the target allows one
// account to import bundles, the sending oasis is configured with that account; an upload published on
// the sender is sent from its upload page and is found, published, on the target.
const COURIER_PASSWORD = 'bundle-courier-1';

let target: OwnServer;
let sender: OwnServer;

test.beforeAll(async () => {
  target = await startOwnServer({ oasis: { allowed_importers: ['courier'] } }, [
    [
      'users',
      'add',
      '--username',
      'courier',
      '--password',
      COURIER_PASSWORD,
      '--email',
      'courier@example.org',
    ],
  ]);
  sender = await startOwnServer({
    oasis: {
      central: { url: `${target.origin}/nomad-oasis/api`, username: 'courier', password: COURIER_PASSWORD },
    },
  });
});
test.afterAll(async () => {
  await sender?.close();
  await target?.close();
});

test('an upload published on one oasis is sent to the configured one and found there', async ({
  page,
  browser,
}) => {
  await page.goto(`${sender.origin}${gui('/about/information')}`);
  await register(page, {
    username: 'marie',
    firstName: 'Marie',
    lastName: 'Sender',
    password: 'two-oases-1',
  });
  const uploadId = await uploadNaclCif(page, sender.origin);

  // The step is there because the sender is configured, but only a published upload can be sent.
  await expect(page.getByText('Publish to central NOMAD', { exact: true })).toBeVisible();
  const send = page.getByRole('button', { name: 'Publish to Central NOMAD' });
  await expect(send).toBeDisabled();

  await publishOpenUpload(page);

  await expect(send).toBeEnabled();
  await send.click();
  await page
    .getByRole('dialog', { name: 'Confirm that you want to publish the upload to central NOMAD' })
    .getByRole('button', { name: 'Publish to Central NOMAD' })
    .click();
  await expect(page.getByText('This upload has already been published to central NOMAD.')).toBeVisible({
    timeout: 30_000,
  });

  // On the target, a visitor finds the entry of the same upload, published under Marie's name.
  const visitor = await browser.newPage();
  await visitor.goto(`${target.origin}${gui(`/search/entries?upload_id=${uploadId}`)}`);
  await expect(visitor.getByRole('row', { name: /NaCl/ })).toBeVisible();
  await expect(visitor.getByRole('row', { name: /Marie Sender/ })).toBeVisible();
  const { data } = await anonymousApi(target.origin).call('uploadById', { params: { upload_id: uploadId } });
  expect(data.published).toBe(true);
  await visitor.close();
});
