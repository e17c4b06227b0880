// Media on the local filesystem (all-in-one mode): `<dir>/<key>`. Writes go to `<dir>/.tmp/` first and
// are renamed into place, so readers never see a partial object. Keys are checked by assertMediaKey.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, assertMediaPrefix } from './keys.ts';
import { MediaNotFoundError, mediaKeys, type MediaStore } from './types.ts';

export interface FsMediaStoreOptions {
  dir: string;
}

const TMP_DIR = '.tmp';
const STALE_TMP_MS = 3600_000;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export class FsMediaStore implements MediaStore {
  readonly dir: string;

  constructor(opts: FsMediaStoreOptions) {
    this.dir = path.resolve(opts.dir);
  }

  async init(): Promise<void> {
    await fsp.mkdir(path.join(this.dir, TMP_DIR), { recursive: true });
    // Temp files left by a crash mid-write.
    const now = Date.now();
    for (const name of await fsp.readdir(path.join(this.dir, TMP_DIR))) {
      const p = path.join(this.dir, TMP_DIR, name);
      const st = await fsp.stat(p).catch(() => null);
      if (st && now - st.mtimeMs > STALE_TMP_MS) await fsp.rm(p, { force: true });
    }
  }

  async close(): Promise<void> {}

  /** Absolute path of a key (validated). */
  pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  private tmpPath(): string {
    return path.join(this.dir, TMP_DIR, `${randomBytes(8).toString('hex')}.part`);
  }

  async put(key: string, data: Buffer | Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.join(this.dir, TMP_DIR), { recursive: true });
    const tmp = this.tmpPath();
    try {
      if (Buffer.isBuffer(data)) await fsp.writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
      const { size } = await fsp.stat(tmp);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
      return { size };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) throw new MediaNotFoundError(key);
      throw err;
    }
  }

  async toFile(key: string, dest: string): Promise<void> {
    const src = this.pathOf(key);
    if (!(await this.has(key))) throw new MediaNotFoundError(key);
    const tmp = `${dest}.${randomBytes(6).toString('hex')}.part`;
    try {
      await fsp.copyFile(src, tmp);
      await fsp.rename(tmp, dest);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if (isMissing(err) && !(await this.has(key))) throw new MediaNotFoundError(key);
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    const st = await fsp.stat(this.pathOf(key)).catch(() => null);
    return st?.isFile() ?? false;
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertMediaPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const baseKey = slash >= 0 ? prefix.slice(0, slash) : '';
    const baseDir = baseKey ? path.join(this.dir, ...baseKey.split('/')) : this.dir;
    let deleted = 0;
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (e.name.startsWith('.')) continue; // temp dir and anything that is not a valid key
        const key = rel ? `${rel}/${e.name}` : e.name;
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          // Only descend where keys can still match the prefix.
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
            await walk(full, key);
            if (`${key}/`.startsWith(prefix)) await fsp.rmdir(full).catch(() => undefined);
          }
        } else if (key.startsWith(prefix)) {
          await fsp.rm(full, { force: true });
          deleted++;
        }
      }
    };
    await walk(baseDir, baseKey);
    if (baseKey && `${baseKey}/`.startsWith(prefix)) await fsp.rmdir(baseDir).catch(() => undefined);
    return deleted;
  }

  /**
   * The retention sweep (deleteJobsOlderThan) goes by the job folder's time: renewing sets it to now,
   * for each job folder older than `minAgeMs`. Counts the files in the folders renewed.
   */
  async renewJobs(jobIds: readonly string[], minAgeMs: number): Promise<number> {
    let renewed = 0;
    const now = new Date();
    for (const id of new Set(jobIds)) {
      const dir = this.pathOf(mediaKeys.jobPrefix(id).slice(0, -1));
      const st = await fsp.stat(dir).catch(() => null);
      if (!st?.isDirectory() || now.getTime() - st.mtimeMs < minAgeMs) continue;
      await fsp.utimes(dir, now, now);
      const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[]);
      renewed += entries.filter((e) => e.isFile()).length;
    }
    return renewed;
  }

  /** Job folders whose newest write is before the cutoff (frames kept for review, or left by a crash). */
  async deleteJobsOlderThan(cutoff: Date): Promise<number> {
    const jobsDir = path.join(this.dir, 'jobs');
    let deleted = 0;
    for (const name of await fsp.readdir(jobsDir).catch(() => [] as string[])) {
      const dir = path.join(jobsDir, name);
      const st = await fsp.stat(dir).catch(() => null);
      if (!st?.isDirectory() || st.mtimeMs >= cutoff.getTime()) continue;
      await fsp.rm(dir, { recursive: true, force: true });
      deleted++;
    }
    return deleted;
  }
}
