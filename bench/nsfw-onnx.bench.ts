// nsfwjs' MobileNetV2 on tfjs-wasm (how the service ran it before) against the same network converted
// to ONNX on onnxruntime-node (how it runs it now), in one process on the same prepared inputs:
// per-image latency (p50/p95) and images/s at batch 1 and at the service's batch size (VISION_BATCH),
// rounds interleaved so that both runtimes see the same machine state. Only the network is timed
// (decoding and the 224x224 resize are the same code on both paths). tfjs-wasm runs one thread in
// Node; onnxruntime is timed at 1 intra-op thread (the per-core figure, and the service's default with
// two worker threads on two cores) and at one thread per CPU; and two sessions at once.
// Run: make bench-nsfw-onnx   (writes bench/results/nsfw-onnx.json; BENCH_IMAGES, BENCH_ROUNDS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { settingsSchema } from '../services/vision-inference/src/settings.ts';
import { NSFW_INPUT, nsfwInput, nsfwLoader, nsfwRun, nsfwTfjsLoader, type NsfwHandle } from '../services/vision-inference/src/models/nsfw.ts';
import { intraOpThreads } from '../services/vision-inference/src/models/onnx.ts';
import { decodeFrame } from '../services/vision-inference/src/models/preprocess.ts';
import { requireHere } from '../services/vision-inference/src/models/tfjs.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const IMAGES = Number(process.env.BENCH_IMAGES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const settings = parseSettings(settingsSchema);
const BATCH = Math.max(1, settings.VISION_BATCH);
const SIZE = NSFW_INPUT * NSFW_INPUT * 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Kit photographs (`real*` files, spread over the class folders, name order), decoded and prepared as the service prepares a frame. */
async function loadInputs(): Promise<{ source: string; inputs: Float32Array[] }> {
  const dir = path.resolve(REPO, process.env.BENCH_IMAGE_DIR ?? '../shared/data/images');
  const files: string[] = [];
  if (fs.existsSync(dir)) {
    for (const sub of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, sub);
      if (fs.statSync(p).isDirectory()) for (const f of fs.readdirSync(p).sort()) if (/^real.*\.jpe?g$/.test(f)) files.push(path.join(p, f));
    }
  }
  if (files.length >= IMAGES) {
    const step = files.length / IMAGES;
    const picked = Array.from({ length: IMAGES }, (_, i) => files[Math.floor(i * step)]!);
    const inputs = [];
    for (const f of picked) inputs.push(await nsfwInput([await decodeFrame(fs.readFileSync(f))]));
    return { source: `${IMAGES} photographs from ${path.relative(REPO, dir)}`, inputs };
  }
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  return { source: `${IMAGES} synthetic noise inputs (no data kit at ${dir})`, inputs: Array.from({ length: IMAGES }, () => Float32Array.from({ length: SIZE }, rnd)) };
}

interface Config {
  name: string;
  runtime: string;
  threads: number;
  handle: NsfwHandle;
  batch1: number[];
  batchN: number[];
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const { source, inputs } = await loadInputs();
  // One session alone may use every CPU (the service's default with one worker thread).
  const defaultThreads = intraOpThreads({ VISION_THREADS: undefined, VISION_WORKERS: 1 });
  const configs: Config[] = [];
  const add = (name: string, runtime: string, threads: number, handle: NsfwHandle) => {
    configs.push({ name, runtime, threads, handle, batch1: [], batchN: [] });
  };
  add('tfjs-wasm', 'tfjs-wasm (XNNPACK, SIMD)', 1, await nsfwTfjsLoader.load());
  add('onnx-1thread', 'onnxruntime-node CPU', 1, await nsfwLoader({ ...settings, VISION_THREADS: 1, VISION_ORT_PROVIDER: 'cpu' }).load());
  if (defaultThreads !== 1) {
    add(`onnx-${defaultThreads}threads`, 'onnxruntime-node CPU', defaultThreads, await nsfwLoader({ ...settings, VISION_ORT_PROVIDER: 'cpu' }).load());
  }

  // Warm-up (kernel selection, first allocations) and the outputs' agreement on every input.
  let maxProbDiff = 0;
  for (const c of configs) for (let i = 0; i < 3; i++) await nsfwRun(c.handle, inputs[i]!, 1);
  for (const x of inputs) {
    const ref = await nsfwRun(configs[0]!.handle, x, 1);
    for (const c of configs.slice(1)) {
      const o = await nsfwRun(c.handle, x, 1);
      for (let k = 0; k < 5; k++) maxProbDiff = Math.max(maxProbDiff, Math.abs(o.probs[k]! - ref.probs[k]!));
    }
  }

