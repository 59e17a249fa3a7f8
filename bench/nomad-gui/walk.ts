// Walks NOMAD's GUI in Chromium and records, per page, every failed request (status >= 400 or a network
// failure) and every console error (and uncaught page error), with what the page showed.
import type { Browser, BrowserContext, Page, Request, Response } from '@playwright/test';

export interface PageReport {
  name: string;
  url: string;
  failedRequests: string[];
  consoleErrors: string[];
  /** Error events the window saw (uncaught errors and errors the browser does not log). */
  errorEvents: string[];
  /** What the page showed (a heading, rows, the signed-in user) or why the step could not finish. */
  notes: string[];
}

export interface WalkTarget {
  guiUrl: string;
  guiOrigin: string;
  oasisOrigin: string;
  username: string;
  password: string;
  uploadId: string;
  entryId: string;
}

/** Waits until the page's requests have stopped for a while (at most `timeoutMs`; polling pages never stop). */
const settle = async (page: Page, timeoutMs = 20_000) => {
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
  await page.waitForTimeout(1500);
};

const where = (url: string, target: WalkTarget) => {
  const origin = (() => {
    try {
      return new URL(url).origin;
    } catch {
      return '';
    }
  })();
  if (origin === target.oasisOrigin) return 'oasis';
  if (origin === target.guiOrigin) return 'gui';
  return 'external';
};

const short = (text: string, max = 400) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)} ...` : line;
};

/** NOMAD's notice about cookies, shown in a snackbar until accepted: no error. */
const COOKIE_NOTICE = /^NOMAD only uses cookies/;

/**
 * NOMAD's visible error messages: its error snackbars (ErrorSnacks), error alerts, the root error of
 * index.html and the error boundary's message.
 */
const visibleErrors = async (page: Page): Promise<string[]> => {
  const texts = await page
    .locator(
      '.MuiSnackbarContent-message, .MuiAlert-standardError, .MuiAlert-filledError, .MuiAlert-outlinedError, ' +
        '#rootError, :text("Something went wrong")',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => (element as HTMLElement).innerText),
    )
    .catch(() => [] as string[]);
  return [
    ...new Set(texts.map((text) => short(text, 300)).filter((text) => text && !COOKIE_NOTICE.test(text))),
  ];
};

/**
 * Error events that reach the window without being logged (e.g. ResizeObserver's loop error), recorded
 * before the page's own listeners run: NOMAD's index.html handles them with a listener of its own.
 */
const WATCH_ERROR_EVENTS = () => {
  window.addEventListener(
    'error',
    (event) => {
      if (!(event instanceof ErrorEvent)) return;
      const report = (window as unknown as { __reportErrorEvent?: (text: string) => void })
        .__reportErrorEvent;
      report?.(`${event.message}${event.filename ? ` (${event.filename}:${event.lineno})` : ''}`);
    },
    true,
  );
};

/** Identical lines once, with how often they occurred. */
export const counted = (lines: string[]) => {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, n]) => (n > 1 ? `${line} (x${n})` : line));
};

interface Step {
  name: string;
  /** Navigates (or clicks) and returns notes on what the page showed. */
  run(page: Page): Promise<string[]>;
}

const textOf = async (page: Page, selector: string) =>
  short(
    (await page
      .locator(selector)
      .first()
      .innerText({ timeout: 2000 })
      .catch(() => '')) || '',
    120,
  );

const steps = (target: WalkTarget): Step[] => {
  const go = async (page: Page, path: string) => {
    await page.goto(`${target.guiUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await settle(page);
  };
  const title = async (page: Page) => {
    const heading = await textOf(page, 'h1, h2, h3, h4, h5, h6');
    return [`document title "${await page.title()}"${heading ? `, first heading "${heading}"` : ''}`];
  };
  return [
    {
      name: 'About',
      run: async (page) => {
        await go(page, '/about/information');
        return title(page);
      },
    },
    {
      name: 'Entries search',
      run: async (page) => {
        await go(page, '/search/entries');
        const rows = await page.locator('table tbody tr').count();
        const results = await textOf(page, 'text=/\\d[\\d,]* (search )?results?/i');
        return [...(await title(page)), `${rows} table rows${results ? `, "${results}"` : ''}`];
      },
    },
    {
      name: 'Login',
      run: async (page) => {
        await go(page, '/about/information');
        const button = page.getByRole('button', { name: /login/i }).first();
        if (!(await button.isVisible().catch(() => false)))
          return ['no "Login / Register" button on the page'];
        await button.click();
        await page.waitForURL((url) => url.origin === target.oasisOrigin, { timeout: 30_000 });
        const form = short(
          await page
            .locator('h1')
            .first()
            .innerText({ timeout: 10_000 })
            .catch(() => ''),
        );
        await page.fill('input[name="username"]', target.username);
        await page.fill('input[name="password"]', target.password);
        await page.click('button[type="submit"]');
        await page.waitForURL((url) => url.origin === target.guiOrigin, { timeout: 30_000 });
        await settle(page);
        const logout = await page
          .getByRole('button', { name: /logout/i })
          .first()
          .isVisible()
          .catch(() => false);
        return [
          `provider form "${form}" submitted, back at ${page.url()}`,
          logout
            ? 'the GUI shows a Logout button (signed in)'
            : 'the GUI shows no Logout button (not signed in?)',
        ];
      },
    },
    {
      name: 'Uploads',
      run: async (page) => {
        await go(page, '/user/uploads');
        const listed = await page.getByText(target.uploadId).count();
        return [...(await title(page)), `upload ${target.uploadId} ${listed ? 'listed' : 'not listed'}`];
      },
    },
    {
      name: 'Upload page',
      run: async (page) => {
        await go(page, `/user/uploads/upload/id/${target.uploadId}`);
        const name = await page.getByText('NaCl.cif').count();
        return [...(await title(page)), `NaCl.cif ${name ? 'shown' : 'not shown'}`];
      },
    },
    {
      name: 'Entry page',
      run: async (page) => {
        await go(page, `/user/uploads/upload/id/${target.uploadId}/entry/id/${target.entryId}`);
        const formula = await page.getByText(/NaCl|ClNa/).count();
        return [...(await title(page)), `formula NaCl ${formula ? 'shown' : 'not shown'}`];
      },
    },
  ];
};

