import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { makeZip } from '@oasis/server/testing/zip.ts';
import { gui, naclCif, register, snap, uploadFiles } from '../support/fixtures.ts';

/** A PNG of `size` x `size` red pixels, written byte by byte. */
function redPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([255, 0, 0]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF saying `text`, with a correct cross-reference table. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 20 50 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** 3000 numbered lines, 33 kB: three 16384-byte chunks. */
const bigText = Array.from({ length: 3000 }, (_, i) => `line ${String(i).padStart(5, '0')}\n`).join('');

const lanes = (page: Page) => page.getByTestId('lane');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const item = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${escaped(name)}`) });

test('files are browsed, previewed, moved and deleted; lanes are URLs; the entry tab shows its mainfile', async ({
  page,
}) => {
  const workerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('pdf.worker')) workerRequests.push(request.url());
  });
  await page.goto(gui('/'));
  await register(page, {
    username: 'fileuser',
    firstName: 'Rosalind',
    lastName: 'Franklin',
    password: 'photo-51x',
  });

  const zip = makeZip({
    'data/big.txt': bigText,
    'data/image.png': redPng(8),
    'data/doc.json': JSON.stringify({ name: 'oasis', values: [1, 2, 3] }),
    'docs/paper.pdf': onePagePdf('Hello PDF'),
    'NaCl.cif': naclCif,
  });
  await uploadFiles(page, [{ name: 'files.zip', buffer: zip }]);
  await expect(page.getByRole('row', { name: /NaCl\.cif.*SUCCESS/ })).toBeVisible();
  const uploadUrl = new URL(page.url()).pathname;

  // The overview's first step has a browser of its own: 500 items a page, lanes below the upload path.
  const stepperListing = page.waitForRequest(
    (request) => /\/rawdir\/?\?/.test(request.url()) && request.url().includes('page_size=500'),
  );
  await page.reload();
  await stepperListing;
  await item(page, 'data').click();
  await expect(page).toHaveURL(new RegExp(`${escaped(uploadUrl)}/data$`));
  await expect(item(page, 'big.txt')).toBeVisible();
  await expect(page.getByText('Prepare and upload your files')).toBeVisible();

  await page.getByRole('tab', { name: 'files' }).click();
  await expect(page.getByRole('heading', { name: 'Upload files' })).toBeVisible();
  await expect(item(page, 'NaCl.cif')).toContainText('cif');
  await item(page, 'data').click();
  await expect(lanes(page)).toHaveCount(2);

  // Text: the first 16384-byte chunk, and the next one once scrolled to the end.
  await item(page, 'big.txt').click();
  await expect(page.getByTestId('file-size')).toHaveText('33.0 kB');
  await item(page, 'preview').click();
  const text = page.getByTestId('text-preview');
  await expect(text).toContainText('line 00000');
  await expect(text).not.toContainText('line 02000');
  await text.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(text).toContainText('line 02000');
  await snap(page, 'file-browser-text');

  // Image and JSON.
  await item(page, 'image.png').click();
  await item(page, 'preview').click();
  const image = page.getByTestId('image-preview');
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(8);
  await item(page, 'doc.json').click();
  await item(page, 'preview').click();
  await expect(page.getByTestId('json-preview')).toContainText('"name": "oasis"');

  // PDF through pdf.js, its worker served by the oasis itself.
  await page.goto(`${uploadUrl}/files/docs/paper.pdf/preview`);
  await expect(page.getByTestId('pdf-page')).toBeVisible();
  expect(workerRequests.length).toBeGreaterThan(0);
  for (const url of workerRequests) expect(new URL(url).origin).toBe(new URL(page.url()).origin);

  // Downloads: the file as it is, the folder as a zip.
  const fileDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download file' }).click();
  expect((await fileDownload).suggestedFilename()).toBe('paper.pdf');
  const folderDownload = page.waitForEvent('download');
  await lanes(page).nth(1).getByRole('link', { name: 'Download folder' }).click();
  const folderZip = await folderDownload;
  expect(folderZip.suggestedFilename()).toBe('docs.zip');
  expect((await readFile(await folderZip.path())).subarray(0, 2).toString()).toBe('PK');

  // A deep link restores every lane after a reload.
  await page.reload();
  await expect(lanes(page)).toHaveCount(4);
  await expect(item(page, 'docs')).toHaveClass(/Mui-selected/);
  await expect(page.getByTestId('pdf-page')).toBeVisible();
  await snap(page, 'file-browser-pdf');

  // Move doc.json into docs.
  await page.goto(`${uploadUrl}/files/data/doc.json`);
  await page.getByRole('button', { name: 'Move file' }).click();
  await page.getByLabel('Target folder').fill('docs');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page).toHaveURL(/\/files\/data$/);
  await expect(item(page, 'doc.json')).toHaveCount(0);
  await item(page, 'big.txt').click();

  // Delete big.txt.
  await page.getByRole('button', { name: 'Delete file' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/files\/data$/);
  await expect(item(page, 'big.txt')).toHaveCount(0);
  await expect(item(page, 'image.png')).toBeVisible();

  // A new folder in the root; doc.json arrived in docs.
  await lanes(page).first().getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill('results');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    lanes(page)
      .first()
      .getByRole('link', { name: /^results/ }),
  ).toBeVisible();
  await item(page, 'docs').click();
  await expect(item(page, 'doc.json')).toBeVisible();

  // Upload into a folder: a new file, then one of the same name, which asks before overwriting.
  const docsLane = lanes(page).nth(1);
  await docsLane.getByRole('button', { name: 'Upload files' }).click();
  const notes = (text: string) => ({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await docsLane.locator('input[type=file]').setInputFiles(notes('first notes'));
  await expect(docsLane.getByRole('link', { name: /^notes\.txt/ })).toBeVisible();
  await docsLane.locator('input[type=file]').setInputFiles(notes('second notes'));
  await expect(
    page.getByText(
      'There is already a file with the same name in this path. Do you want to overwrite the file?',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await docsLane.getByRole('link', { name: /^notes\.txt/ }).click();
  await item(page, 'preview').click();
  await expect(page.getByTestId('text-preview')).toHaveText('second notes');

  // Duplicate proposes '(Copy) {name}'.
  await page.getByRole('button', { name: 'Duplicate file' }).click();
  await expect(page.getByLabel('File name')).toHaveValue('(Copy) notes.txt');
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(item(page, '(Copy) notes.txt')).toBeVisible();

  // A CIF in the structure viewer (or, without WebGL, its message), not the text viewer.
  await page.goto(`${uploadUrl}/files/NaCl.cif/preview`);
  await expect(
    lanes(page)
      .last()
      .locator('canvas')
      .or(page.getByText(/browser does not support WebGL/))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Failed to open with/)).toHaveCount(0);

  // The entry's files tab: the mainfile's folder, the mainfile highlighted and opened.
  await page.goto(uploadUrl);
  await page.getByRole('row', { name: /NaCl\.cif/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  await page.getByRole('tab', { name: 'files' }).click();
  await expect(page).toHaveURL(/\/files\/_mainfile$/);
  await expect(page.getByText('Entry files')).toBeVisible();
  const mainfile = page.getByRole('link', { name: /^NaCl\.cif/ });
  await expect(mainfile).toHaveClass(/Mui-selected/);
  await expect(page.getByRole('link', { name: 'processed data' })).toBeVisible();
  await snap(page, 'file-browser-entry');
});
