// End-to-end benchmark of all-in-one mode, as a caller sees it: image items jobs (images/s, p50/p95
// latency, peak RSS of the service) and one 60 s 720p video (seconds of processing per second of video).
// One run measures two pipelines on the same images, in interleaved rounds (BENCH_ROUNDS, default 3:
// both running at once, measured in turn, the order reversed each round), and writes both with their
// ratios (new over old, of the rounds' medians, and per round). BENCH_COMPARE picks which:
// * v3 (default): the default before vision v3 (onnxruntime networks, object detector on, v3 off)
//   against today's default (vision v3 on, everything else at its default), and today's default with
//   the object detector on every frame (VISION_OBJECTS_GATE=0) -> bench/results/e2e.json;
// * runtimes: the pipeline before the ONNX conversions (tfjs-wasm, no object detector) against the
//   converted networks with and without the object detector -> e2e-runtimes.json
//   (VISION_OBJECTS=1: both with the object detector -> e2e-objects.json);
// * v4: the default before vision v4 (v3's 3.1.0 weights from git, gate 0.003) against today's -> e2e-v4.json;
// * arena: onnxruntime's CPU memory arena and memory patterns on (VISION_ORT_ARENA=1, the default before
//   2026-12-06) against today's default (both off) -> e2e-arena.json.
// A job counts as finished when its signed job.finished webhook reaches the bench's receiver (the spec's
// callback_url, recommended for volume): polling its status every 250 ms, as this bench did before,
// rounded every latency up to the next poll and left the service idle between a job's end and the
// next poll, so the figures were the poll's more than the service's.
// Run: make bench-e2e   (BENCH_COMPARE=runtimes, v4 or arena make bench-e2e for the other comparisons)
import fs from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { FFMPEG } from '../test/helpers/ffmpeg.ts';
import path from 'node:path';
import { startAllInOneDeployment } from '../test/helpers/deployments.ts';
import { ApiClient } from '../test/helpers/api.ts';
import { startReceiver, type Receiver } from '../test/helpers/receiver.ts';
import { makeJpeg, makeMp4 } from '../test/helpers/media.ts';
import { REPO_ROOT, tempDir } from '../test/helpers/processes.ts';

