import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, fetchOptions } from '../src/models/fetch.ts';
import { settingsSchema } from '../src/settings.ts';

describe('vision-inference settings', () => {
  it("defaults to today's behaviour when nothing is set", () => {
    const s = settingsSchema.parse({});
    expect(s).toMatchObject({
      VISION_MODEL_SET: 'lite',
      VISION_CONCURRENCY: 2,
      VISION_DISABLE_MODELS: [],
      VISION_OBJECTS: true,
      VISION_V3: true,
      VISION_ALLOW_UNPINNED_MODELS: false,
      VISION_UNCALIBRATED: 'report',
      VISION_EVIDENCE_THRESHOLD: 0.5,
      VISION_DHASH_DISTANCE: 4,
      VISION_BATCH: 8,
      VISION_DECODE_MAX_SIDE: 1024,
      VISION_PIXEL_LIMIT: 50_000_000,
      VISION_HUMAN_MAX_SIDE: 640,
      VISION_OCR_MAX_SIDE: 768,
      VISION_DETECTOR_CONF: 0.25,
      VISION_DETECTOR_IOU: 0.45,
      VISION_ORT_PROVIDER: 'auto',
    });
    expect([1, 2]).toContain(s.VISION_WORKERS);
    expect(s.MODEL_DIR).toBeUndefined();
    expect(s.VISION_THREADS).toBeUndefined();
  });

  it("nsfwjs' MobileNetV2 runs on onnx unless the tfjs-wasm reference is asked for", () => {
    const runtime = (v?: string) => settingsSchema.parse({ VISION_NSFW_RUNTIME: v }).VISION_NSFW_RUNTIME;
    expect(runtime()).toBe('onnx');
    expect(runtime('')).toBe('onnx');
    expect(runtime('tfjs-wasm')).toBe('tfjs-wasm');
    expect(() => runtime('webgl')).toThrow(/not an nsfwjs runtime/);
  });

  it("human's face and object models run on onnx unless the tfjs-wasm original is asked for", () => {
    const runtime = (v?: string) => settingsSchema.parse({ VISION_HUMAN_RUNTIME: v }).VISION_HUMAN_RUNTIME;
    expect(runtime()).toBe('onnx');
    expect(runtime(' ')).toBe('onnx');
    expect(runtime('tfjs-wasm')).toBe('tfjs-wasm');
    expect(() => runtime('cuda')).toThrow(/not a runtime for human's models/);
  });

  it("face-api's age/gender network runs on onnx unless the tfjs-wasm original is asked for", () => {
    const runtime = (v?: string) => settingsSchema.parse({ VISION_FACEAPI_RUNTIME: v }).VISION_FACEAPI_RUNTIME;
    expect(runtime()).toBe('onnx');
    expect(runtime('tfjs-wasm')).toBe('tfjs-wasm');
    expect(() => runtime('webgpu')).toThrow(/not a runtime for face-api's network/);
  });

  it('the object detector runs unless turned off (VISION_OBJECTS)', () => {
    const objects = (v?: string) => settingsSchema.parse({ VISION_OBJECTS: v }).VISION_OBJECTS;
    expect(objects()).toBe(true);
    expect(objects(' ')).toBe(true);
    expect(objects('off')).toBe(false);
    expect(objects('no')).toBe(false);
    expect(objects('1')).toBe(true);
    expect(objects('true')).toBe(true);
    expect(objects('ON')).toBe(true);
    expect(objects('0')).toBe(false);
  });

  it('gates the object detector on v3 alcohol at 0.001 unless set (VISION_OBJECTS_GATE; 0: no gate; a probability below 1)', () => {
    const gate = (v?: string) => settingsSchema.parse({ VISION_OBJECTS_GATE: v }).VISION_OBJECTS_GATE;
    expect(gate()).toBe(0.001);
    expect(gate('')).toBe(0.001);
    expect(gate('0')).toBe(0);
    expect(gate('0.01')).toBe(0.01);
    expect(() => gate('-0.1')).toThrow(/VISION_OBJECTS_GATE is a probability/);
    expect(() => gate('1')).toThrow(/VISION_OBJECTS_GATE is a probability/);
    expect(() => gate('half')).toThrow();
  });

  it('vision v3 runs (where its artifact is deployed) unless turned off (VISION_V3)', () => {
    const v3 = (v?: string) => settingsSchema.parse({ VISION_V3: v }).VISION_V3;
    expect(v3()).toBe(true);
    expect(v3('')).toBe(true);
    expect(v3('1')).toBe(true);
    expect(v3('0')).toBe(false);
    expect(v3('off')).toBe(false);
  });

  it('reads the model set, an empty value meaning lite, and refuses an unknown one', () => {
    expect(settingsSchema.parse({ VISION_MODEL_SET: ' full ' }).VISION_MODEL_SET).toBe('full');
    expect(settingsSchema.parse({ VISION_MODEL_SET: '' }).VISION_MODEL_SET).toBe('lite');
    expect(() => settingsSchema.parse({ VISION_MODEL_SET: 'huge' })).toThrow(/huge is not a model set/);
  });

  it('reads lists, switches and numbers as the services always did', () => {
    const s = settingsSchema.parse({
      VISION_DISABLE_MODELS: 'tesseract-eng, human-face,',
      VISION_ALLOW_UNPINNED_MODELS: '0',
      VISION_UNCALIBRATED: 'null',
      VISION_WORKERS: '0',
      VISION_PIXEL_LIMIT: '',
    });
    expect(s.VISION_DISABLE_MODELS).toEqual(['tesseract-eng', 'human-face']);
    expect(s.VISION_ALLOW_UNPINNED_MODELS).toBe(false);
    expect(s.VISION_UNCALIBRATED).toBe('null');
    expect(s.VISION_WORKERS).toBe(0);
    expect(s.VISION_PIXEL_LIMIT).toBe(50_000_000);
    expect(settingsSchema.parse({ VISION_ALLOW_UNPINNED_MODELS: 'true' }).VISION_ALLOW_UNPINNED_MODELS).toBe(true);
  });

  it('gives the model downloads their deadline (MODELS_FETCH_TIMEOUT_S, when positive) and the unpinned override', () => {
    expect(fetchOptions(settingsSchema.parse({ MODELS_FETCH_TIMEOUT_S: '5' }))).toEqual({ timeoutMs: 5000, allowUnpinned: false });
    expect(fetchOptions(settingsSchema.parse({ MODELS_FETCH_TIMEOUT_S: '0', VISION_ALLOW_UNPINNED_MODELS: '1' }))).toEqual({ timeoutMs: DEFAULT_TIMEOUT_MS, allowUnpinned: true });
  });
});
