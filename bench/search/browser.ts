// `npm run bench:search-page`: in Chromium, the time from navigating to the entries search page until its
// first result rows show, over BENCH_ENTRIES seeded entries (default 100000; seed them first with
// `npm run bench:search`, which keeps its data directory), and the JavaScript the search route loads
// (gzip-compressed sizes, as served).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8765);
const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `oasis-bench-search-${ENTRIES}`);
const root = resolve(import.meta.dirname, '../..');
const origin = `http://127.0.0.1:${PORT}`;
const searchUrl = `${origin}/nomad-oasis/gui/search/entries`;

const waitFor = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
};

const main = async () => {
  if (!existsSync(join(dataDir, 'db')))
    throw new Error(`${dataDir} holds no database: run BENCH_ENTRIES=${ENTRIES} npm run bench:search first.`);
  if (!existsSync(join(root, 'packages/gui/dist/index.html')))
    throw new Error('Build the GUI first: npm run build.');
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      OASIS_DATA_DIR: dataDir,
      OASIS_PUBLIC_URL: origin,
      OASIS_LOG: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const started = Date.now();
    await waitFor(`${origin}/nomad-oasis/api/v1/info`, 120_000);
    // The first search waits for the index to be built from the database; time it separately.
    const warm = await fetch(`${origin}/nomad-oasis/api/v1/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: 'public', pagination: { page_size: 1 } }),
    });
    const { pagination } = (await warm.json()) as { pagination: { total: number } };
    console.log(
      `Server up and search index built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${pagination.total} public entries.`,
    );

    const times: number[] = [];
    let scriptBytes = { raw: 0, gzip: 0, files: 0 };
    for (let run = 0; run < RUNS; run++) {
      // A new context each run: nothing cached from the previous navigation.
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().catch(() => Buffer.alloc(0)));
      });
      const navigated = performance.now();
      await page.goto(searchUrl);
      await page.locator('table[aria-label="search results"] tbody tr').first().waitFor({ timeout: 30_000 });
      times.push(performance.now() - navigated);
      // Where the time went: when the search request left and came back, against the page's clock.
      const request = await page.evaluate(() => {
        const timing = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/entries/query')) as PerformanceResourceTiming | undefined;
        return timing ? [timing.startTime, timing.responseEnd].map(Math.round) : [];
      });
      console.log(
        `  run ${run + 1}: search request ${request.join(' -> ')} ms, rows at ${times.at(-1)!.toFixed(0)} ms`,
      );
      const bodies = await Promise.all(scripts);
      scriptBytes = {
        raw: bodies.reduce((sum, body) => sum + body.length, 0),
        gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
        files: bodies.length,
      };
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(
      `First result rows after navigation: ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, ${RUNS} runs).`,
    );
    console.log(
      `JavaScript loaded by the search route: ${scriptBytes.files} files, ${(scriptBytes.raw / 1024).toFixed(0)} kB raw, ${(scriptBytes.gzip / 1024).toFixed(0)} kB gzip.`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
};

await main();
