// `npm test`: every check in order, each timed; stops at the first failure and exits non-zero.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit, component and server integration tests', ['run', 'test:unit']],
  ['end-to-end tests in Chromium', ['run', 'test:e2e']],
];
const only = process.argv.slice(2);
const started = Date.now();
for (const [name, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`--- ${name}: ok in ${seconds} s`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
