// make test's summary line, from a real vitest run with the project's reporter: an expected failure
// (`it.fails`) is its own number, not a pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = join(ROOT, 'test/unit/fixtures/test-summary');

/** This run's environment without the outer vitest's own variables, which would confuse the inner one. */
function childEnv(totalsFile: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  return { ...env, TEST_SUMMARY_FILE: totalsFile };
}

describe('test summary line', () => {
  it('counts passes, expected failures, failures and skips apart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
    try {
      const totals = join(dir, 'totals.json');
      const vitest = join(ROOT, 'node_modules/.bin/vitest');
      const reporter = join(ROOT, 'scripts/test-summary-reporter.ts');
      execFileSync(vitest, ['run', '--root', FIXTURE, '--config', join(FIXTURE, 'vitest.config.ts'), '--no-cache', '--configLoader', 'runner', '--reporter=dot', `--reporter=${reporter}`], {
        cwd: FIXTURE,
        env: childEnv(totals),
        stdio: 'pipe',
      });
      const line = execFileSync(process.execPath, [join(ROOT, 'scripts/test-summary.mjs'), totals], { encoding: 'utf8' }).trim();
      expect(line).toBe('2 passed, 1 expected failures (known), 0 failed, 1 skipped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
