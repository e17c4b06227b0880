// Prints vitest's totals as one plain line: "N passed, N failed, N skipped".
import fs from 'node:fs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log('0 passed, 1 failed (no test results were written)');
  process.exit(0);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
