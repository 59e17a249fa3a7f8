// `npm run test:budgets` (a step of `npm test`, after the build): the last build's report against the
// budgets; exits non-zero when a route is over its budget.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkBudgets, REPORT_FILE, type BudgetReport } from './budgetReport.ts';
import { routeBudgets } from './budgets.ts';

const file = path.resolve(import.meta.dirname, '../dist', REPORT_FILE);
const report = await readFile(file, 'utf8').then(
  (text) => JSON.parse(text) as BudgetReport,
  () => {
    console.error(`${file} is missing: run npm run build first`);
    process.exit(1);
  },
);
const { lines, failures } = checkBudgets(report, routeBudgets);
lines.forEach((line) => console.log(line));
failures.forEach((failure) => console.error(`bundle budget exceeded: ${failure}`));
process.exitCode = failures.length ? 1 : 0;
