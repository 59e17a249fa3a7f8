import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger, Plugin } from 'vite';
import { checkBudgets, measureRoutes, REPORT_FILE, type RouteBudgets } from './budgetReport.ts';

/**
 * Measures, from the build's chunk graph, the JavaScript each budgeted route loads on first visit and
 * writes the report next to index.html. It reports but never fails the build, so that `npm start` still
 * starts over budget; `npm test` fails (build/checkBudgets.ts).
 */
export function bundleBudgets(budgets: RouteBudgets): Plugin {
  let base = '/';
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'oasis-bundle-budgets',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // After writing, the bundle holds index.html too, whose scripts count.
    async writeBundle(_options, bundle) {
      const report = measureRoutes(bundle, base, budgets);
      await writeFile(path.join(outDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
      const { lines, failures } = checkBudgets(report, budgets);
      lines.forEach((line) => logger?.info(line));
      failures.forEach((failure) => logger?.warn(`bundle budget exceeded: ${failure}`));
    },
  };
}