// Throughput: BENCH_IMAGES distinct photographs with BENCH_THROUGHPUT_CONCURRENCY jobs in flight, enough
// to keep the service's cores busy (at 4 in flight a pipeline whose jobs finish sooner idles between
// them, so images/s there is bound by latency rather than by the work). Latency: the first
// BENCH_LATENCY_IMAGES of them at BENCH_CONCURRENCY in flight, then 10 one at a time.
const IMAGES = Number(process.env.BENCH_IMAGES ?? 120);
const THROUGHPUT_CONCURRENCY = Number(process.env.BENCH_THROUGHPUT_CONCURRENCY ?? 12);
const LATENCY_IMAGES = Number(process.env.BENCH_LATENCY_IMAGES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
// The service's default on a 2-core machine (the e2e tests run one thread to stay light).
const VISION_WORKERS = process.env.VISION_WORKERS ?? '2';
// VISION_OBJECTS=1: old and new both run the COCO object detector; the figures go to e2e-objects.json.
const BOTH_WITH_OBJECTS = process.env.VISION_OBJECTS === '1';

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU seconds `pid` and its reaped children (ffmpeg) have used: utime + stime + cutime + cstime. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so utime..cstime (fields 14-17) are at 11-14 here.
  const ticks = [11, 12, 13, 14].reduce((a, i) => a + Number(fields[i]), 0);
  return ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** 60 s of 720p video, one different photograph per second: no two analysed frames alike (worst case). */
async function makeSlideshowMp4(dir: string, photos: { name: string; data: Buffer }[]): Promise<string> {
  const list: string[] = [];
  for (const [i, p] of photos.entries()) {
    const f = path.join(dir, `p${i}.jpg`);
    fs.writeFileSync(f, p.data);
    list.push(`file '${f}'`, 'duration 1');
  }
  list.push(`file '${path.join(dir, `p${photos.length - 1}.jpg`)}'`);
  fs.writeFileSync(path.join(dir, 'list.txt'), list.join('\n') + '\n');
  const out = path.join(dir, 'slideshow.mp4');
  await promisify(execFile)(FFMPEG, [
    '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', path.join(dir, 'list.txt'),
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000',
    '-vf', 'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,fps=25,format=yuv420p',
    '-t', String(photos.length), '-c:v', 'libx264', '-c:a', 'aac', '-shortest', out,
  ]);
  return out;
}

async function loadImages(limit = IMAGES): Promise<{ name: string; data: Buffer }[]> {
  const dir = path.resolve(REPO_ROOT, process.env.BENCH_IMAGE_DIR ?? '../shared/data/images');
  const files: string[] = [];
  if (fs.existsSync(dir)) {
    for (const sub of fs.readdirSync(dir)) {
      const p = path.join(dir, sub);
      if (fs.statSync(p).isDirectory()) for (const f of fs.readdirSync(p)) if (/^real.*\.jpg$/.test(f)) files.push(path.join(p, f));
    }
  }
  files.sort();
  if (files.length >= limit) return files.slice(0, limit).map((f) => ({ name: path.basename(f), data: fs.readFileSync(f) }));
  return Promise.all(Array.from({ length: limit }, async (_, i) => ({ name: `gen-${i}.jpg`, data: await makeJpeg(800, 600, { r: i * 5, g: 100, b: 150 }) })));
}

const OLD_RUNTIMES = { VISION_NSFW_RUNTIME: 'tfjs-wasm', VISION_HUMAN_RUNTIME: 'tfjs-wasm', VISION_FACEAPI_RUNTIME: 'tfjs-wasm' } as const;
const NEW_RUNTIMES = { VISION_NSFW_RUNTIME: 'onnx', VISION_HUMAN_RUNTIME: 'onnx', VISION_FACEAPI_RUNTIME: 'onnx' } as const;
const OLD_WHAT = "nsfwjs' MobileNetV2, human's models and face-api's age/gender net on tfjs-wasm (before the conversions)";
const NEW_WHAT = "nsfwjs' MobileNetV2, human's models and face-api's age/gender net converted to ONNX, on onnxruntime";

interface Pipeline {
  env: Record<string, string>;
  what: string;
}


const RUNTIME_PIPELINES: Record<string, Pipeline> = BOTH_WITH_OBJECTS
  ? {
      old: { env: { ...OLD_RUNTIMES, VISION_OBJECTS: '1', VISION_V3: '0' }, what: `${OLD_WHAT}, with the object detector` },
      new: { env: { ...NEW_RUNTIMES, VISION_OBJECTS: '1', VISION_V3: '0' }, what: `${NEW_WHAT}, with the object detector` },
    }
  : {
      old: { env: { ...OLD_RUNTIMES, VISION_OBJECTS: '0', VISION_V3: '0' }, what: `${OLD_WHAT}; no object detector, alcohol null` },
      new: { env: { ...NEW_RUNTIMES, VISION_OBJECTS: '1', VISION_V3: '0' }, what: `${NEW_WHAT}; with the object detector (alcohol scored)` },
      new_without_objects: { env: { ...NEW_RUNTIMES, VISION_OBJECTS: '0', VISION_V3: '0' }, what: `${NEW_WHAT}, without the object detector` },
    };

const V3_PIPELINES: Record<string, Pipeline> = {
  old: { env: { ...NEW_RUNTIMES, VISION_OBJECTS: '1', VISION_V3: '0' }, what: `the default before vision v3: ${NEW_WHAT}, with the object detector` },
  new: { env: { ...NEW_RUNTIMES }, what: "today's default: vision v3 on, every other setting at its default" },
  new_without_gate: { env: { ...NEW_RUNTIMES, VISION_OBJECTS_GATE: '0' }, what: "today's default with the object detector on every frame (VISION_OBJECTS_GATE=0): what the gate buys" },
};

/**
 * The vision v3 network before v4 (3.1.0 and its detector gate 0.003) from git (BENCH_V4_BEFORE, a
 * revision, default the last commit before v4's weights), written to a temporary folder.
 */
function v3Before(): string {
  const rev = process.env.BENCH_V4_BEFORE ?? '9c6d895';
  const dir = tempDir('v3-before');
  for (const f of ['vision-v3.json', 'vision-v3.onnx']) {
    fs.writeFileSync(path.join(dir, f), execFileSync('git', ['show', `${rev}:services/vision-inference/artifacts/${f}`], { cwd: REPO_ROOT, maxBuffer: 64 << 20 }));
  }
  return path.join(dir, 'vision-v3.json');
}

const V4_PIPELINES = (): Record<string, Pipeline> => ({
  old: { env: { ...NEW_RUNTIMES, VISION_V3_MANIFEST: v3Before(), VISION_OBJECTS_GATE: '0.003' }, what: "the default before vision v4: v3's 3.1.0 weights, detector gate 0.003" },
  new: { env: { ...NEW_RUNTIMES }, what: "today's default: vision v4's weights (4.0.0), detector gate 0.001, every other setting at its default" },
  new_gate_0_003: { env: { ...NEW_RUNTIMES, VISION_OBJECTS_GATE: '0.003' }, what: "today's weights with v3's detector gate 0.003: what the lower gate costs" },
});

const ARENA_PIPELINES: Record<string, Pipeline> = {
  old: { env: { ...NEW_RUNTIMES, VISION_ORT_ARENA: '1' }, what: "the default before 2026-12-06: onnxruntime's CPU memory arena and memory patterns on (VISION_ORT_ARENA=1)" },
  new: { env: { ...NEW_RUNTIMES }, what: "today's default: no memory arena, no memory patterns, every other setting at its default" },
};

/** Each comparison BENCH_COMPARE can pick: its pipelines (built when picked: v4 reads git) and the result file. */
const COMPARISONS: Record<string, { pipelines: () => Record<string, Pipeline>; file: string }> = {
  v3: { pipelines: () => V3_PIPELINES, file: 'e2e' },
  v4: { pipelines: V4_PIPELINES, file: 'e2e-v4' },
  runtimes: { pipelines: () => RUNTIME_PIPELINES, file: BOTH_WITH_OBJECTS ? 'e2e-objects' : 'e2e-runtimes' },
  arena: { pipelines: () => ARENA_PIPELINES, file: 'e2e-arena' },
};
const COMPARE = process.env.BENCH_COMPARE ?? 'v3';
const comparison = COMPARISONS[COMPARE];
if (!comparison) throw new Error(`BENCH_COMPARE must be one of ${Object.keys(COMPARISONS).join(', ')}, got ${COMPARE}`);
const PIPELINES = comparison.pipelines();
const RESULT_FILE = comparison.file;

/** `images` through the service with `concurrency` jobs in flight: images/s over the whole burst, each job's latency, failures. */
async function burst(api: ApiClient, receiver: Receiver, images: { name: string; data: Buffer }[], concurrency: number) {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < images.length) {
        const img = images[next++]!;
        const job = await runJob(api, receiver, 'image', { data: img.data, filename: img.name, type: 'image/jpeg' }, 300_000);
        if (job.failed) failed++;
        latencies.push(job.ms);
      }
    }),
  );
  const wall = (Date.now() - started) / 1000;
  return { count: images.length, imagesPerSecond: Math.round((images.length / wall) * 100) / 100, latencies: latencies.sort((a, b) => a - b), failed };
}

