// `npm run bench:search-page`: in Chromium, for each of the pages people open first (the entries search,
// an entry's overview, a metainfo definition, the API documentation), the time from navigating to the
// first contentful paint and to the frame that paints the page's own content (result rows, the metadata
// card, a definition card, an operation), over BENCH_ENTRIES seeded entries (default 100000; seed them
// first with `npm run bench:search`, which keeps its data directory), and the JavaScript each page loads
// (gzip-compressed sizes, as served). BENCH_PAGES=search,entry selects pages; BENCH_TIMELINE=1 prints, per
// run, when each script and API request started and ended, to show what the content waits for;
// BENCH_LATENCY_MS=100 adds that much latency to every request (an installation across a network);
// BENCH_CPU_SLOWDOWN=2 runs the page's main thread that many times slower (a slower or busier machine).
// BENCH_DATABASE_URL=postgres://... serves entries seeded into that PostgreSQL database by
// `BENCH_DATABASE_URL=... npm run bench:search` (passed to the server as OASIS_DATABASE_URL), with the
// data directory (search snapshot) that run used, oasis-bench-search-${ENTRIES}-pg.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { ApiClient } from '@oasis/client';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8765);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
// The directory bench/search/main.ts names for the same entries.
const dataDir =
  process.env.BENCH_DATA_DIR ?? join(tmpdir(), `oasis-bench-search-${ENTRIES}${DATABASE_URL ? '-pg' : ''}`);
const root = resolve(import.meta.dirname, '../..');
const origin = `http://127.0.0.1:${PORT}`;
const gui = `${origin}/nomad-oasis/gui`;

/** A page, and the element whose first paint is its first content. */
interface BenchedPage {
  name: string;
  url: (entryId: string) => string;
  content: string;
}

const PAGES: BenchedPage[] = [
  {
    name: 'search',
    url: () => `${gui}/search/entries`,
    content: 'table[aria-label="search results"] tbody tr',
  },
  { name: 'entry', url: (entryId) => `${gui}/entry/id/${entryId}`, content: 'main .MuiCard-root h2' },
  {
    name: 'metainfo',
    url: () => `${gui}/analyze/metainfo/EntryArchive/results/material`,
    content: '[data-testid=definition-card]',
  },
  { name: 'api-docs', url: () => `${origin}/nomad-oasis/api/v1/docs`, content: '.opblock' },
];
const selected = process.env.BENCH_PAGES?.split(',');
const pages = PAGES.filter((page) => !selected || selected.includes(page.name));

/** Runs in the page before its scripts: marks 'content painted' in the frame that first shows `selector`. */
const CONTENT_WATCH = (selector: string) => {
  new MutationObserver((_records, observer) => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => performance.mark('content painted'));
  }).observe(document, { childList: true, subtree: true });
};

/** Runs in the page: what it loaded (fonts and styles aside), with start and end (ms since navigation). */
const TIMELINE = () =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => !/\.(woff2?|css)$/.test(entry.name))
    .map((entry) => {
      const name = entry.name.replace(/^.*\/(api\/v1\/|assets\/|gui\/)/, '');
      return `    ${entry.startTime.toFixed(0).padStart(5)} → ${entry.responseEnd.toFixed(0).padStart(5)} ms  ${name}`;
    })
    .join('\n');

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

/** RUNS navigations to `url`, each in a new context (nothing cached): the page's paint times and scripts. */
async function benchPage(browser: Browser, benched: BenchedPage, url: string): Promise<string> {
  console.log(`${benched.name}: ${url}`);
  const contentful: number[] = [];
  const painted: number[] = [];
  let scriptBytes = { raw: 0, gzip: 0, files: 0 };
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    if (LATENCY_MS > 0 || CPU_SLOWDOWN > 1) {
      const cdp = await context.newCDPSession(page);
      // An installation across a network: every request waits this long for its answer's first byte.
      if (LATENCY_MS > 0)
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: LATENCY_MS,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    // The page's own clock (performance.now() counts from the start of the navigation): the first
    // animation frame after the content entered the document is the frame that paints it.
    await page.addInitScript(CONTENT_WATCH, benched.content);
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(url);
    await page.locator(benched.content).first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('content painted').length > 0);
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      content: performance.getEntriesByName('content painted')[0]?.startTime,
    }));
    if (process.env.BENCH_TIMELINE) console.log(await page.evaluate(TIMELINE));
    contentful.push(timings.fcp ?? NaN);
    // Content in the HTML itself is marked before the first paint (which waits for the styles): it is
    // painted with it.
    painted.push(Math.max(timings.content ?? NaN, timings.fcp ?? NaN));
    console.log(
      `  run ${run + 1}: first contentful paint ${timings.fcp?.toFixed(0)} ms, content painted ${painted.at(-1)?.toFixed(0)} ms`,
    );
    const bodies = await Promise.all(scripts);
    scriptBytes = {
      raw: bodies.reduce((sum, body) => sum + body.length, 0),
      gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
      files: bodies.length,
    };
    await context.close();
  }
  return [
    `  ${benched.name}: first contentful paint ${summary(contentful)}`,
    `  ${' '.repeat(benched.name.length)}  content (${benched.content}) ${summary(painted)}`,
    `  ${' '.repeat(benched.name.length)}  JavaScript: ${scriptBytes.files} files, ${(scriptBytes.raw / 1024).toFixed(0)} kB raw, ${(scriptBytes.gzip / 1024).toFixed(0)} kB gzip`,
  ].join('\n');
}

const main = async () => {
  if (!DATABASE_URL && !existsSync(join(dataDir, 'db')))
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
      ...(DATABASE_URL ? { OASIS_DATABASE_URL: DATABASE_URL } : {}),
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
    const api = new ApiClient({ apiBase: `${origin}/nomad-oasis/api/v1` });
    const { pagination } = await api.call('entriesQuery', {
      body: { owner: 'public', pagination: { page_size: 1 } },
    });
    console.log(
      `Server up and search index built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${pagination.total} public entries.`,
    );

    const { data } = await api.call('entriesByQueryString', { query: { owner: 'public', page_size: 1 } });
    const entryId = data[0]?.entry_id ?? '';
    const results: string[] = [];
    for (const benched of pages) {
      results.push(await benchPage(browser, benched, benched.url(entryId)));
    }
    const slowdown = CPU_SLOWDOWN > 1 ? `, main thread ${CPU_SLOWDOWN}× slower` : '';
    console.log(
      `\nFirst content after navigation, median of ${RUNS} runs (each in a fresh context${slowdown}):`,
    );
    for (const line of results) console.log(line);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
};

await main();
