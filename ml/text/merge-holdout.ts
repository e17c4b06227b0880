// Merges the held-out run's figures (bench/results/toxicity-holdout.json) into the served artifact's
// manifest (TOXICITY_MODEL_OUT, default artifacts/toxicity-v1): `make train-toxicity` trains both at
// once, so the served run cannot merge them itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyAsUndefined, parseSettings } from '@modsvc/common/config';
import { z } from 'zod';
import { DEFAULT_MODEL_DIR, type ToxicityManifest } from '../../services/text-toxicity/src/model/artifact.ts';
import { mergeHoldoutResults } from './train.ts';

const { TOXICITY_MODEL_OUT: dir } = parseSettings(z.object({ TOXICITY_MODEL_OUT: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MODEL_DIR)) }));
const path = join(dir, 'manifest.json');
const manifest = JSON.parse(readFileSync(path, 'utf8')) as ToxicityManifest;
mergeHoldoutResults(manifest);
writeFileSync(path, `${JSON.stringify(manifest, null, 1)}\n`);