let jobs = 0;

/** Submits one file with a callback_url on the receiver and waits for its webhook: ms taken, and whether the job failed. */
async function runJob(api: ApiClient, receiver: Receiver, kind: 'image' | 'video', file: { data: Buffer; filename: string; type: string }, timeoutMs: number) {
  const hook = `/bench/${++jobs}`;
  const t0 = Date.now();
  const r = await api.submitFile(`/classify/items-characteristics/${kind}`, file, { callback_url: `${receiver.url}${hook}` });
  if (r.status !== 202 && r.status !== 200) return { ms: Date.now() - t0, failed: true };
  const call = await receiver.waitFor((c) => c.url === hook, timeoutMs);
  const ms = Date.now() - t0;
  const body = JSON.parse(call.body.toString()) as { data?: { is_error?: boolean } };
  return { ms, failed: body.data?.is_error !== false };
}

interface Running {
  name: string;
  dep: Awaited<ReturnType<typeof startAllInOneDeployment>>;
  pid: number;
  api: ApiClient;
  receiver: Receiver;
}

/**
 * One pipeline's all-in-one, started and warmed up: the first inferences of each vision worker thread
 * compile kernels, so a burst as wide as the throughput one runs first (one image warmed only one of
 * the workers, and the other compiled during the first measured round).
 */
