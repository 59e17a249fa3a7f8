import { gzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { firstVisitFiles } from './chunkGraph.ts';

/** A route whose first visit must stay within a gzip budget. */
interface RouteBudget {
  /** The URL path it is opened at (for the reader; the page modules decide what is measured). */
  path: string;
  /** Source modules (relative to the package) of the pages that path renders. */
  modules: readonly string[];
  /** Most JavaScript its first visit may load, in kB (1000 bytes) gzip. */
  budgetKb: number;
}

export type RouteBudgets = Readonly<Record<string, RouteBudget>>;

interface RouteMeasure {
  path: string;
  budgetKb: number;
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

export type BudgetReport = Record<string, RouteMeasure>;

/** Written next to index.html by the build, read by the check in `npm test`. */
export const REPORT_FILE = 'bundle-budgets.json';

// Level 9, as the precompress step writes the .gz files the server sends.
const gzipBytes = (output: Rollup.OutputChunk | Rollup.OutputAsset) =>
  gzipSync(output.type === 'chunk' ? output.code : output.source, { level: 9 }).length;

/** Per route, the files its first visit loads and their gzip sizes. */
export function measureRoutes(
  bundle: Rollup.OutputBundle,
  base: string,
  budgets: RouteBudgets,
): BudgetReport {
  return Object.fromEntries(
    Object.entries(budgets).map(([name, { path, modules, budgetKb }]) => {
      const files = firstVisitFiles(bundle, base, modules).map((file) => ({
        file,
        gzipBytes: bundle[file] ? gzipBytes(bundle[file]) : 0,
      }));
      const total = files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
      return [name, { path, budgetKb, gzipBytes: total, files }];
    }),
  );
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** One line per route, and one failure per route over its budget (or not measured), against `budgets`. */
export function checkBudgets(report: BudgetReport, budgets: RouteBudgets) {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const [name, { path, budgetKb }] of Object.entries(budgets)) {
    const measured = report[name];
    if (!measured) {
      failures.push(`${name} (${path}) was not measured by the last build: run npm run build`);
      continue;
    }
    const over = measured.gzipBytes > budgetKb * 1000;
    lines.push(
      `${name}: ${kB(measured.gzipBytes)} kB gzip of ${budgetKb} kB (${measured.files.length} files)${over ? ' OVER BUDGET' : ''}`,
    );
    if (over)
      failures.push(
        `${name} (${path}) loads ${kB(measured.gzipBytes)} kB gzip of JavaScript, over its budget of ${budgetKb} kB`,
      );
  }
  return { lines, failures };
}
