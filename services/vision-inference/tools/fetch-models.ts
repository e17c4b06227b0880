// `make models`: downloads the models of VISION_MODEL_SET into MODEL_DIR, each verified by sha256.
// 'lite' (and 'none') need nothing downloaded: their models ship inside npm packages.
// Exit status 0 when every file is in place with the right hash, 1 otherwise (2: bad configuration).
// Usage: VISION_MODEL_SET=full MODEL_DIR=/models node --import tsx tools/fetch-models.ts
import { parseSettings } from '@modsvc/common/config';
import { ALLOW_UNPINNED_ENV, fetchModels, fetchOptions, loadManifest, modelDir, selectEntries } from '../src/models/fetch.ts';
import { settingsSchema } from '../src/settings.ts';

const fetchSettingsSchema = settingsSchema.pick({
  VISION_MODEL_SET: true,
  VISION_MODELS_MANIFEST: true,
  MODEL_DIR: true,
  KUBERNETES_SERVICE_HOST: true,
  VISION_ALLOW_UNPINNED_MODELS: true,
  MODELS_FETCH_TIMEOUT_S: true,
});

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const err = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  let settings;
  let manifest;
  try {
    settings = parseSettings(fetchSettingsSchema);
    manifest = loadManifest(settings.VISION_MODELS_MANIFEST);
  } catch (e) {
    err(`make models: ${(e as Error).message}`);
    return 2;
  }
  const set = settings.VISION_MODEL_SET;
  if (set !== 'full') {
    out(`make models: model set '${set}' needs nothing downloaded (the lite models ship inside the npm packages nsfwjs, @vladmandic/human and @tesseract.js-data/eng; 'none' loads no model). Set VISION_MODEL_SET=full for the downloadable models.`);
    return 0;
  }
  const dir = modelDir(settings);
  const entries = selectEntries(manifest, set);
  out(`make models: model set 'full': ${entries.length} file(s) into ${dir}`);
  const { results, failures } = await fetchModels(entries, dir, fetchOptions(settings));
  for (const r of results) {
    out(`  ${r.id}: ${r.status} ${r.path} (${r.bytes} bytes, sha256 ${r.sha256}${r.unpinned ? ', NOT pinned in the manifest: trusted on first download' : ''})`);
  }
  for (const f of failures) err(`  FAILED ${f.message}`);
  if (failures.length) {
    err(`make models: ${failures.length} of ${entries.length} model(s) failed; vision-inference will report them as not loaded.`);
    if (failures.some((f) => /no sha256/.test(f.message))) err(`  (entries without a pinned sha256 need ${ALLOW_UNPINNED_ENV}=1)`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
