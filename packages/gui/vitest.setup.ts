import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * How long findBy* and waitFor wait for their condition: the one place that says how long tests wait.
 * Single calls pass no `{ timeout }` of their own, and no test sleeps for a fixed time.
 *
 * Sized for a loaded 2-core machine. The slowest wait is the first render of a lazily loaded page in a
 * test file, above all the search page: its chunk, MUI and the search context are imported and
 * evaluated in the test's jsdom. With two busy loops keeping both cores busy (and the full GUI suite
 * running), that first render (SearchPage.test.tsx, `findByRole('navigation', { name: 'Filters' })`)
 * took 32 s; the uploads page's took 25 s. Three times the slowest, rounded up: 100 s. A condition
 * that holds returns at once, so the allowance costs time only when a test fails.
 * Vitest's testTimeout (vite.config.ts) is twice this.
 */
const ASYNC_UTIL_TIMEOUT_MS = 100_000;

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// Vitest runs without globals, so Testing Library cannot register its automatic cleanup itself.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.sessionStorage.clear();
  window.localStorage.clear();
});

// jsdom does not implement scrolling; the shell scrolls to the top on every navigation.
window.scrollTo = () => undefined;
