// One tfjs instance with the wasm backend, shared by nsfwjs and @vladmandic/human (both resolve
// the same @tensorflow/tfjs-core), plus a `file://` load router so TFJS graph/layers models load
// from package directories without a network fetch.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';

export const requireHere = createRequire(import.meta.url);

let ready: Promise<typeof TF> | null = null;

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: unknown;
  userDefinedMetadata?: Record<string, object>;
  modelInitializer?: unknown;
  weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
}

/** Reads a TFJS model.json and its weight shards from disk into ModelArtifacts. */
export function readModelArtifacts(file: string): TF.io.ModelArtifacts {
  const j = JSON.parse(readFileSync(file, 'utf8')) as ModelJson;
  const dir = path.dirname(file);
  const weightSpecs: TF.io.WeightsManifestEntry[] = [];
  const bufs: Buffer[] = [];
  for (const g of j.weightsManifest) {
    weightSpecs.push(...g.weights);
    for (const p of g.paths) bufs.push(readFileSync(path.join(dir, p)));
  }
  const b = Buffer.concat(bufs);
  return {
    modelTopology: j.modelTopology as TF.io.ModelArtifacts['modelTopology'],
    format: j.format,
    generatedBy: j.generatedBy,
    convertedBy: j.convertedBy ?? null,
    signature: j.signature as TF.io.ModelArtifacts['signature'],
    userDefinedMetadata: j.userDefinedMetadata,
    modelInitializer: j.modelInitializer as TF.io.ModelArtifacts['modelInitializer'],
    weightSpecs,
    weightData: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer,
  };
}

/** Initialises tfjs on the wasm backend once; every later call returns the same module. */
export function tfReady(): Promise<typeof TF> {
  ready ??= (async () => {
    const tf = requireHere('@tensorflow/tfjs') as typeof TF;
    requireHere('@tensorflow/tfjs-backend-wasm');
    tf.io.registerLoadRouter(((url: string | string[]) => {
      if (typeof url !== 'string' || !url.startsWith('file://')) return null;
      const file = url.slice('file://'.length);
      return { load: async () => readModelArtifacts(file) };
    }) as Parameters<typeof TF.io.registerLoadRouter>[0]);
    tf.enableProdMode();
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}
