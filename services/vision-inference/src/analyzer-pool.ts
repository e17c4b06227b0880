// The vision models off the main thread. tfjs on wasm computes synchronously, so in one thread every
// inference (~0.2-0.4 s) would stall the process's event loop: HTTP, the bus and the store with it.
// A pool of worker threads, each with its own VisionAnalyzer, keeps the service responsive and lets
// jobs use more than one core (VISION_WORKERS: default 2 where two or more CPUs are available, else 1;
// 0 runs the models in this thread). Each thread holds its own copy of the models (about 0.4 GB once
// loaded; docs/vision-v4.md) and gets the settings parsed at boot as its workerData.
import { Worker } from 'node:worker_threads';
import type { AnalyzeOptions, FrameInput, ModelsReport, VisionAnalysis, VisionAnalyzer } from '@modsvc/common/contracts';
import { serviceLogger } from '@modsvc/common/logger';
import { ApiError } from '@modsvc/common/errors';
import { createVisionAnalyzer } from './analyzer.ts';
import { ImageDecodeError } from './models/preprocess.ts';
import type { PoolReply, PoolRequest } from './analyzer-thread.ts';
import type { VisionSettings } from './settings.ts';

const log = serviceLogger('vision-inference').child({ component: 'analyzer-pool' });

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Request = PoolRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

class ThreadAnalyzer {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  busy = 0;
  private failed: Error | null = null;

  constructor(settings: VisionSettings) {
    this.worker = new Worker(new URL('./analyzer-thread.js', import.meta.url), { workerData: settings });
    this.worker.on('message', (reply: PoolReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.code ? new ApiError(reply.code, reply.error) : reply.decode ? new ImageDecodeError(reply.error, reply.decode) : new Error(reply.error));
    });
    const failAll = (err: Error) => {
      this.failed = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', (err) => {
      log.error({ err }, 'vision worker thread crashed');
      failAll(err);
    });
    this.worker.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`vision worker thread exited with code ${code}`));
    });
  }

  call<T>(req: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...req, id }, transfer);
    });
  }

  async terminate(): Promise<void> {
    await this.call({ type: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

class AnalyzerPool implements VisionAnalyzer {
  private readonly threads: ThreadAnalyzer[] = [];
  private report: ModelsReport = { models: [], classes: [] };

  constructor(
    private readonly size: number,
    private readonly settings: VisionSettings,
  ) {}

  async init(): Promise<void> {
    for (let i = 0; i < this.size; i++) this.threads.push(new ThreadAnalyzer(this.settings));
    const reports = await Promise.all(this.threads.map((t) => t.call<ModelsReport>({ type: 'init' })));
    this.report = reports[0]!;
    log.info({ workers: this.size }, 'vision worker threads ready');
  }

  async analyze(frames: FrameInput[], opts?: AnalyzeOptions): Promise<VisionAnalysis> {
    const thread = this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    // Copy each frame into its own buffer so it can be transferred (Buffers may share a pooled one).
    const payload = frames.map((f) => ({ timestamp: f.timestamp, data: new Uint8Array(f.data) }));
    thread.busy++;
    try {
      return await thread.call<VisionAnalysis>({ type: 'analyze', frames: payload, opts }, payload.map((p) => p.data.buffer as ArrayBuffer));
    } finally {
      thread.busy--;
    }
  }

  async embed(images: Buffer[]): Promise<{ model: string; vectors: Float32Array[] }> {
    const thread = this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const payload = images.map((d) => new Uint8Array(d));
    thread.busy++;
    try {
      return await thread.call({ type: 'embed', images: payload }, payload.map((p) => p.buffer as ArrayBuffer));
    } finally {
      thread.busy--;
    }
  }

  models(): ModelsReport {
    return this.report;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.terminate()));
  }
}

/** The analyzer the service runs: a pool of VISION_WORKERS threads, or (0) the models in this thread. */
export function createPooledVisionAnalyzer(settings: VisionSettings): VisionAnalyzer {
  const workers = settings.VISION_WORKERS;
  return workers > 0 ? new AnalyzerPool(Math.floor(workers), settings) : createVisionAnalyzer(settings);
}
