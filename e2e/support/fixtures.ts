import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a screenshot under e2e/screenshots (gitignored) for a person to look at. */
export const snap = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
};

export { naclCif } from '@oasis/server/testing/structures.ts';

export const gui = (pathname: string) => `/nomad-oasis/gui${pathname}`;