async function start(pipeline: string, warmUp: { name: string; data: Buffer }[]): Promise<Running> {
  const dep = await startAllInOneDeployment({
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    VISION_WORKERS,
    ...PIPELINES[pipeline]!.env,
  });
  const api = new ApiClient(dep.url);
  await api.authenticate(dep.tenants.acme.apiKey);
  const receiver = await startReceiver();
  await burst(api, receiver, warmUp, THROUGHPUT_CONCURRENCY);
  return { name: pipeline, dep, pid: dep.services.get('all-in-one')!.proc!.pid!, api, receiver };
}

/** One round of every measurement on one running pipeline. */
async function measureRound(run: Running, images: { name: string; data: Buffer }[], video: string) {
  const { api, receiver } = run;
  const cpuBefore = cpuSeconds(run.pid);
  const throughput = await burst(api, receiver, images, THROUGHPUT_CONCURRENCY);
  const cpuMsPerImage = ((cpuSeconds(run.pid) - cpuBefore) * 1000) / images.length;
  const loaded = await burst(api, receiver, images.slice(0, LATENCY_IMAGES), CONCURRENCY);
  // Sequential latency (one job at a time) is what a single caller sees.
  const single: number[] = [];
  for (const img of images.slice(0, Math.min(10, images.length))) {
    single.push((await runJob(api, receiver, 'image', { data: img.data, filename: img.name, type: 'image/jpeg' }, 300_000)).ms);
  }
  single.sort((a, b) => a - b);
  const vjob = await runJob(api, receiver, 'video', { data: fs.readFileSync(video), filename: 'bench-720p-60s.mp4', type: 'video/mp4' }, 600_000);
  return {
    failed: throughput.failed + loaded.failed,
    video_failed: vjob.failed,
    images_per_second: throughput.imagesPerSecond,
    cpu_ms_per_image: Math.round(cpuMsPerImage),
    images_per_second_at_latency_concurrency: loaded.imagesPerSecond,
    latency_ms_p50: percentile(loaded.latencies, 50),
    latency_ms_p95: percentile(loaded.latencies, 95),
    sequential_latency_ms_p50: percentile(single, 50),
    sequential_latency_ms_p95: percentile(single, 95),
    video_processing_seconds: vjob.ms / 1000,
  };
}

type Round = Awaited<ReturnType<typeof measureRound>>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A pipeline's figures: the median of its rounds, each round kept. */
function summarise(pipeline: string, rounds: Round[], images: { name: string }[], videoContent: string, peakRss: number | null) {
  const m = (k: Exclude<keyof Round, 'video_failed'>) => median(rounds.map((r) => r[k]));
  const videoSeconds = m('video_processing_seconds');
  return {
    pipeline: PIPELINES[pipeline]!.what,
    settings: PIPELINES[pipeline]!.env,
    images: {
      count: images.length,
      source: images[0]!.name.startsWith('gen-') ? 'generated' : 'shared/data/images real photos',
      concurrency: THROUGHPUT_CONCURRENCY,
      failed: rounds.reduce((a, r) => a + r.failed, 0),
      images_per_second: m('images_per_second'),
      cpu_ms_per_image: m('cpu_ms_per_image'),
      latency: { count: Math.min(LATENCY_IMAGES, images.length), concurrency: CONCURRENCY, images_per_second: m('images_per_second_at_latency_concurrency') },
      latency_ms_p50: m('latency_ms_p50'),
      latency_ms_p95: m('latency_ms_p95'),
      sequential_latency_ms_p50: m('sequential_latency_ms_p50'),
      sequential_latency_ms_p95: m('sequential_latency_ms_p95'),
    },
    video: { seconds_of_video: 60, resolution: '1280x720', content: videoContent, status: rounds.some((r) => r.video_failed) ? 'failed' : 'done', processing_seconds: videoSeconds, seconds_per_video_second: Math.round((videoSeconds / 60) * 1000) / 1000 },
    peak_rss_mb: peakRss,
    rounds,
  };
}

