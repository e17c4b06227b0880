// The downloadable model set: the manifest (services/vision-inference/models.json, or
// VISION_MODELS_MANIFEST), where the files live (MODEL_DIR), and the fetcher behind `make models`:
// plain HTTPS GET following redirects, size cap, timeout, sha256 check, atomic rename into place;
// files already present with the right hash are kept, a file with a wrong hash is downloaded again.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { serviceLogger } from '@modsvc/common/logger';
import type { ModelSetName, VisionSettings } from '../settings.ts';
import { sha256File } from './registry.ts';

export type { ModelSetName } from '../settings.ts';

const log = serviceLogger('vision-inference').child({ component: 'model-fetch' });

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const DEFAULT_MANIFEST_PATH = path.resolve(HERE, '../../models.json');
const REPO_ROOT = path.resolve(HERE, '../../../..');

/** Variable that lets a manifest entry without a pinned sha256 be downloaded and loaded (trust on first download). */
export const ALLOW_UNPINNED_ENV = 'VISION_ALLOW_UNPINNED_MODELS';
/** Default cap on one download when the entry gives neither maxBytes nor size. */
export const DEFAULT_MAX_BYTES = 1 << 30;
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const MAX_REDIRECTS = 5;

export interface ManifestEntry {
  id: string;
  version: string;
  /** Model set that downloads and loads it ('full'). */
  set: 'full';
  url: string;
  /** Expected sha256 (hex), or null when nobody has verified it (refused unless VISION_ALLOW_UNPINNED_MODELS=1). */
  sha256: string | null;
  /** Expected size in bytes, or null when unknown. */
  size: number | null;
  /** Download cap in bytes (default: size, else 1 GiB). */
  maxBytes?: number;
  /** Path relative to MODEL_DIR. */
  file: string;
  runtime: 'onnx';
  kind: 'yolov8-detector';
  /** Model input [width, height]. */
  inputSize: [number, number];
  /** Output class order. */
  classes: string[];
  /** Model class -> spec class it feeds (null: feeds none). */
  classMap: Record<string, VisualClass | null>;
  licence: string;
  source?: string;
  notes?: string;
}

export interface ModelsManifest {
  models: ManifestEntry[];
}

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

/** https anywhere; plain http only to the loopback interface (tests). */
export function checkUrl(u: URL): void {
  if (u.protocol === 'https:') return;
  if (u.protocol === 'http:' && isLoopback(u.hostname)) return;
  throw new ManifestError(`refusing to download ${u.href}: only https URLs are allowed`);
}

function validateEntry(e: ManifestEntry, where: string): void {
  const bad = (msg: string): never => {
    throw new ManifestError(`${where}: model ${e?.id ?? '?'}: ${msg}`);
  };
  if (!e || typeof e !== 'object') bad('not an object');
  if (typeof e.id !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/i.test(e.id)) bad('id must be letters, digits, . _ -');
  if (typeof e.version !== 'string' || !e.version) bad('version missing');
  if (e.set !== 'full') bad(`set must be "full" (got ${String(e.set)})`);
  if (e.runtime !== 'onnx') bad(`runtime ${String(e.runtime)} is not supported`);
  if (e.kind !== 'yolov8-detector') bad(`kind ${String(e.kind)} is not supported`);
  let u: URL;
  try {
    u = new URL(e.url);
  } catch {
    return bad(`url ${String(e.url)} is not a URL`);
  }
  checkUrl(u);
  if (e.sha256 !== null && (typeof e.sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(e.sha256))) bad('sha256 must be 64 hex digits or null');
  if (e.size !== null && !(Number.isInteger(e.size) && e.size > 0)) bad('size must be a positive integer or null');
  if (e.maxBytes !== undefined && !(Number.isInteger(e.maxBytes) && e.maxBytes > 0)) bad('maxBytes must be a positive integer');
  if (typeof e.file !== 'string' || !e.file || path.isAbsolute(e.file) || e.file.split(/[\\/]/).includes('..')) bad('file must be a relative path inside MODEL_DIR');
  if (!Array.isArray(e.inputSize) || e.inputSize.length !== 2 || !e.inputSize.every((v) => Number.isInteger(v) && v > 0)) bad('inputSize must be [width, height]');
  if (!Array.isArray(e.classes) || e.classes.length === 0) bad('classes must be a non-empty list');
  if (!e.classMap || typeof e.classMap !== 'object') bad('classMap missing');
  for (const c of e.classes) {
    if (!(c in e.classMap)) bad(`classMap has no entry for ${c}`);
    const to = e.classMap[c];
    if (to !== null && !(VISUAL_CLASSES as string[]).includes(to as string)) bad(`classMap maps ${c} to ${String(to)}, not a visual spec class`);
  }
  if (typeof e.licence !== 'string' || !e.licence) bad('licence missing');
}

