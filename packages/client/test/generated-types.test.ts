// src/generated/openapi.ts is what the package's `generate` script makes of services/gateway/openapi.json:
// run it again in check mode (openapi-typescript --check), so a changed API document cannot ship stale types.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('generated OpenAPI types', () => {
  it('match services/gateway/openapi.json (make client-types regenerates them)', async () => {
    const script = (JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { scripts: { generate: string } }).scripts.generate;
    const [command, ...args] = script.split(' ');
    expect(command).toBe('openapi-typescript');
    const cli = path.join(path.dirname(createRequire(path.join(PACKAGE_DIR, 'package.json')).resolve('openapi-typescript/package.json')), 'bin/cli.js');
    const result = await run(process.execPath, [cli, ...args, '--check'], { cwd: PACKAGE_DIR }).then(
      () => 'up to date',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    expect(result, 'run `make client-types`').toBe('up to date');
  });
});
