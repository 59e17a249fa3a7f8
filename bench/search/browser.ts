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

const ROWS = 'table[aria-label="search results"] tbody tr';

/** Runs in the page before its scripts: marks 'rows painted' in the frame that first shows a result row. */
const ROWS_SELECTOR_WATCH = (selector: string) => {
  new MutationObserver((_records, observer) => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => performance.mark('rows painted'));
  }).observe(document, { childList: true, subtree: true });
};

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.map((t) => t.toFixed(0)).join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ${sorted.length} runs)`;
};

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

    const seen: number[] = [];
    const painted: number[] = [];
    let scriptBytes = { raw: 0, gzip: 0, files: 0 };
    for (let run = 0; run < RUNS; run++) {
      // A new context each run: nothing cached from the previous navigation.
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      // The page's own clock: the first animation frame after rows entered the document is the frame
      // that paints them (performance.now() counts from the start of the navigation).
      await page.addInitScript(ROWS_SELECTOR_WATCH, ROWS);
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().catch(() => Buffer.alloc(0)));
      });
      const navigated = performance.now();
      await page.goto(searchUrl);
      await page.locator(ROWS).first().waitFor({ timeout: 30_000 });
      seen.push(performance.now() - navigated);
      const timings = await page.evaluate(() => {
        const request = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/entries/query')) as PerformanceResourceTiming | undefined;
        const frame = performance.getEntriesByName('rows painted')[0];
        return { request: request ? [request.startTime, request.responseEnd] : [], frame: frame?.startTime };
      });
      painted.push(timings.frame ?? NaN);
      console.log(
        `  run ${run + 1}: search request ${timings.request.map(Math.round).join(' -> ')} ms, rows painted at ${timings.frame?.toFixed(0)} ms, seen by the test at ${seen.at(-1)!.toFixed(0)} ms`,
      );
      const bodies = await Promise.all(scripts);
      scriptBytes = {
        raw: bodies.reduce((sum, body) => sum + body.length, 0),
        gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
        files: bodies.length,
      };
      await context.close();
    }
    console.log(`First result rows painted after navigation: ${summary(painted)}.`);
    console.log(`Seen by Playwright's locator (polling, after the page's next tasks): ${summary(seen)}.`);
    console.log(
      `JavaScript loaded by the search route: ${scriptBytes.files} files, ${(scriptBytes.raw / 1024).toFixed(0)} kB raw, ${(scriptBytes.gzip / 1024).toFixed(0)} kB gzip.`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
};

await main();