/** Reads and validates the manifest (default models.json next to package.json; VISION_MODELS_MANIFEST names another). */
export function loadManifest(file: string = DEFAULT_MANIFEST_PATH): ModelsManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ManifestError(`cannot read model manifest ${file}: ${(err as Error).message}`);
  }
  const models = (raw as { models?: unknown }).models;
  if (!Array.isArray(models)) throw new ManifestError(`${file}: "models" must be a list`);
  const ids = new Set<string>();
  for (const e of models as ManifestEntry[]) {
    validateEntry(e, file);
    if (ids.has(e.id)) throw new ManifestError(`${file}: model ${e.id} listed twice`);
    ids.add(e.id);
  }
  return { models: models as ManifestEntry[] };
}

/** Manifest entries a model set downloads: none for 'lite' (npm packages) and 'none'; all 'full' entries for 'full'. */
export function selectEntries(manifest: ModelsManifest, set: ModelSetName): ManifestEntry[] {
  return set === 'full' ? manifest.models.filter((m) => m.set === 'full') : [];
}

/** True inside a container (Docker / Podman / Kubernetes). */
export function inContainer(settings: Pick<VisionSettings, 'KUBERNETES_SERVICE_HOST'>): boolean {
  return existsSync('/.dockerenv') || existsSync('/run/.containerenv') || !!settings.KUBERNETES_SERVICE_HOST;
}

/** MODEL_DIR, else /models in a container, else <repo>/data/models. */
export function modelDir(settings: Pick<VisionSettings, 'MODEL_DIR' | 'KUBERNETES_SERVICE_HOST'>): string {
  if (settings.MODEL_DIR) return path.resolve(settings.MODEL_DIR);
  return inContainer(settings) ? '/models' : path.join(REPO_ROOT, 'data', 'models');
}

export function entryPath(entry: ManifestEntry, dir: string): string {
  return path.join(dir, entry.file);
}

/** Where the hash of an unpinned file, seen at its first download, is kept. */
export function sidecarPath(file: string): string {
  return `${file}.sha256`;
}

/**
 * The hash a file must have: pinned in the manifest, or (unpinned, `allowUnpinned` on:
 * VISION_ALLOW_UNPINNED_MODELS) the one recorded at download.
 */
export function expectedSha256(entry: ManifestEntry, dir: string, allowUnpinned: boolean): { sha256: string } | { problem: string } {
  if (entry.sha256) return { sha256: entry.sha256.toLowerCase() };
  if (!allowUnpinned) {
    return { problem: `no pinned sha256 for ${entry.id} in the model manifest; pin it or set ${ALLOW_UNPINNED_ENV}=1` };
  }
  const side = sidecarPath(entryPath(entry, dir));
  if (!existsSync(side)) return { problem: `no recorded sha256 (${side} missing): run make models` };
  const h = readFileSync(side, 'utf8').trim().split(/\s+/)[0] ?? '';
  if (!/^[0-9a-f]{64}$/.test(h)) return { problem: `${side} does not hold a sha256` };
  return { sha256: h };
}

export class FetchError extends Error {
  constructor(
    readonly model: string,
    message: string,
  ) {
    super(`${model}: ${message}`);
    this.name = 'FetchError';
  }
}

export interface FetchOptions {
  /** Whole-download deadline per file (default 600 s). */
  timeoutMs?: number;
  /** Download an entry without a pinned sha256 and record the hash seen (default false). */
  allowUnpinned?: boolean;
}

/** The fetch options the settings give: MODELS_FETCH_TIMEOUT_S (when positive) and VISION_ALLOW_UNPINNED_MODELS. */
export function fetchOptions(settings: Pick<VisionSettings, 'MODELS_FETCH_TIMEOUT_S' | 'VISION_ALLOW_UNPINNED_MODELS'>): FetchOptions {
  const s = settings.MODELS_FETCH_TIMEOUT_S;
  return { timeoutMs: s !== undefined && s > 0 ? s * 1000 : DEFAULT_TIMEOUT_MS, allowUnpinned: settings.VISION_ALLOW_UNPINNED_MODELS };
}

export interface FetchResult {
  id: string;
  path: string;
  status: 'present' | 'downloaded';
  sha256: string;
  bytes: number;
  /** True when the hash was not pinned in the manifest (trusted on first download). */
  unpinned: boolean;
}