type Measured = ReturnType<typeof summarise>;

const ratio = (a: number | null, b: number | null) => (a && b ? Math.round((a / b) * 100) / 100 : null);

function ratios(now: Measured, old: Measured) {
  return {
    images_per_second: ratio(now.images.images_per_second, old.images.images_per_second),
    cpu_ms_per_image: ratio(now.images.cpu_ms_per_image, old.images.cpu_ms_per_image),
    images_per_second_at_latency_concurrency: ratio(now.images.latency.images_per_second, old.images.latency.images_per_second),
    latency_ms_p50: ratio(now.images.latency_ms_p50, old.images.latency_ms_p50),
    sequential_latency_ms_p50: ratio(now.images.sequential_latency_ms_p50, old.images.sequential_latency_ms_p50),
    video_seconds_per_video_second: ratio(now.video.seconds_per_video_second, old.video.seconds_per_video_second),
    peak_rss_mb: ratio(now.peak_rss_mb, old.peak_rss_mb),
  };
}

/** Images/s of `now` over `old` in each round: the two ran back to back within it. */
const roundRatios = (now: Measured, old: Measured) => now.rounds.map((r, i) => ratio(r.images_per_second, old.rounds[i]!.images_per_second));

// The machine's speed drifts within minutes (we have seen 5.2 and 8.4 images/s from the same pipeline in
// one session), so the pipelines are not measured one after the other: all of them run at once, idle
// but for the one measured, and take turns in BENCH_ROUNDS rounds, the order reversed every round
// (ABBA), so drift falls on both alike. Each figure is the median of its rounds.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

async function main(): Promise<void> {
  const images = await loadImages();
  const dir = tempDir('bench');
  const photos = await loadImages(60);
  const video = photos[0]!.name.startsWith('gen-') ? await makeMp4(dir, { seconds: 60, size: '1280x720' }) : await makeSlideshowMp4(dir, photos);
  const videoContent = photos[0]!.name.startsWith('gen-') ? 'test pattern' : '60 different photographs, one per second';
  const names = Object.keys(PIPELINES);
  const running: Running[] = [];
  const rounds: Record<string, Round[]> = Object.fromEntries(names.map((n) => [n, []]));
  const peak: Record<string, number | null> = {};
  try {
    for (const name of names) running.push(await start(name, images.slice(0, THROUGHPUT_CONCURRENCY)));
    for (let r = 0; r < ROUNDS; r++) {
      for (const run of r % 2 === 0 ? running : [...running].reverse()) rounds[run.name]!.push(await measureRound(run, images, video));
    }
  } finally {
    for (const run of running) {
      peak[run.name] = peakRssMb(run.pid);
      await run.receiver.close();
      await run.dep.stop();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const runs: Record<string, Measured> = Object.fromEntries(names.map((n) => [n, summarise(n, rounds[n]!, images, videoContent, peak[n] ?? null)]));
  const os = await import('node:os');
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    vision_workers: Number(VISION_WORKERS),
    compare: COMPARE,
    pipelines: Object.fromEntries(Object.entries(PIPELINES).map(([name, p]) => [name, p.what])),
    completion: 'signed job.finished webhook (callback_url) received by the bench',
    rounds: { count: ROUNDS, order: 'every pipeline running at once, measured in turn, the order reversed each round; figures are medians of the rounds' },
    new_over_old: ratios(runs.new!, runs.old!),
    new_over_old_images_per_second_per_round: roundRatios(runs.new!, runs.old!),
    ...Object.fromEntries(names.filter((n) => n !== 'old' && n !== 'new').map((n) => [`${n}_over_old`, ratios(runs[n]!, runs.old!)])),
    ...Object.fromEntries(names.filter((n) => n !== 'old' && n !== 'new').map((n) => [`${n}_over_old_images_per_second_per_round`, roundRatios(runs[n]!, runs.old!)])),
    ...runs,
  };
  fs.mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, `bench/results/${RESULT_FILE}.json`), JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

await main();
