// The object detector's v3 gate on a grid of gates, on the served v3 run's held-back images
// (objects-gate-figures.ts): per held-back alcohol source, the gated detector's ROC-AUC and average
// precision against the detector alone, the positives each gate takes the detector from, and the share
// of held-back photographs the detector still runs on. The service's gate (VISION_OBJECTS_GATE's default)
// is marked; test/v3-holdout.test.ts checks that it is no worse on every counted source.
//
// usage: npx tsx ml/vision/objects-gate-report.ts [results dir]  (make objects-gate-report)
// Writes <results dir>/objects-gate.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCalibration } from '../../services/vision-inference/src/models/calibration.ts';
import { settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { gateFigures } from './objects-gate-figures.ts';
import { SERVED_V3_RESULTS, readV3Results } from './v3-results.ts';
import { readVersusServed, readVersusServedScores } from './v3-versus-served-file.ts';

/** The gates tried, the service's among them. */
const GATES_TRIED = [0, 0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03] as const;

const resultsDir = path.resolve(process.argv[2] ?? SERVED_V3_RESULTS);
const held = readV3Results(resultsDir);
const versus = readVersusServed(resultsDir);
const served = readVersusServedScores(resultsDir);
const calibration = loadCalibration();
const serviceGate = settingsSchema.parse({}).VISION_OBJECTS_GATE;
const r4 = (v: number | null) => (v == null ? null : Math.round(v * 10000) / 10000);

const gates = GATES_TRIED.map((g) => {
  const f = gateFigures(g, held, versus, served, calibration);
  return {
    gate: g,
    service: g === serviceGate,
    noWorse: f.noWorse,
    pooled: {
      ...f.pooled,
      detectorRocAuc: r4(f.pooled.detectorRocAuc),
      gatedRocAuc: r4(f.pooled.gatedRocAuc),
      detectorAveragePrecision: r4(f.pooled.detectorAveragePrecision),
      gatedAveragePrecision: r4(f.pooled.gatedAveragePrecision),
    },
    detectorRuns: { ...f.detectorRuns, photosShare: r4(f.detectorRuns.photosShare), benignShare: r4(f.detectorRuns.benignShare) },
    sources: f.sources.map((s) => ({
      ...s,
      detectorRocAuc: r4(s.detectorRocAuc),
      gatedRocAuc: r4(s.gatedRocAuc),
      detectorAveragePrecision: r4(s.detectorAveragePrecision),
      gatedAveragePrecision: r4(s.gatedAveragePrecision),
    })),
  };
});
if (!gates.some((g) => g.service)) throw new Error(`the service's gate ${serviceGate} is not among the gates tried`);
const out = path.join(resultsDir, 'objects-gate.json');
writeFileSync(out, `${JSON.stringify({ results: path.basename(resultsDir), serviceGate, gates }, null, 1)}\n`);
for (const g of gates) {
  const srcs = g.sources.filter((s) => s.counted).map((s) => `${s.source.split('/')[1]} ${s.gatedRocAuc}/${s.gatedAveragePrecision}`);
  console.log(`${g.service ? '*' : ' '} gate ${g.gate}: detector runs on ${g.detectorRuns.photosShare} of photos (${g.detectorRuns.benignShare} benign); no worse ${g.noWorse}; ${srcs.join(', ')}; pooled ${g.pooled.gatedRocAuc}/${g.pooled.gatedAveragePrecision} (alone ${g.pooled.detectorRocAuc}/${g.pooled.detectorAveragePrecision})`);
}
console.log(`wrote ${out}`);
