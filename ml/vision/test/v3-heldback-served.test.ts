// The held-back scorer's served path (train/v3-heldback-served.ts) is the service's: for kit images,
// the frame it scores is the one frame-extractor stores for the upload (its imageFrames on the stored
// upload's bytes, as its stage calls it: a still's frame is the upload itself), and its probabilities on the served network equal sigmoid of
// the analyzer's v3.<class> signal for the same stored frame (a Platt calibrator of weight 1, bias 0
// passes the signal through). And readV3Results takes heldback-served.tsv over heldback.tsv.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFrames, settingsSchema as frameSettingsSchema } from '@modsvc/frame-extractor';
import type { VisualClass } from '@modsvc/common/classes';
import { createVisionAnalyzer, type DetailedVisionAnalyzer } from '../../../services/vision-inference/src/analyzer.ts';
import type { CalibrationFile, ClassCalibrator } from '../../../services/vision-inference/src/models/calibration.ts';
import { ARTIFACTS_DIR, FACE_GENDER_ID, HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID } from '../../../services/vision-inference/src/models/lite.ts';
import { V3_ID } from '../../../services/vision-inference/src/models/vision-v3.ts';
import { KIT_IMAGES, loadV3, servedFrame, servedProbabilities, servedSettings, storedFrame } from '../v3-heldback-served.ts';
import { HELDBACK_FILE, HELDBACK_SERVED_FILE, SERVED_V3_RESULTS, readHeldBackTsv, readV3Results } from '../v3-results.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'v3-heldback-served-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const manifestFile = path.join(ARTIFACTS_DIR, 'vision-v3.json');
const haveKit = existsSync(path.join(KIT_IMAGES, 'labels.csv'));
const haveModel = existsSync(path.join(ARTIFACTS_DIR, 'vision-v3.onnx'));
/** One held-back image of each fold of the served run that the kit has. */
const files = haveKit
  ? [...new Map(readHeldBackTsv(path.join(SERVED_V3_RESULTS, HELDBACK_FILE)).rows.filter((r) => existsSync(path.join(KIT_IMAGES, r.file!))).map((r) => [r.fold, r.file!])).values()].slice(0, 3)
  : [];
const CLASSES: VisualClass[] = ['firearm', 'knife', 'smoking_and_tobacco', 'pills'];

describe.skipIf(!haveKit)(`held-back scorer: the stored frame (${haveKit ? 'kit images' : `skipped: no kit at ${KIT_IMAGES}`})`, () => {
  it("is the upload itself, as frame-extractor stores a still (its imageFrames with its default settings)", async () => {
    expect(files.length).toBe(3);
    const s = servedSettings();
    const service = frameSettingsSchema.parse({});
    for (const f of files) {
      const upload = readFileSync(path.join(KIT_IMAGES, f));
      const byService = (await imageFrames(upload, service)).frames;
      expect(byService.length, f).toBe(1);
      const mine = await storedFrame(upload, s.frame);
      expect(mine.equals(byService[0]!.data), f).toBe(true);
      expect(mine.equals(upload), f).toBe(true);
    }
  });
});

describe.skipIf(!haveKit || !haveModel)(`held-back scorer: the served network's scores (${haveKit && haveModel ? 'artifacts/vision-v3.onnx' : 'skipped: no kit or no artifacts/vision-v3.onnx'})`, () => {
  let analyzer: DetailedVisionAnalyzer;
  const s = servedSettings(1);
  beforeAll(async () => {
    const passThrough = (cls: VisualClass): ClassCalibrator => ({ model: V3_ID, method: 'platt', signals: [`v3.${cls}`], weights: [1], bias: 0, inputSize: [224, 224], note: 'sigmoid of the v3 logit (test)' });
    const calibration: CalibrationFile = { version: 'test', fittedOn: 'test', classes: Object.fromEntries(CLASSES.map((c) => [c, passThrough(c)])), nullClasses: {} };
    analyzer = createVisionAnalyzer(s.vision, {
      modelSet: 'lite',
      calibration,
      disableModels: [HUMAN_ID, FACE_GENDER_ID, OCR_ID, NSFW_ID, OBJECT_ID],
      objects: false,
      v3Manifest: manifestFile,
      dhashDistance: -1,
    });
    await analyzer.init();
  });
  afterAll(() => analyzer?.close());

  it("equal sigmoid of the analyzer's v3.<class> signal for the same stored frame, within 1e-5 (one batch of all three)", async () => {
    const model = await loadV3(manifestFile, s.vision);
    try {
      const uploads = files.map((f) => readFileSync(path.join(KIT_IMAGES, f)));
      const mine = await servedProbabilities(model.handle, await Promise.all(uploads.map((u) => servedFrame(u, s))));
      for (const [i, f] of files.entries()) {
        const res = await analyzer.analyze([{ timestamp: 0, data: await storedFrame(uploads[i]!, s.frame) }]);
        for (const cls of CLASSES) {
          expect(res.scores[cls], `${f} ${cls}`).not.toBeNull();
          expect(Math.abs(mine[i]![cls]! - res.scores[cls]!), `${f} ${cls}`).toBeLessThan(1e-5);
        }
      }
    } finally {
      await model.close();
    }
  });
});

describe('readV3Results', () => {
  const dir = path.join(tmp, 'run');
  const header = 'fold\tfile\tsource\treal\tphoto\tpills\tpills.target';

  it('reads heldback-served.tsv when the run has one (the served path), else heldback.tsv, and says which', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({ folds: {}, families: {}, rule: { minSources: 2, minPositives: 10, minRocAuc: 0.85 }, subsets: {}, classes: {} }));
    writeFileSync(path.join(dir, HELDBACK_FILE), `${header}\nA\tpills/a.jpg\ts\t1\t1\t0.250000\t1\n`);
    let r = readV3Results(dir);
    expect(r.scoresFile).toBe(HELDBACK_FILE);
    expect(r.rows).toEqual([{ fold: 'A', file: 'pills/a.jpg', source: 's', real: '1', photo: '1', pills: '0.250000', 'pills.target': '1' }]);
    writeFileSync(path.join(dir, HELDBACK_SERVED_FILE), `${header}\nA\tpills/a.jpg\ts\t1\t1\t0.375000\t1\n`);
    r = readV3Results(dir);
    expect(r.scoresFile).toBe(HELDBACK_SERVED_FILE);
    expect(r.rows[0]!.pills).toBe('0.375000');
    // the Python scores on demand (report_v3.py's figures rest on them)
    expect(readV3Results(dir, { scores: 'python' })).toMatchObject({ scoresFile: HELDBACK_FILE, rows: [{ pills: '0.250000' }] });
  });
});
