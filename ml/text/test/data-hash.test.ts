import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '@modsvc/common/config';
import { DEFAULT_MODEL_DIR, loadArtifact } from '../../../services/text-toxicity/src/model/artifact.ts';
import { dataSettingsSchema, resolveDataDir } from '../data.ts';

// The training kit where `make train-toxicity` reads it: ../shared/data next to the repository, or TOXICITY_DATA_DIR.
const dataDir = resolveDataDir(parseSettings(dataSettingsSchema).TOXICITY_DATA_DIR);
const haveData = existsSync(join(dataDir, 'text'));
if (!haveData) {
  console.warn(`skipping the training data hash check: no ${join(dataDir, 'text')}; put the development data kit at ../shared/data next to the repository (or set TOXICITY_DATA_DIR)`);
}

describe('artifact provenance', () => {
  it.skipIf(!haveData)('manifest data hashes match the training data on disk', () => {
    const { manifest } = loadArtifact(DEFAULT_MODEL_DIR);
    expect(manifest.data.files.length).toBeGreaterThanOrEqual(3);
    for (const f of manifest.data.files) {
      const bytes = readFileSync(join(dataDir, f.path));
      expect({ path: f.path, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ path: f.path, sha256: f.sha256 });
    }
  });
});
