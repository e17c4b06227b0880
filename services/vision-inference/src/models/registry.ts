// The model registry: every model is declared once (id, version, files with their sha256, runtime,
// input size, the spec classes it feeds and how). `loadAll()` verifies each file's checksum, loads
// the model once, warms it, and keeps the handle for every request to share.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import type { VisualClass } from '@modsvc/common/classes';
import type { ModelReport } from '@modsvc/common/contracts';
import { serviceLogger } from '@modsvc/common/logger';
import { OnnxModel, type OnnxSettings } from './onnx.ts';

const log = serviceLogger('vision-inference').child({ component: 'model-registry' });

export type Runtime = 'onnx' | 'tfjs-wasm' | 'tesseract';

export interface ModelFile {
  /** Absolute path of the file on disk. */
  path: string;
  /** Expected sha256 (hex); the file is refused when it differs. */
  sha256: string;
}

export interface ClassFeed {
  class: VisualClass;
  /** How the model's outputs become this class's score (documented in /v1/models). */
  how: string;
}

export interface ModelSpec {
  id: string;
  version: string;
  runtime: Runtime;
  files: ModelFile[];
  /** Model input [width, height] in pixels; null when the model takes any size. */
  inputSize: [number, number] | null;
  feeds: ClassFeed[];
}

/** How to turn verified files into a usable handle, and how to warm it. */
export interface ModelLoader<T> {
  load(spec: ModelSpec): Promise<T>;
  warm?(handle: T): Promise<void>;
  close?(handle: T): Promise<void>;
}

export class ChecksumError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`sha256 mismatch for ${path}: expected ${expected}, got ${actual}`);
    this.name = 'ChecksumError';
  }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function verifyFiles(spec: ModelSpec): Promise<void> {
  for (const f of spec.files) {
    if (!existsSync(f.path)) throw new Error(`file missing: ${f.path}`);
    const actual = await sha256File(f.path);
    if (actual !== f.sha256.toLowerCase()) throw new ChecksumError(f.path, f.sha256, actual);
  }
}

/** The default loader for runtime 'onnx': an onnxruntime-node session on the first file. */
export function onnxLoader(settings: OnnxSettings): ModelLoader<OnnxModel> {
  return {
    async load(spec) {
      const file = spec.files[0];
      if (!file) throw new Error(`model ${spec.id} declares no ONNX file`);
      return OnnxModel.create(file.path, settings);
    },
    async warm(model) {
      await model.warm();
    },
    async close(model) {
      await model.release();
    },
  };
}

interface Entry {
  spec: ModelSpec;
  loader: ModelLoader<unknown>;
  handle: unknown;
  loaded: boolean;
  error: string | null;
  loadMs: number | null;
}

export class ModelRegistry {
  private readonly entries = new Map<string, Entry>();
  private loading: Promise<void> | null = null;

  /** `onnx`: how the default ONNX loader creates its sessions. */
  constructor(private readonly onnx: OnnxSettings) {}

  /** Declares a model; the runtime 'onnx' gets the ONNX loader unless another is given. */
  declare<T>(spec: ModelSpec, loader?: ModelLoader<T>): void {
    if (this.entries.has(spec.id)) throw new Error(`model ${spec.id} declared twice`);
    const l = (loader ?? (spec.runtime === 'onnx' ? onnxLoader(this.onnx) : null)) as ModelLoader<unknown> | null;
    if (!l) throw new Error(`model ${spec.id}: runtime ${spec.runtime} needs a loader`);
    this.entries.set(spec.id, { spec, loader: l, handle: null, loaded: false, error: null, loadMs: null });
  }

  specs(): ModelSpec[] {
    return [...this.entries.values()].map((e) => e.spec);
  }

  /**
   * Verifies, loads and warms every declared model once (later calls return the same promise).
   * A model that fails is recorded with its error and left out; the others still load.
   */
  loadAll(): Promise<void> {
    this.loading ??= (async () => {
      for (const e of this.entries.values()) {
        const t0 = performance.now();
        try {
          await verifyFiles(e.spec);
          e.handle = await e.loader.load(e.spec);
          if (e.loader.warm) await e.loader.warm(e.handle);
          e.loaded = true;
          e.loadMs = performance.now() - t0;
          log.info({ model: e.spec.id, version: e.spec.version, ms: Math.round(e.loadMs) }, 'model loaded');
        } catch (err) {
          e.error = (err as Error).message;
          log.error({ model: e.spec.id, err: e.error }, 'model failed to load');
        }
      }
    })();
    return this.loading;
  }

  isLoaded(id: string): boolean {
    return this.entries.get(id)?.loaded ?? false;
  }

  /** The loaded handle; throws when the model is unknown or failed to load. */
  get<T>(id: string): T {
    const e = this.entries.get(id);
    if (!e) throw new Error(`unknown model ${id}`);
    if (!e.loaded) throw new Error(`model ${id} is not loaded${e.error ? `: ${e.error}` : ''}`);
    return e.handle as T;
  }

  /** Input [width, height] a declared model runs at (null: any size, or not declared). */
  inputSize(id: string): [number, number] | null {
    return this.entries.get(id)?.spec.inputSize ?? null;
  }

  /** `id@version` of a declared model. */
  tag(id: string): string {
    const e = this.entries.get(id);
    if (!e) throw new Error(`unknown model ${id}`);
    return `${e.spec.id}@${e.spec.version}`;
  }

  report(): ModelReport[] {
    return [...this.entries.values()].map((e) => ({
      id: e.spec.id,
      version: e.spec.version,
      runtime: e.spec.runtime,
      classes: e.spec.feeds.map((f) => f.class),
      loaded: e.loaded,
      error: e.error,
    }));
  }

  async close(): Promise<void> {
    for (const e of this.entries.values()) {
      if (e.loaded && e.loader.close) await e.loader.close(e.handle);
      e.loaded = false;
      e.handle = null;
    }
    this.loading = null;
  }
}
