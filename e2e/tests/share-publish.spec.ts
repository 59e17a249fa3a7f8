import { expect, test } from '@playwright/test';
import { anonymousApi, gui, login, naclCif, register, snap, uploadFiles } from '../support/fixtures.ts';
import { mailTo, registeredDois } from '../support/mailbox.ts';

/** How many entries of the upload a visitor finds. */
const entryCount = async (uploadId: string) =>
  (
    await anonymousApi().call('entriesQuery', {
      body: { owner: 'public', query: { upload_id: uploadId }, pagination: { page_size: 0 } },
    })
  ).pagination.total;

/**
 * Spec 3's sharing and publishing in a real browser: the author invites a colleague by mail, makes her a
 * co-author, she writes a comment; the upload is published with a 12-month embargo that hides it from
 * visitors until the author lifts it; a dataset groups the entry, gets a DOI from the DataCite-shaped peer
 * and is final from then on.
 */
test('two people share an upload, publish it with an embargo, lift it, and cite it by DOI', async ({
  page,
  browser,
}) => {
  await page.goto(gui('/about/information'));
  await register(page, {
    username: 'kathleen',
    firstName: 'Kathleen',
    lastName: 'Lonsdale',
    password: 'benzene-1929',
  });
  await uploadFiles(page, [{ name: 'NaCl.cif', buffer: Buffer.from(naclCif) }]);
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  const uploadUrl = page.url();
  const uploadId = uploadUrl.split('/').pop() ?? '';

  // The author invites a colleague who has no account yet; the mail carries the link to choose a password.
  await page.getByRole('button', { name: 'Edit upload members' }).click();
  const members = page.getByRole('dialog', { name: 'Edit upload members' });
  await members.getByRole('button', { name: 'Invite new user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a new user to NOMAD' });
  await invite.getByLabel('Email').fill('dorothy@example.org');
  await invite.getByLabel('First name').fill('Dorothy');
  await invite.getByLabel('Last name').fill('Hodgkin');
  await invite.getByLabel('Affiliation').fill('Oxford');
  await invite.getByRole('button', { name: 'Submit' }).click();
  await expect(invite).toBeHidden();
  await members.getByRole('combobox', { name: 'Role of Dorothy Hodgkin' }).click();
  await page.getByRole('option', { name: 'Co-author' }).click();
  await snap(page, 'share-01-members');
  await members.getByRole('button', { name: 'Submit' }).click();
  await expect(members).toBeHidden();

  const mail = await mailTo('dorothy@example.org');
  const link = /https?:\/\/\S*action-token\?token=[\w.~%-]+/.exec(mail)?.[0];
  expect(link, 'the invitation mail has a link').toBeTruthy();

  // The colleague chooses her password through the link and logs in; as co-author she edits the comment.
  const colleague = await browser.newPage();
  await colleague.goto(link ?? '');
  await colleague.getByLabel('Password', { exact: true }).fill('insulin-1969');
  await colleague.getByLabel('Confirm password').fill('insulin-1969');
  await colleague.getByRole('button', { name: 'Set password' }).click();
  await expect(colleague.getByText('Your password has been set.')).toBeVisible();
  await colleague.goto(gui('/about/information'));
  await login(colleague, 'dorothy@example.org', 'insulin-1969');
  await colleague.goto(uploadUrl);
  await colleague.getByRole('button', { name: 'Edit metadata of all the entries' }).click();
  const metadata = colleague.getByRole('dialog', { name: 'Edit upload metadata' });
  await metadata.getByLabel('Comment').fill('Grown from brine, measured at 300 K.');
  await metadata.getByRole('button', { name: 'Submit' }).click();
  await expect(metadata).toBeHidden();
  await colleague.close();

  // The author sees the comment, and publishes with a 12-month embargo.
  await page.reload();
  await page.getByRole('button', { name: 'Edit metadata of all the entries' }).click();
  const ownMetadata = page.getByRole('dialog', { name: 'Edit upload metadata' });
  await expect(ownMetadata.getByLabel('Comment')).toHaveValue('Grown from brine, measured at 300 K.');
  await ownMetadata.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('combobox', { name: 'Embargo period' }).click();
  await page.getByRole('option', { name: '12' }).click();
  await page.getByRole('button', { name: 'Publish with embargo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm that you want to publish the upload' });
  await confirm.getByRole('button', { name: 'Publish with embargo' }).click();
  await expect(page.getByText(/with an embargo of 12 months/)).toBeVisible();
  await snap(page, 'share-02-published-with-embargo');

  // A visitor finds nothing and cannot open the entry.
  const visitor = await browser.newPage();
  expect(await entryCount(uploadId)).toBe(0);
  await visitor.goto(gui(`/search/entries?upload_id=${uploadId}`));
  await expect(visitor.getByRole('heading', { name: 'no results' })).toBeVisible();

  // The author lifts the embargo; the visitor finds the entry and its comment.
  await page.getByRole('button', { name: 'Lift Embargo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lift Embargo' }).click();
  await expect(
    page.getByText('This upload is published. Its files and entries cannot be changed anymore.'),
  ).toBeVisible();
  await expect.poll(() => entryCount(uploadId)).toBe(1);
  await visitor.goto(gui(`/search/entries?upload_id=${uploadId}`));
  await visitor
    .getByRole('row', { name: /Cl4Na4/ })
    .getByRole('link', { name: 'Go to the entry page' })
    .click();
  await expect(visitor.getByText('Grown from brine, measured at 300 K.')).toBeVisible();
  await snap(visitor, 'share-03-visitor-finds-entry');
  await visitor.close();

  // A dataset groups the entry, gets a DOI from DataCite and can no longer be deleted.
  await page.getByRole('button', { name: 'Edit metadata of all the entries' }).click();
  const datasetEdit = page.getByRole('dialog', { name: 'Edit upload metadata' });
  await datasetEdit.getByLabel('Create a new dataset').fill('Rock salt');
  await datasetEdit.getByRole('button', { name: 'add entry to new dataset' }).click();
  await datasetEdit.getByRole('button', { name: 'Submit' }).click();
  await expect(datasetEdit).toBeHidden();
  await page.goto(gui('/user/datasets'));
  const row = page.getByRole('row', { name: /Rock salt/ });
  await row.getByRole('button', { name: 'assign a DOI to Rock salt' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm that you want to assign a DOI' })
    .getByRole('button', { name: 'Assign DOI' })
    .click();
  await expect(row.getByRole('link', { name: /^10\.80000\/oasis-e2e-\d+$/ })).toBeVisible();
  expect(registeredDois()).toHaveLength(1);
  expect(
    registeredDois()[0]
      ?.attributes.creators.map((creator) => creator.name)
      .join(';'),
  ).toMatch(/Lonsdale.*Hodgkin|Hodgkin.*Lonsdale/);
  await expect(row.getByRole('button', { name: 'delete Rock salt' })).toBeDisabled();
  await snap(page, 'share-04-dataset-with-doi');
  await row.getByRole('link', { name: 'open Rock salt' }).click();
  await expect(page.getByRole('heading', { name: 'Rock salt' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Cl4Na4/ })).toBeVisible();
});
