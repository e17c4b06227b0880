// Prints the totals scripts/test-summary-reporter.ts wrote as one plain line:
// "N passed, N expected failures (known), N failed, N skipped" (", N errors outside tests" when any).
import fs from 'node:fs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log('0 passed, 1 failed (no test results were written)');
  process.exit(0);
}
const t = JSON.parse(fs.readFileSync(file, 'utf8'));
const outside = t.errorsOutsideTests ? `, ${t.errorsOutsideTests} errors outside tests` : '';
console.log(`${t.passed} passed, ${t.expectedFailures} expected failures (known), ${t.failed} failed, ${t.skipped} skipped${outside}`);
