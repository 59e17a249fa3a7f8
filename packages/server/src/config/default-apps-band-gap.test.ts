// The band gap filter and widget of the default app search the quantity processing fills: a VASP band
// structure from the repository is processed by the real server and found by a band gap range.
import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { readFileSync } from 'node:fs';
import { BAND_GAP_SECTION, BAND_GAP_VALUE, type MenuItemConfig } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';
import { defaultEntriesApp } from './default-apps.ts';

const FIXTURE = new URL('../processing/parsers/vasp/fixtures/bands-Si.vasprun.xml', import.meta.url);

/** Every histogram quantity of a menu, with the nested_object section it is in. */
const histograms = (item: MenuItemConfig, section?: string): [string, string | undefined][] => {
  const own: [string, string | undefined][] =
    item.type === 'histogram' && typeof item.x === 'object' ? [[item.x.search_quantity, section]] : [];
  const inner = item.type === 'nested_object' ? item.path : section;
  const items = 'items' in item && Array.isArray(item.items) ? (item.items as MenuItemConfig[]) : [];
  return [...own, ...items.flatMap((child) => histograms(child, inner))];
};

interface Found {
  data: Array<{ mainfile: string; results?: { properties?: { electronic?: Record<string, unknown> } } }>;
  pagination: { total: number };
}

describe('the default band gap filter', () => {
  let server: TestServer;
  let token: string;
  let uploadId: string;

  const search = async (query: Record<string, unknown>) =>
    json<Found>(
      await fetch(
        `${server.api}/entries/query`,
        as(token, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ owner: 'user', query: { upload_id: uploadId, ...query } }),
        }),
      ),
    );

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'gapper');
    const zip = makeZip({ 'bands-Si/vasprun.xml': readFileSync(FIXTURE) });
    ({ upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=bands.zip`, as(token, { method: 'POST', body: zip })),
    ));
    await waitProcessed(server, uploadId, token);
  }, 60_000);
  afterAll(async () => server?.close());

  it('is the band gap of the band structure, in the menu and on the dashboard', () => {
    expect(histograms(defaultEntriesApp.menu!)).toContainEqual([BAND_GAP_VALUE, BAND_GAP_SECTION]);
    const widget = defaultEntriesApp.dashboard?.widgets?.find((w) => w.title === 'Band gap');
    expect(
      widget && 'x' in widget && typeof widget.x === 'object' ? widget.x.search_quantity : undefined,
    ).toBe(BAND_GAP_VALUE);
  });

  it('finds the processed VASP band structure by a band gap range', async () => {
    const all = await search({});
    expect(all.data.map((entry) => entry.mainfile)).toEqual(['bands-Si/vasprun.xml']);
    const gaps = (
      all.data[0]?.results?.properties?.electronic?.band_structure_electronic as
        Array<{ band_gap?: Array<{ value: number }> }> | undefined
    )?.[0]?.band_gap;
    const gap = gaps?.[0]?.value ?? Number.NaN;
    expect(gap / EV).toBeGreaterThan(0);

    // As the GUI sends a range of the menu's histogram: within the nested section, in joule.
    const within = await search({
      [BAND_GAP_SECTION]: { value: { gte: gap - 0.1 * EV, lte: gap + 0.1 * EV } },
    });
    expect(within.pagination.total).toBe(1);
    const above = await search({ [BAND_GAP_SECTION]: { value: { gte: gap + 0.1 * EV } } });
    expect(above.pagination.total).toBe(0);
    // And as a plain range on the quantity (the widget's and the search bar's form).
    expect((await search({ [BAND_GAP_VALUE]: { lte: gap + 0.1 * EV } })).pagination.total).toBe(1);
  });
});
