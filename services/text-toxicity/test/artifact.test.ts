import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DIR, loadArtifact, ToxicityModelError } from '../src/model/artifact.ts';
import { loadToxicityModel } from '../src/model/scorer.ts';
import { settingsSchema } from '../src/settings.ts';

const dirs: string[] = [];
/** A copy of the committed artifact, with the bridge lexicon and the word vectors where its manifest expects them (beside the artifact's directory). */
function copyArtifact(): string {
  const root = mkdtempSync(join(tmpdir(), 'toxicity-artifact-'));
  dirs.push(root);
  const d = join(root, 'toxicity-v1');
  mkdirSync(d);
  for (const f of ['manifest.json', 'weights.bin', 'langid.bin', 'heads.bin']) copyFileSync(join(DEFAULT_MODEL_DIR, f), join(d, f));
  const { bridge, wordHead } = loadArtifact(DEFAULT_MODEL_DIR).manifest;
  if (bridge) {
    mkdirSync(join(d, bridge.dir), { recursive: true });
    copyFileSync(join(DEFAULT_MODEL_DIR, bridge.dir, bridge.file), join(d, bridge.dir, bridge.file));
  }
  if (wordHead) {
    copyFileSync(join(DEFAULT_MODEL_DIR, wordHead.file), join(d, wordHead.file));
    mkdirSync(join(d, wordHead.vectorsDir), { recursive: true });
    for (const f of ['manifest.json', 'vocab.txt', 'vectors.i8']) copyFileSync(join(DEFAULT_MODEL_DIR, wordHead.vectorsDir, f), join(d, wordHead.vectorsDir, f));
  }
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('toxicity artifact loading', () => {
  it('loads the model TOXICITY_MODEL_DIR names, the committed one when it is unset', () => {
    expect(settingsSchema.parse({}).TOXICITY_MODEL_DIR).toBe(DEFAULT_MODEL_DIR);
    expect(settingsSchema.parse({ TOXICITY_MODEL_DIR: '' }).TOXICITY_MODEL_DIR).toBe(DEFAULT_MODEL_DIR);
    const d = copyArtifact();
    expect(loadToxicityModel(settingsSchema.parse({ TOXICITY_MODEL_DIR: d })).model.dir).toBe(d);
  });

  it('loads the committed artifact', () => {
    const m = loadArtifact(DEFAULT_MODEL_DIR);
    expect(m.manifest.format).toBe('modsvc-toxicity-linear');
    expect(m.weights.length).toBe(m.manifest.weights.buckets * m.columns);
    expect(m.scored.length).toBe(m.columns);
  });

  it('fails clearly when the bridge lexicon is missing or is not the one the model was fitted with', () => {
    const bridge = loadArtifact(DEFAULT_MODEL_DIR).manifest.bridge;
    expect(bridge).toBeDefined();
    const d = copyArtifact();
    const file = join(d, bridge!.dir, bridge!.file);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/bridge lexicon .* is not the one the model was fitted with/);
    rmSync(file);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/bridge lexicon .* not found/);
  });

  it('fails clearly when the word head or its vectors are missing or not the ones it was trained with', () => {
    const wordHead = loadArtifact(DEFAULT_MODEL_DIR).manifest.wordHead;
    expect(wordHead).toBeDefined();
    const d = copyArtifact();
    const vectorsManifest = join(d, wordHead!.vectorsDir, 'manifest.json');
    const m = JSON.parse(readFileSync(vectorsManifest, 'utf8')) as { vectors: { sha256: string } };
    writeFileSync(vectorsManifest, JSON.stringify({ ...m, vectors: { ...m.vectors, sha256: '0'.repeat(64) } }));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(ToxicityModelError);
    const file = join(d, wordHead!.file);
    const bytes = readFileSync(file);
    bytes[0]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/word head word-head.bin is corrupt/);
    rmSync(file);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/word head word-head.bin not found/);
  });

  it('fails clearly when the directory has no manifest', () => {
    const d = mkdtempSync(join(tmpdir(), 'toxicity-empty-'));
    dirs.push(d);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(ToxicityModelError);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/manifest\.json not found/);
  });

  it('fails clearly on a manifest that is not JSON', () => {
    const d = copyArtifact();
    writeFileSync(join(d, 'manifest.json'), '{"format": "modsvc-tox');
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/not valid JSON/);
  });

  it('fails clearly when the weights file is missing, truncated or corrupt', () => {
    const d = copyArtifact();
    rmSync(join(d, 'weights.bin'));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/weights file weights\.bin not found/);

    const t = copyArtifact();
    const bytes = readFileSync(join(t, 'weights.bin'));
    writeFileSync(join(t, 'weights.bin'), bytes.subarray(0, bytes.length - 10));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: t })).toThrow(/has \d+ bytes, expected \d+/);

    const c = copyArtifact();
    const flipped = Buffer.from(readFileSync(join(c, 'weights.bin')));
    flipped[12345] = (flipped[12345]! + 1) & 0xff;
    writeFileSync(join(c, 'weights.bin'), flipped);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: c })).toThrow(/is corrupt/);
  });

  it('fails clearly when the language heads file is missing or corrupt, or a head lies outside it', () => {
    const d = copyArtifact();
    rmSync(join(d, 'heads.bin'));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/language heads file heads\.bin not found/);

    const c = copyArtifact();
    const flipped = Buffer.from(readFileSync(join(c, 'heads.bin')));
    flipped[777] = (flipped[777]! + 1) & 0xff;
    writeFileSync(join(c, 'heads.bin'), flipped);
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: c })).toThrow(/heads\.bin is corrupt/);

    const o = copyArtifact();
    const m = JSON.parse(readFileSync(join(o, 'manifest.json'), 'utf8')) as { heads: { languages: Record<string, { offset: number }> } };
    m.heads.languages.de!.offset = readFileSync(join(o, 'heads.bin')).length;
    writeFileSync(join(o, 'manifest.json'), JSON.stringify(m));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: o })).toThrow(/language head de lies outside heads\.bin/);
  });

  it('rejects a manifest whose label entries are missing', () => {
    const d = copyArtifact();
    const m = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')) as { labels: Record<string, unknown> };
    delete m.labels.toxicity;
    writeFileSync(join(d, 'manifest.json'), JSON.stringify(m));
    expect(() => loadToxicityModel({ TOXICITY_MODEL_DIR: d })).toThrow(/no entry for label toxicity/);
  });
});
