import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient } from '@oasis/client';
import type { AppConfig, EntriesQueryResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEntriesApp } from '../config/default-apps.ts';
import { apiClient, uploadProcessed } from '../testing/http.ts';
import { seedUploads } from '../testing/seed-uploads.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';
import { firstPageRequest, prerenderedPage } from './search-page-prerender.ts';

const ROOT = '<div id="root" data-prerendered="search"></div>';
const INDEX = `<!doctype html><html><head><title>oasis</title></head><body>${ROOT}</body></html>`;

/** The rows' cells of the drawn result table, as text. */
const rowsOf = (html: string): string[][] => {
  const body = /<table aria-label="search results">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((cell) => cell[1]!),
  );
};

const handedOver = (html: string) =>
  JSON.parse(/<script type="application\/json" id="oasis-first-page">(.*?)<\/script>/.exec(html)![1]!) as {
    request: unknown;
    response: EntriesQueryResponse;
  };

describe('the entries search page in the HTML', () => {
  let server: TestServer;
  let alice: ApiClient;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'oasis-gui-dist-'));
  const page = async (route: string) => (await fetch(`${server.origin}/nomad-oasis/gui/${route}`)).text();

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    server = await startTestServer({ guiDistDir: dist });
    await seedUploads(server.ctx.db, {
      seed: 3,
      uploads: 2,
      entriesPerUpload: 15,
      from: '2022-01-01T00:00:00Z',
    });
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    // Alice's own entry is the newest, and not published: an anonymous page must not show it.
    await uploadProcessed(alice, 'data.zip', makeZip({ 'NaCl.cif': naclCif }));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("carries the first public rows, in the GUI's order, and the answer they came from", async () => {
    const expected = await apiClient(server).call('entriesQuery', {
      body: firstPageRequest(defaultEntriesApp),
    });
    // The HTML waits for the rows only so long: a cold index may miss it, the next page load has them.
    await expect.poll(async () => rowsOf(await page('search/entries')).length).toBe(20);
    const html = await page('search/entries');
    expect(html.indexOf('id="oasis-prerendered-page"')).toBeLessThan(html.indexOf(ROOT));
    expect(rowsOf(html).map((cells) => cells[0])).toEqual(expected.data.map((entry) => entry.entry_name));
    expect(html).toContain(`>20/30 results</h2>`);
    const answer = handedOver(html);
    expect(answer.request).toEqual(firstPageRequest(defaultEntriesApp));
    expect(answer.response.data.map((entry) => entry.entry_id)).toEqual(expected.data.map((e) => e.entry_id));
    const own = await alice.call('entriesQuery', { body: { owner: 'user', pagination: { page_size: 1 } } });
    expect(own.data).toHaveLength(1);
    expect(html).not.toContain(own.data[0]!.entry_id);
  });

  it('leaves pages it cannot draw as they are: filters in the URL, other apps and routes', async () => {
    for (const route of [
      'search/entries?upload_id=x',
      'search/materials',
      'search/eels',
      'about/information',
    ])
      expect(await page(route), route).toBe(INDEX);
  });

  it('escapes every value, and nothing in the handed-over answer closes its element', () => {
    const hostile = '<img src=x onerror=alert(1)></script><!--';
    const response = {
      owner: 'public',
      query: {},
      pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc', total: 1 },
      required: {},
      data: [
        {
          entry_id: `"><script>alert(2)</script>`,
          entry_name: hostile,
          entry_type: `' onmouseover='alert(3)`,
          upload_create_time: '2024-01-02T03:04:05Z',
          authors: [{ name: `A & B "C"` }],
          results: { material: { chemical_formula_hill: hostile } },
        },
      ],
    } as unknown as EntriesQueryResponse;
    const app: AppConfig = { ...defaultEntriesApp, label: hostile, description: hostile };
    const html = prerenderedPage('/nomad-oasis/gui', app, response)!;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('<script>');
    // Only the element's own end tag: the JSON writes < and > as escapes.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(rowsOf(html)[0]).toEqual([
      '&#60;img src&#61;x onerror&#61;alert(1)&#62;&#60;/script&#62;&#60;!--',
      '&#60;img src&#61;x onerror&#61;alert(1)&#62;&#60;/script&#62;&#60;!--',
      '&#39; onmouseover&#61;&#39;alert(3)',
      '02/01/2024 03:04',
      'A &#38; B &#34;C&#34;',
    ]);
    expect(handedOver(html).response.data[0]!.entry_name).toBe(hostile);
  });

  it('draws nothing when a shown value needs the GUI (a number with its unit)', () => {
    const app: AppConfig = {
      ...defaultEntriesApp,
      columns: [{ search_quantity: 'results.material.n_elements', selected: true, title: 'Elements' }],
    };
    const response = {
      pagination: { total: 1 },
      data: [{ entry_id: 'a', results: { material: { n_elements: 2 } } }],
    } as unknown as EntriesQueryResponse;
    expect(prerenderedPage('/nomad-oasis/gui', app, response)).toBeUndefined();
  });
});
