// Writes nsfwjs' MobileNetV2 as an ONNX file (the same bytes the service builds in memory at load:
// src/models/nsfw-onnx.ts), for inspection or for other tools; prints the sha256 of the source files
// and of the output. The conversion is deterministic: the same nsfwjs files give the same bytes.
// Usage: npx tsx ml/vision/convert-nsfwjs-onnx.ts [out.onnx]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { convertNsfwjs } from '../../services/vision-inference/src/models/nsfw-onnx.ts';
import { NSFW_FEATURE_LAYER, NSFW_MODEL_FILE, nsfwSpec } from '../../services/vision-inference/src/models/nsfw.ts';
import { verifyFiles } from '../../services/vision-inference/src/models/registry.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.resolve(process.argv[2] ?? path.join(here, '.cache', 'nsfwjs-mobilenet_v2.onnx'));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

await verifyFiles(nsfwSpec);
const t0 = performance.now();
const onnx = convertNsfwjs(NSFW_MODEL_FILE, NSFW_FEATURE_LAYER);
const ms = performance.now() - t0;
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, onnx);
for (const f of nsfwSpec.files) console.log(`source ${path.basename(f.path)} sha256 ${sha256(readFileSync(f.path))}`);
console.log(`wrote ${out}: ${(onnx.length / 1e6).toFixed(1)} MB, sha256 ${sha256(onnx)}, converted in ${Math.round(ms)} ms`);
console.log(`input 'input' [batch, 224, 224, 3] NHWC in 0-1; outputs 'features' [batch, 1280] (${NSFW_FEATURE_LAYER}), 'probs' [batch, 5]`);
