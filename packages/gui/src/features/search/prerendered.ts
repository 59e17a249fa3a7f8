import type { EntriesQueryRequest, EntriesQueryResponse } from '@oasis/schema';
import { useLayoutEffect } from 'react';

// The server sends an entries search page with its first rows already drawn, over where the GUI draws
// the page, and the answer they came from (packages/server/src/routes/search-page-prerender.ts).
const PRERENDER_ID = 'oasis-prerendered-page';
const FIRST_PAGE_ID = 'oasis-first-page';

/** Removes the server's picture of the page: the GUI's own page is drawn (or failed) from here on. */
export function removePrerenderedPage(): void {
  document.getElementById(PRERENDER_ID)?.remove();
  document.getElementById(FIRST_PAGE_ID)?.remove();
}

/** Removes the picture in the commit where `drawn` becomes true, before the browser paints it. */
export function useRemovePrerenderedPage(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) removePrerenderedPage();
  }, [drawn]);
}

/**
 * The answer the server handed over with the page, if it answers exactly `body` (an anonymous page's
 * first request: the same owner, order and fields); read once. A browser that hides the picture (logged
 * in, or with its own columns or widgets) asks anew.
 */
export function takeHandedOverPage(body: EntriesQueryRequest): EntriesQueryResponse | undefined {
  const element = document.getElementById(FIRST_PAGE_ID);
  if (!element) return undefined;
  element.remove();
  if (document.documentElement.dataset.prerender === 'off') return undefined;
  try {
    const handed = JSON.parse(element.textContent ?? '') as {
      request?: unknown;
      response?: EntriesQueryResponse;
    };
    return JSON.stringify(handed.request) === JSON.stringify(body) ? handed.response : undefined;
  } catch {
    return undefined;
  }
}
