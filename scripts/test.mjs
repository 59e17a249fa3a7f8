// `npm test`: every check in order, each timed; stops at the first failure and exits non-zero.
// Test runner output is passed through and also read, to close with one plain summary line.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The static checks each keep one core busy and read the sources only: they run side by side (their
// output is printed whole as each ends), the test steps one after the other.
const steps = [
  { name: 'typecheck', args: ['run', 'typecheck'], static: true },
  { name: 'lint', args: ['run', 'lint'], static: true },
  { name: 'dead code (knip)', args: ['run', 'knip'], static: true },
  { name: 'unit, component and server integration tests', args: ['run', 'test:unit'] },
  { name: 'end-to-end tests in Chromium', args: ['run', 'test:e2e'] },
  // Reads the sizes the build behind the end-to-end tests measured (packages/gui/dist/bundle-budgets.json).
  { name: 'bundle budgets', args: ['run', 'test:budgets'] },
];

// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Counts from Vitest ("Tests  235 passed | 2 skipped") and Playwright ("  1 passed (10.4s)"). */
const countResults = (output) => {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of stripAnsi(output).split('\n')) {
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    const playwright = /^\s+(\d+) (passed|failed|skipped|flaky)( \(.*\))?\s*$/.exec(line);
    if (vitest) {
      for (const [, n, kind] of vitest[1].matchAll(/(\d+) (passed|failed|skipped)/g))
        counts[kind] += Number(n);
    } else if (playwright) {
      const kind = playwright[2] === 'flaky' ? 'passed' : playwright[2];
      counts[kind] += Number(playwright[1]);
    }
  }
  return counts;
};

// A failed step ends the run: the checks still running beside it end with it.
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill()));

/** Runs `npm <args>`; its output streams through, or (`quiet`) is returned whole, stderr included. */
const run = (args, quiet = false) =>
  new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!quiet) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (quiet) errors += chunk;
      else process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, output, errors });
    });
  });

const only = process.argv.slice(2);
const started = Date.now();
const total = { passed: 0, failed: 0, skipped: 0 };

/** Runs one step (its output streamed, or printed whole when `quiet`); exits at its failure. */
const runStep = async (step, quiet) => {
  const t0 = Date.now();
  if (!quiet) console.log(`\n=== ${step.name} ===`);
  const { code, output, errors } = await run(step.args, quiet);
  if (quiet) {
    console.log(`\n=== ${step.name} ===`);
    process.stdout.write(output);
    process.stderr.write(errors);
  }
  const counts = countResults(output);
  for (const key of Object.keys(total)) total[key] += counts[key];
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`\n${step.name} failed after ${seconds} s`);
    console.log(`\ntests: ${total.passed} passed, ${Math.max(1, total.failed)} failed`);
    process.exit(code ?? 1);
  }
  console.log(`--- ${step.name}: ok in ${seconds} s`);
};

const selected = steps.filter((step) => !only.length || only.some((o) => step.name.startsWith(o)));
const staticChecks = selected.filter((step) => step.static);
if (staticChecks.length > 0) {
  const t0 = Date.now();
  await Promise.all(staticChecks.map((step) => runStep(step, staticChecks.length > 1)));
  if (staticChecks.length > 1)
    console.log(`--- static checks side by side: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
for (const step of selected.filter((candidate) => !candidate.static)) await runStep(step, false);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
