// onnxruntime-node wrapper: CUDA execution provider when the machine has a GPU and the binding
// offers it, else CPU; intra-op threads from VISION_THREADS, else the cgroup CPU limit shared out
// among the VISION_WORKERS threads that each run their own sessions.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import * as ort from 'onnxruntime-node';
import { serviceLogger } from '@modsvc/common/logger';
import type { VisionSettings } from '../settings.ts';

const log = serviceLogger('vision-inference').child({ component: 'onnx' });

/** CPUs this process may use: cgroup v2 `cpu.max` (or v1 quota/period), else the host's count. */
export function cgroupCpuLimit(root = '/sys/fs/cgroup'): number | null {
  try {
    const max = readFileSync(`${root}/cpu.max`, 'utf8').trim().split(/\s+/);
    if (max[0] && max[0] !== 'max' && max[1]) return Number(max[0]) / Number(max[1]);
  } catch {
    // not cgroup v2
  }
  try {
    const quota = Number(readFileSync(`${root}/cpu/cpu.cfs_quota_us`, 'utf8'));
    const period = Number(readFileSync(`${root}/cpu/cpu.cfs_period_us`, 'utf8'));
    if (quota > 0 && period > 0) return quota / period;
  } catch {
    // no v1 quota either
  }
  return null;
}

/** What an ONNX session is created with: intra-op threads and execution provider (and the worker threads that share the CPUs). */
export type OnnxSettings = Pick<VisionSettings, 'VISION_THREADS' | 'VISION_ORT_PROVIDER'> & Partial<Pick<VisionSettings, 'VISION_WORKERS' | 'VISION_ORT_ARENA'>>;

/**
 * Intra-op threads: VISION_THREADS, else floor(cgroup limit, else available parallelism) divided among
 * VISION_WORKERS (each worker thread has its own sessions); at least 1. Two workers with two threads
 * each on two cores ran MobileNetV2 at 59 images/s against 199 with one each (bench/results/nsfw-onnx.json):
 * onnxruntime's threads spin at every layer's barrier and stall when the cores are oversubscribed.
 */
export function intraOpThreads(settings: Pick<OnnxSettings, 'VISION_THREADS' | 'VISION_WORKERS'>, cgroupRoot?: string): number {
  const configured = settings.VISION_THREADS;
  if (configured !== undefined && configured >= 1) return Math.floor(configured);
  const limit = cgroupCpuLimit(cgroupRoot);
  const n = limit != null ? Math.floor(limit) : os.availableParallelism();
  const workers = Math.max(1, Math.floor(settings.VISION_WORKERS ?? 1));
  return Math.max(1, Math.floor(n / workers));
}

/** Execution providers to try, in order: CUDA first when a GPU is visible and the binding lists it. */
export function executionProviders(settings: Pick<OnnxSettings, 'VISION_ORT_PROVIDER'>): string[] {
  const forced = settings.VISION_ORT_PROVIDER;
  if (forced === 'cpu') return ['cpu'];
  const backends = ort.listSupportedBackends?.() ?? [];
  const hasCuda = backends.some((b) => b.name === 'cuda');
  const gpuVisible = existsSync('/dev/nvidia0') || existsSync('/proc/driver/nvidia/version');
  return hasCuda && (gpuVisible || forced === 'cuda') ? ['cuda', 'cpu'] : ['cpu'];
}

/**
 * The options a session is created with. Without VISION_ORT_ARENA the CPU memory arena and memory
 * patterns are off: buffers go back to the allocator after each run instead of being held at the largest
 * size any run needed, in every session of every worker thread.
 */
export function sessionOptions(settings: Pick<OnnxSettings, 'VISION_ORT_ARENA'>, eps: readonly string[], threads: number): ort.InferenceSession.SessionOptions {
  return {
    executionProviders: [...eps] as ort.InferenceSession.SessionOptions['executionProviders'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    enableCpuMemArena: settings.VISION_ORT_ARENA === true,
    enableMemPattern: settings.VISION_ORT_ARENA === true,
  };
}

export interface TensorData {
  data: Float32Array;
  dims: number[];
}

export class OnnxModel {
  private constructor(
    private readonly session: ort.InferenceSession,
    readonly provider: string,
  ) {}

  static async create(pathOrBytes: string | Uint8Array, settings: OnnxSettings): Promise<OnnxModel> {
    const threads = intraOpThreads(settings);
    const providers = executionProviders(settings);
    let lastErr: unknown = null;
    for (let i = 0; i < providers.length; i++) {
      const eps = providers.slice(i);
      const opts = sessionOptions(settings, eps, threads);
      try {
        const session =
          typeof pathOrBytes === 'string'
            ? await ort.InferenceSession.create(pathOrBytes, opts)
            : await ort.InferenceSession.create(pathOrBytes, opts);
        log.info({ provider: eps[0], threads, arena: opts.enableCpuMemArena }, 'onnx session created');
        return new OnnxModel(session, eps[0] as string);
      } catch (err) {
        lastErr = err;
        log.warn({ provider: eps[0], err: (err as Error).message }, 'onnx execution provider failed, trying next');
      }
    }
    throw lastErr instanceof Error ? lastErr : new Error('no ONNX execution provider could load the model');
  }

  get inputNames(): readonly string[] {
    return this.session.inputNames;
  }

  get outputNames(): readonly string[] {
    return this.session.outputNames;
  }

  /** Runs float32 inputs; returns every output as float32 with its dims. */
  async run(inputs: Record<string, TensorData>): Promise<Record<string, TensorData>> {
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, t] of Object.entries(inputs)) feeds[name] = new ort.Tensor('float32', t.data, t.dims);
    const out = await this.session.run(feeds);
    const res: Record<string, TensorData> = {};
    // onnxruntime-node returns each CPU output in a JS-owned buffer of its own: keep it rather than
    // copy it (CenterNet's heatmap alone is 5 MB a frame). dispose() only drops the tensor's reference.
    for (const [name, t] of Object.entries(out)) {
      res[name] = { data: t.data as Float32Array, dims: [...t.dims] };
      t.dispose?.();
    }
    return res;
  }

  /** One run on zeros shaped like the declared inputs (dynamic dims taken as 1). */
  async warm(): Promise<void> {
    const inputs: Record<string, TensorData> = {};
    const meta = this.session.inputMetadata;
    for (let i = 0; i < this.session.inputNames.length; i++) {
      const m = meta[i] as { isTensor: boolean; shape?: readonly (number | string)[]; type?: string } | undefined;
      if (!m?.isTensor || m.type !== 'float32') return; // non-float inputs: the caller warms it itself
      const dims = (m.shape ?? []).map((d) => (typeof d === 'number' && d > 0 ? d : 1));
      inputs[this.session.inputNames[i] as string] = { data: new Float32Array(dims.reduce((a, b) => a * b, 1)), dims };
    }
    await this.run(inputs);
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