/** GETs url (following up to 5 redirects, https only) into tmp; returns its sha256 and size. */
async function download(entry: ManifestEntry, tmp: string, cap: number, timeoutMs: number): Promise<{ sha256: string; bytes: number }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(entry.url);
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(url);
      const res = await fetch(url, { redirect: 'manual', signal, headers: { 'user-agent': 'modsvc-models/0.1' } });
      if ([301, 302, 303, 307, 308].includes(res.status)) {
        const loc = res.headers.get('location');
        await res.body?.cancel();
        if (!loc) throw new FetchError(entry.id, `HTTP ${res.status} from ${url.host} without a Location header`);
        if (hop >= MAX_REDIRECTS) throw new FetchError(entry.id, `more than ${MAX_REDIRECTS} redirects`);
        url = new URL(loc, url);
        continue;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new FetchError(entry.id, `HTTP ${res.status} ${res.statusText} for ${url.href}`);
      }
      const declared = Number(res.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > cap) {
        await res.body.cancel();
        throw new FetchError(entry.id, `${url.href} is ${declared} bytes, over the cap of ${cap}`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const fh = await open(tmp, 'w', 0o644);
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          if (bytes > cap) throw new FetchError(entry.id, `download exceeded the cap of ${cap} bytes`);
          hash.update(chunk);
          await fh.write(chunk);
        }
        await fh.sync();
      } finally {
        await fh.close();
      }
      return { sha256: hash.digest('hex'), bytes };
    }
  } catch (err) {
    if (err instanceof FetchError) throw err;
    if (signal.aborted) throw new FetchError(entry.id, `download timed out after ${Math.round(timeoutMs / 1000)} s`);
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    throw new FetchError(entry.id, `GET ${url.href} failed: ${(err as Error).message}${cause ? ` (${cause})` : ''}`);
  }
}

/** Removes leftovers of an interrupted download of `dest` (`<dest>.part-*`). */
function removeStaleParts(dest: string): void {
  const dir = path.dirname(dest);
  const base = `${path.basename(dest)}.part-`;
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) if (f.startsWith(base)) rmSync(path.join(dir, f), { force: true });
}

/**
 * Makes sure MODEL_DIR holds the entry's file with the right sha256: keeps a file already present
 * with the expected hash, else downloads into a temporary file next to it, checks size and hash,
 * and renames it into place (a reader never sees a partial file).
 */
export async function fetchModel(entry: ManifestEntry, dir: string, opts: FetchOptions = {}): Promise<FetchResult> {
  const dest = entryPath(entry, dir);
  const pinned = entry.sha256?.toLowerCase() ?? null;
  if (!pinned && !opts.allowUnpinned) {
    throw new FetchError(
      entry.id,
      `the manifest gives no sha256 for ${entry.url}; refusing to download an unverified file. Pin its sha256 (and size) in the manifest, or set ${ALLOW_UNPINNED_ENV}=1 to trust the first download`,
    );
  }
  await mkdir(path.dirname(dest), { recursive: true });
  removeStaleParts(dest);
  const side = sidecarPath(dest);
  if (existsSync(dest)) {
    const have = await sha256File(dest);
    const want = pinned ?? (existsSync(side) ? readFileSync(side, 'utf8').trim().split(/\s+/)[0] : null);
    if (want && have === want) {
      log.info({ model: entry.id, path: dest }, 'model file present with the expected sha256');
      return { id: entry.id, path: dest, status: 'present', sha256: have, bytes: (await stat(dest)).size, unpinned: !pinned };
    }
    log.warn({ model: entry.id, path: dest, have, want }, 'model file present with another sha256: downloading it again');
  }
  const cap = entry.maxBytes ?? entry.size ?? DEFAULT_MAX_BYTES;
  const tmp = `${dest}.part-${randomBytes(6).toString('hex')}`;
  try {
    const got = await download(entry, tmp, cap, opts.timeoutMs || DEFAULT_TIMEOUT_MS);
    if (entry.size !== null && got.bytes !== entry.size) throw new FetchError(entry.id, `got ${got.bytes} bytes, the manifest says ${entry.size}`);
    if (pinned && got.sha256 !== pinned) throw new FetchError(entry.id, `sha256 mismatch: expected ${pinned}, got ${got.sha256} (file discarded)`);
    await rename(tmp, dest);
    if (!pinned) {
      const sideTmp = `${side}.part-${randomBytes(6).toString('hex')}`;
      const fh = await open(sideTmp, 'w', 0o644);
      try {
        await fh.write(`${got.sha256}  ${path.basename(dest)}\n`);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(sideTmp, side);
      log.warn({ model: entry.id, sha256: got.sha256, bytes: got.bytes }, 'downloaded a model without a pinned sha256: pin this hash in the manifest');
    }
    log.info({ model: entry.id, path: dest, bytes: got.bytes }, 'model downloaded and verified');
    return { id: entry.id, path: dest, status: 'downloaded', sha256: got.sha256, bytes: got.bytes, unpinned: !pinned };
  } finally {
    await rm(tmp, { force: true });
  }
}

export interface FetchAllResult {
  results: FetchResult[];
  failures: FetchError[];
}

/** Fetches every entry (one at a time); failures are collected, not thrown. */
export async function fetchModels(entries: ManifestEntry[], dir: string, opts: FetchOptions = {}): Promise<FetchAllResult> {
  const results: FetchResult[] = [];
  const failures: FetchError[] = [];
  for (const e of entries) {
    try {
      results.push(await fetchModel(e, dir, opts));
    } catch (err) {
      failures.push(err instanceof FetchError ? err : new FetchError(e.id, (err as Error).message));
    }
  }
  return { results, failures };
}
