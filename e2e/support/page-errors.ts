import type { Page } from '@playwright/test';

/**
 * What the browser reports as errors while a page is used: console errors (a failed request is one in
 * Chromium), uncaught exceptions, and answers of 400 or more to the page's own requests. The list fills
 * as the page is used; a test asserts it empty at the end.
 */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}