/**
 * What the oasis answers a request the browser reported as failed (`net::ERR_FAILED`: usually CORS), asked
 * again from Node: a GET as it was sent, other methods by their preflight. raw: any URL the page asked, and
 * the CORS headers of the answer.
 */
const askAgain = async (request: Request, guiOrigin: string): Promise<string> => {
  const method = request.method();
  try {
    const headers = await request.allHeaders();
    const response =
      method === 'GET'
        ? await fetch(request.url(), {
            headers: Object.fromEntries(
              Object.entries(headers).filter(([name]) =>
                ['authorization', 'accept', 'origin'].includes(name),
              ),
            ),
          })
        : await fetch(request.url(), {
            method: 'OPTIONS',
            headers: {
              origin: guiOrigin,
              'access-control-request-method': method,
              'access-control-request-headers': Object.keys(headers)
                .filter((name) => ['authorization', 'content-type'].includes(name))
                .join(','),
            },
          });
    const allowOrigin = response.headers.get('access-control-allow-origin');
    const body = method === 'GET' ? short(await response.text(), 160) : '';
    return `asked again from Node: ${method === 'GET' ? '' : 'preflight '}${response.status}, access-control-allow-origin ${allowOrigin ?? 'missing'}${body ? `, ${body}` : ''}`;
  } catch (error) {
    return `asked again from Node: ${error instanceof Error ? error.message : String(error)}`;
  }
};

/** Records requests and console output of the context into the current page's report. */
const record = (
  context: BrowserContext,
  target: WalkTarget,
  current: () => PageReport | undefined,
  pending: Promise<unknown>[],
) => {
  context.on('requestfailed', (request: Request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // A navigation that replaces a document aborts its pending requests: not a failure of the page.
    if (failure === 'net::ERR_ABORTED' && request.resourceType() !== 'document') return;
    const report = current();
    if (!report) return;
    const kind = where(request.url(), target);
    const line = `${request.method()} ${request.url()} -> ${failure} [${kind}, ${request.resourceType()}]`;
    if (kind === 'oasis' && failure === 'net::ERR_FAILED')
      pending.push(
        askAgain(request, target.guiOrigin).then((again) => report.failedRequests.push(`${line} (${again})`)),
      );
    else report.failedRequests.push(line);
  });
  context.on('response', (response: Response) => {
    if (response.status() < 400) return;
    const request = response.request();
    const report = current();
    if (!report) return;
    pending.push(
      response
        .text()
        .catch(() => '')
        .then((body) =>
          report.failedRequests.push(
            `${request.method()} ${response.url()} -> ${response.status()} [${where(response.url(), target)}, ${request.resourceType()}]` +
              (body ? ` ${short(body, 200)}` : ''),
          ),
        ),
    );
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location();
    current()?.consoleErrors.push(
      short(message.text(), 600) + (location.url ? ` (${location.url}:${location.lineNumber})` : ''),
    );
  });
  context.on('weberror', (error) => {
    current()?.consoleErrors.push(`uncaught: ${short(error.error().stack ?? error.error().message, 600)}`);
  });
};

export const walk = async (browser: Browser, target: WalkTarget): Promise<PageReport[]> => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const reports: PageReport[] = [];
  let report: PageReport | undefined;
  const pending: Promise<unknown>[] = [];
  record(context, target, () => report, pending);
  await context.exposeBinding('__reportErrorEvent', (_source, text: string) =>
    report?.errorEvents.push(short(text, 600)),
  );
  await context.addInitScript(WATCH_ERROR_EVENTS);
  const page = await context.newPage();
  try {
    for (const step of steps(target)) {
      report = {
        name: step.name,
        url: '',
        failedRequests: [],
        consoleErrors: [],
        errorEvents: [],
        notes: [],
      };
      reports.push(report);
      try {
        report.notes.push(...(await step.run(page)));
      } catch (error) {
        report.notes.push(
          `step did not finish: ${short(error instanceof Error ? error.message : String(error))}`,
        );
        await settle(page, 5000);
      }
      report.url = page.url();
      const shown = await visibleErrors(page);
      if (shown.length) report.notes.push(...shown.map((text) => `shows error: ${text}`));
      // Responses whose bodies are still being read land in this page's report.
      await page.waitForTimeout(300);
      await Promise.all(pending.splice(0));
    }
  } finally {
    report = undefined;
    await context.close();
  }
  return reports;
};