  const batches: Float32Array[] = [];
  for (let i = 0; i < inputs.length; i += BATCH) {
    const part = inputs.slice(i, i + BATCH);
    const b = new Float32Array(part.length * SIZE);
    part.forEach((x, j) => b.set(x, j * SIZE));
    batches.push(b);
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of configs) {
      for (const x of inputs) {
        const t0 = performance.now();
        await nsfwRun(c.handle, x, 1);
        c.batch1.push(performance.now() - t0);
      }
      for (const b of batches) {
        const t0 = performance.now();
        await nsfwRun(c.handle, b, b.length / SIZE);
        c.batchN.push((performance.now() - t0) / (b.length / SIZE));
      }
    }
    console.log(`round ${r + 1}/${ROUNDS} done`);
  }

  // Two frames at a time, as the service's two worker threads run on a 2-core machine: onnxruntime with
  // one intra-op thread per session against the default (threads = CPU limit per session, so 2 x 2 on 2 cores).
  const streams = async (threads: number) => {
    const hs = [0, 1].map(() => nsfwLoader({ ...settings, VISION_THREADS: threads, VISION_ORT_PROVIDER: 'cpu' }));
    const handles = await Promise.all(hs.map((l) => l.load()));
    for (const h of handles) await nsfwRun(h, inputs[0]!, 1);
    const rates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = performance.now();
      await Promise.all(handles.map(async (h, k) => { for (let i = k; i < inputs.length; i += 2) await nsfwRun(h, inputs[i]!, 1); }));
      rates.push((1000 * inputs.length) / (performance.now() - t0));
    }
    await Promise.all(handles.map((h, k) => hs[k]!.close!(h)));
    rates.sort((a, b) => a - b);
    return { threadsPerSession: threads, imagesPerS: +percentile(rates, 50).toFixed(2) };
  };
  const twoStreams = [await streams(1), ...(defaultThreads !== 1 ? [await streams(defaultThreads)] : [])];

  const summary = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    const total = ms.reduce((a, b) => a + b, 0);
    return { p50Ms: +percentile(s, 50).toFixed(2), p95Ms: +percentile(s, 95).toFixed(2), imagesPerS: +((1000 * ms.length) / total).toFixed(2) };
  };
  const rows = configs.map((c) => ({ name: c.name, runtime: c.runtime, threads: c.threads, batch1: summary(c.batch1), [`batch${BATCH}`]: summary(c.batchN) }));
  const base = rows[0]!;
  const ratio = (a: number, b: number) => +(a / b).toFixed(2);
  const bN = `batch${BATCH}`;
  const result = {
    at: new Date().toISOString(),
    // Other processes compete for the CPUs when the 1-minute load average exceeds what this run adds (~1).
    machine: { cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAverage1m: { before: +loadBefore.toFixed(2), after: +os.loadavg()[0]!.toFixed(2) } },
    versions: {
      onnxruntime: (requireHere('onnxruntime-node/package.json') as { version: string }).version,
      tfjs: (requireHere('@tensorflow/tfjs/package.json') as { version: string }).version,
    },
    inputs: source,
    rounds: ROUNDS,
    batch: BATCH,
    timed: 'the network only, on prepared 224x224 NHWC inputs; batchN figures are per image (batch time / batch size)',
    maxProbabilityDiffVsTfjs: maxProbDiff,
    configs: rows,
    // Batch 1, two sessions running at once (median of the rounds); tfjs-wasm cannot run two in one thread.
    twoConcurrentOnnxSessions: twoStreams,
    speedupVsTfjs: Object.fromEntries(
      rows.slice(1).map((r) => [
        r.name,
        {
          batch1ImagesPerS: ratio(r.batch1.imagesPerS, base.batch1.imagesPerS),
          batch1P50: ratio(base.batch1.p50Ms, r.batch1.p50Ms),
          [`${bN}ImagesPerS`]: ratio((r[bN] as { imagesPerS: number }).imagesPerS, (base[bN] as { imagesPerS: number }).imagesPerS),
        },
      ]),
    ),
  };
  fs.mkdirSync(path.join(REPO, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(REPO, 'bench/results/nsfw-onnx.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
  for (const c of configs) await (c.runtime.startsWith('tfjs') ? nsfwTfjsLoader : nsfwLoader(settings)).close!(c.handle);
}

await main();
