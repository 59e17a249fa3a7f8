import type { LaunchOptions } from '@playwright/test';
import config from '../playwright.config.ts';

/**
 * The shared launch options with Chromium's software WebGL renderer (SwiftShader) instead of
 * `--disable-gpu`: recent Chromium versions draw WebGL without a GPU only when asked to.
 */
export const softwareWebGl: LaunchOptions = {
  ...config.use?.launchOptions,
  args: [
    ...(config.use?.launchOptions?.args ?? []).filter((arg) => arg !== '--disable-gpu'),
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
};
