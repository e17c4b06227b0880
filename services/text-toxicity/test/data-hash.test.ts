import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadArtifact } from '../src/model/artifact.ts';

const repoRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const candidates = [process.env.TOXICITY_DATA_DIR, join(repoRoot, '..', 'shared', 'data'), '/work/shared/data'].filter((d): d is string => !!d);
const dataDir = candidates.find((d) => existsSync(join(d, 'text')));

describe('artifact provenance', () => {
  it.skipIf(!dataDir)('manifest data hashes match the training data on disk', () => {
    const { manifest } = loadArtifact();
    expect(manifest.data.files.length).toBeGreaterThanOrEqual(3);
    for (const f of manifest.data.files) {
      const bytes = readFileSync(join(dataDir!, f.path));
      expect({ path: f.path, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ path: f.path, sha256: f.sha256 });
    }
  });
});
