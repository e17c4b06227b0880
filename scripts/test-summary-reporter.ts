// A vitest reporter that writes the run's totals for scripts/test-summary.mjs (the last line of
// `make test`). vitest's own totals count an expected failure (`it.fails` that failed, as it should)
// as a pass; here it is a number of its own, so "passed" means what it says.
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface TestTotals {
  passed: number;
  /** `it.fails` tests that failed as expected: known failures the suite watches for a fix. */
  expectedFailures: number;
  /** Includes an `it.fails` that passed: the known failure is gone, and the test says so. */
  failed: number;
  skipped: number;
  /** Errors no test owns: a file that could not be loaded, a failed beforeAll, an unhandled rejection. */
  errorsOutsideTests: number;
}

export const TOTALS_FILE = '.vitest-summary.json';

export function countTests(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): TestTotals {
  const totals: TestTotals = { passed: 0, expectedFailures: 0, failed: 0, skipped: 0, errorsOutsideTests: unhandledErrors.length };
  for (const module of modules) {
    totals.errorsOutsideTests += module.errors().length;
    for (const suite of module.children.allSuites()) totals.errorsOutsideTests += suite.errors().length;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed' && test.options.fails) totals.expectedFailures++;
      else if (state === 'passed') totals.passed++;
      else if (state === 'failed') totals.failed++;
      else totals.skipped++;
    }
  }
  return totals;
}

export default class TestSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    writeFileSync(process.env.TEST_SUMMARY_FILE ?? TOTALS_FILE, JSON.stringify(countTests(modules, unhandledErrors)));
  }
}
