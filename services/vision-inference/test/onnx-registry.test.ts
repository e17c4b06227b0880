import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChecksumError, ModelRegistry, sha256File, type ModelSpec } from '../src/models/registry.ts';
import { executionProviders, intraOpThreads, OnnxModel, sessionOptions } from '../src/models/onnx.ts';
import { buildLinearSigmoidModel } from '../src/models/onnx-writer.ts';
import { settingsSchema } from '../src/settings.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-onnx-'));
const settings = settingsSchema.parse({});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const W = [
  [1, -1],
  [2, 0.5],
  [-0.5, 1],
  [0, 3],
];
const B = [0.1, -0.2];
const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

function expected(x: number[]): number[] {
  return B.map((bj, j) => sigmoid(x.reduce((a, xi, i) => a + xi * W[i]![j]!, bj)));
}

function writeModel(name: string): { file: string; sha: string } {
  const bytes = buildLinearSigmoidModel(W, B);
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return { file, sha: createHash('sha256').update(bytes).digest('hex') };
}

function spec(file: string, sha256: string, id = 'tiny-head'): ModelSpec {
  return {
    id,
    version: '1',
    runtime: 'onnx',
    files: [{ path: file, sha256 }],
    inputSize: null,
    feeds: [{ class: 'screenshot', how: 'test head output 0' }],
  };
}

describe('ONNX models through the registry', () => {
  it('loads a model built in the test (checksum verified), warms it and computes sigmoid(xW+b)', async () => {
    const { file, sha } = writeModel('tiny.onnx');
    expect(await sha256File(file)).toBe(sha);
    const reg = new ModelRegistry(settings);
    reg.declare(spec(file, sha));
    await reg.loadAll();
    expect(reg.isLoaded('tiny-head')).toBe(true);
    expect(reg.report()).toEqual([{ id: 'tiny-head', version: '1', runtime: 'onnx', classes: ['screenshot'], loaded: true, error: null }]);
    const model = reg.get<OnnxModel>('tiny-head');
    expect(model.inputNames).toEqual(['x']);
    expect(model.outputNames).toEqual(['y']);
    expect(['cpu', 'cuda']).toContain(model.provider);
    const xs = [
      [1, 0, 0, 0],
      [0.5, -1, 2, 0.25],
    ];
    const out = await model.run({ x: { data: Float32Array.from(xs.flat()), dims: [2, 4] } });
    expect(out.y!.dims).toEqual([2, 2]);
    const want = xs.flatMap(expected);
    [...out.y!.data].forEach((v, i) => expect(v).toBeCloseTo(want[i]!, 5));
    await reg.close();
    expect(reg.isLoaded('tiny-head')).toBe(false);
  });

  it('refuses a file whose sha256 differs and keeps the other models', async () => {
    const good = writeModel('good.onnx');
    const bad = writeModel('bad.onnx');
    const reg = new ModelRegistry(settings);
    reg.declare(spec(bad.file, '0'.repeat(64), 'bad'));
    reg.declare(spec(good.file, good.sha, 'good'));
    await reg.loadAll();
    const report = reg.report();
    expect(report[0]).toMatchObject({ id: 'bad', loaded: false });
    expect(report[0]!.error).toMatch(/sha256 mismatch/);
    expect(report[1]).toMatchObject({ id: 'good', loaded: true, error: null });
    expect(() => reg.get('bad')).toThrow(/not loaded: sha256 mismatch/);
    await reg.close();
  });

  it('ChecksumError names the file and both digests', async () => {
    const { file } = writeModel('x.onnx');
    const reg = new ModelRegistry(settings);
    reg.declare(spec(file, 'ab'.repeat(32)));
    const { verifyFiles } = await import('../src/models/registry.ts');
    await expect(verifyFiles(reg.specs()[0]!)).rejects.toBeInstanceOf(ChecksumError);
  });

  it('rejects duplicate ids and runtimes without a loader', () => {
    const reg = new ModelRegistry(settings);
    reg.declare(spec('/nonexistent', '0'));
    expect(() => reg.declare(spec('/nonexistent', '0'))).toThrow(/declared twice/);
    expect(() => reg.declare({ ...spec('/x', '0', 'tf'), runtime: 'tfjs-wasm' })).toThrow(/needs a loader/);
  });

  it('loadAll is idempotent (models load once)', async () => {
    const { file, sha } = writeModel('once.onnx');
    let loads = 0;
    const reg = new ModelRegistry(settings);
    reg.declare(spec(file, sha), {
      load: async (s) => {
        loads++;
        return OnnxModel.create(s.files[0]!.path, settings);
      },
    });
    await Promise.all([reg.loadAll(), reg.loadAll()]);
    await reg.loadAll();
    expect(loads).toBe(1);
    await reg.close();
  });
});

describe('ONNX runtime settings', () => {
  it('takes intra-op threads from VISION_THREADS, else the cgroup limit shared among the worker threads', () => {
    expect(intraOpThreads(settingsSchema.parse({ VISION_THREADS: '3' }))).toBe(3);
    expect(intraOpThreads(settingsSchema.parse({ VISION_THREADS: '3', VISION_WORKERS: '2' }))).toBe(3);
    const cg = mkdtempSync(path.join(dir, 'cg-'));
    const oneWorker = settingsSchema.parse({ VISION_WORKERS: '1' });
    writeFileSync(path.join(cg, 'cpu.max'), '250000 100000\n');
    expect(intraOpThreads(oneWorker, cg)).toBe(2);
    expect(intraOpThreads(settingsSchema.parse({ VISION_THREADS: '0', VISION_WORKERS: '0' }), cg)).toBe(2);
    expect(intraOpThreads(settingsSchema.parse({ VISION_WORKERS: '2' }), cg)).toBe(1);
    writeFileSync(path.join(cg, 'cpu.max'), '400000 100000\n');
    expect(intraOpThreads(settingsSchema.parse({ VISION_WORKERS: '2' }), cg)).toBe(2);
    writeFileSync(path.join(cg, 'cpu.max'), '50000 100000\n');
    expect(intraOpThreads(oneWorker, cg)).toBe(1);
  });

  it('keeps no memory arena or memory patterns unless VISION_ORT_ARENA asks, and computes the same either way', async () => {
    expect(settingsSchema.parse({}).VISION_ORT_ARENA).toBe(false);
    const off = sessionOptions(settingsSchema.parse({}), ['cpu'], 1);
    expect([off.enableCpuMemArena, off.enableMemPattern]).toEqual([false, false]);
    const on = sessionOptions(settingsSchema.parse({ VISION_ORT_ARENA: '1' }), ['cpu'], 2);
    expect([on.enableCpuMemArena, on.enableMemPattern, on.intraOpNumThreads]).toEqual([true, true, 2]);
    const { file } = writeModel('arena.onnx');
    const x = { x: { data: Float32Array.from([0.5, -1, 2, 0.25]), dims: [1, 4] } };
    const outs = [];
    for (const arena of ['0', '1']) {
      const model = await OnnxModel.create(file, settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1', VISION_ORT_ARENA: arena }));
      outs.push([...(await model.run(x)).y!.data]);
      await model.release();
    }
    expect(outs[0]).toEqual(outs[1]);
  });

  it('uses CPU when forced or when no GPU is visible', () => {
    expect(executionProviders(settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu' }))).toEqual(['cpu']);
    expect(executionProviders(settings).at(-1)).toBe('cpu');
  });
});
