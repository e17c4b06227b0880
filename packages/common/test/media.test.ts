// One contract, two media stores: FsMediaStore and NatsObjectMediaStore.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { FsMediaStore } from '../src/media/fs.ts';
import { NatsObjectMediaStore } from '../src/media/nats-object.ts';
import { createMediaStore } from '../src/media/index.ts';
import { MediaNotFoundError, mediaKeys, type MediaStore } from '../src/media/types.ts';
import { natsForTests, uniqueName } from './bus-helpers.ts';

const nats = await natsForTests();
afterAll(async () => {
  await nats?.stop();
});

interface Harness {
  store: MediaStore;
  cleanup(): Promise<void>;
}

function chunked(buf: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts);
}

function mediaContract(name: string, make: () => Promise<Harness>): void {
  describe(`media contract: ${name}`, () => {
    let h: Harness;
    let tmp: string;
    beforeEach(async () => {
      h = await make();
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-media-out-'));
    });
    afterEach(async () => {
      await h.cleanup();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('puts a Buffer and gets the same bytes back', async () => {
      const data = randomBytes(4096);
      const key = mediaKeys.source('job-a');
      expect(await h.store.has(key)).toBe(false);
      expect(await h.store.put(key, data)).toEqual({ size: 4096 });
      expect(await h.store.has(key)).toBe(true);
      expect((await h.store.get(key)).equals(data)).toBe(true);
      // Overwrite replaces the object.
      const again = Buffer.from('replaced');
      expect(await h.store.put(key, again)).toEqual({ size: again.length });
      expect((await h.store.get(key)).toString()).toBe('replaced');
    });

    it('puts a stream larger than one chunk and writes it to a file', async () => {
      const data = randomBytes(300 * 1024 + 17); // > 128 KiB object-store chunks
      const key = mediaKeys.audio('job-b');
      expect(await h.store.put(key, chunked(data, 10_000))).toEqual({ size: data.length });
      const dest = path.join(tmp, 'audio.wav');
      await h.store.toFile(key, dest);
      expect(fs.readFileSync(dest).equals(data)).toBe(true);
      expect(fs.readdirSync(tmp)).toEqual(['audio.wav']); // no temp files left behind
    });

    it('stores empty objects', async () => {
      const key = 'jobs/job-e/empty';
      expect(await h.store.put(key, Buffer.alloc(0))).toEqual({ size: 0 });
      expect(await h.store.has(key)).toBe(true);
      expect((await h.store.get(key)).length).toBe(0);
    });

    it('throws MediaNotFoundError for absent objects', async () => {
      await expect(h.store.get('jobs/none/source')).rejects.toBeInstanceOf(MediaNotFoundError);
      await expect(h.store.toFile('jobs/none/source', path.join(tmp, 'x'))).rejects.toBeInstanceOf(MediaNotFoundError);
      expect(fs.existsSync(path.join(tmp, 'x'))).toBe(false);
      await h.store.put('jobs/dir/frames/000001.jpg', Buffer.from('f'));
      // A "directory" is not an object.
      await expect(h.store.get('jobs/dir/frames')).rejects.toBeInstanceOf(MediaNotFoundError);
      expect(await h.store.has('jobs/dir/frames')).toBe(false);
    });

    it('deletes every object under a prefix and nothing else', async () => {
      await h.store.put(mediaKeys.source('j1'), Buffer.from('s'));
      await h.store.put(mediaKeys.frame('j1', 1), Buffer.from('f1'));
      await h.store.put(mediaKeys.frame('j1', 2), Buffer.from('f2'));
      await h.store.put(mediaKeys.audio('j1'), Buffer.from('a'));
      await h.store.put(mediaKeys.source('j10'), Buffer.from('other job'));
      await h.store.put(mediaKeys.source('j2'), Buffer.from('other job'));
      expect(await h.store.deletePrefix(mediaKeys.jobPrefix('j1'))).toBe(4);
      expect(await h.store.has(mediaKeys.frame('j1', 1))).toBe(false);
      expect(await h.store.has(mediaKeys.source('j1'))).toBe(false);
      expect(await h.store.has(mediaKeys.source('j10'))).toBe(true);
      expect(await h.store.has(mediaKeys.source('j2'))).toBe(true);
      expect(await h.store.deletePrefix(mediaKeys.jobPrefix('j1'))).toBe(0);
      // A partial-segment prefix matches like a string prefix.
      expect(await h.store.deletePrefix('jobs/j')).toBe(2);
      expect(await h.store.has(mediaKeys.source('j2'))).toBe(false);
    });

    it("renews the retention of the named jobs' media older than minAge, keeping their bytes", async () => {
      await h.store.put(mediaKeys.frame('held', 1), Buffer.from('f1'));
      await h.store.put(mediaKeys.frame('held', 2), Buffer.from('f2'));
      await h.store.put(mediaKeys.frame('held2', 1), Buffer.from('other'));
      await h.store.put(mediaKeys.frame('other', 1), Buffer.from('not named'));
      expect(await h.store.renewJobs(['held', 'held', 'absent'], 0)).toBe(2);
      expect((await h.store.get(mediaKeys.frame('held', 1))).toString()).toBe('f1');
      expect((await h.store.get(mediaKeys.frame('held', 2))).toString()).toBe('f2');
      // Just written or renewed: nothing is older than an hour.
      expect(await h.store.renewJobs(['held', 'other'], 3600_000)).toBe(0);
      expect(await h.store.renewJobs([], 0)).toBe(0);
      expect(await h.store.has(mediaKeys.frame('other', 1))).toBe(true);
    });

    it('rejects unsafe keys', async () => {
      for (const key of ['../etc/passwd', 'jobs/../../x', '/abs', 'jobs//x', 'jobs/./x', 'a\\b', '']) {
        await expect(h.store.put(key, Buffer.from('x'))).rejects.toThrow(TypeError);
      }
      await expect(h.store.deletePrefix('')).rejects.toThrow(TypeError);
    });
  });
}

mediaContract('FsMediaStore', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-media-'));
  const store = new FsMediaStore({ dir });
  await store.init();
  return {
    store,
    cleanup: async () => {
      await store.close();
      // Atomic writes leave nothing in the temp dir.
      expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('FsMediaStore layout', () => {
  it('maps keys to files under dir and never writes outside it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-media-'));
    const store = new FsMediaStore({ dir: path.join(root, 'media') });
    await store.init();
    await store.put('jobs/k/frames/000001.jpg', Buffer.from('jpeg'));
    expect(fs.readFileSync(path.join(root, 'media', 'jobs', 'k', 'frames', '000001.jpg'), 'utf8')).toBe('jpeg');
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(TypeError);
    expect(fs.existsSync(path.join(root, 'escape'))).toBe(false);
    await store.deletePrefix('jobs/k/');
    expect(fs.existsSync(path.join(root, 'media', 'jobs', 'k'))).toBe(false); // empty dirs removed
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('FsMediaStore retention of held media', () => {
  it("a renewed job folder survives the sweep of media older than the retention; others go", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-media-'));
    const store = new FsMediaStore({ dir: path.join(root, 'media') });
    await store.init();
    try {
      await store.put(mediaKeys.frame('in-review', 1), Buffer.from('f'));
      await store.put(mediaKeys.frame('decided', 1), Buffer.from('f'));
      const dayAgo = new Date(Date.now() - 24 * 3600_000);
      for (const id of ['in-review', 'decided']) fs.utimesSync(path.join(root, 'media', 'jobs', id), dayAgo, dayAgo);
      expect(await store.renewJobs(['in-review'], 12 * 3600_000)).toBe(1);
      expect(await store.deleteJobsOlderThan(new Date(Date.now() - 3600_000))).toBe(1);
      expect(await store.has(mediaKeys.frame('in-review', 1))).toBe(true);
      expect(await store.has(mediaKeys.frame('decided', 1))).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!nats)('NatsObjectMediaStore', () => {
  mediaContract('NatsObjectMediaStore', async () => {
    const bucket = uniqueName('media_test_');
    const store = new NatsObjectMediaStore({ url: nats!.url, bucket, ttlMs: 3600_000 });
    await store.init();
    return {
      store,
      cleanup: async () => {
        await store.close();
        const nc = await connect({ servers: nats!.url });
        const jsm = await jetstreamManager(nc);
        await jsm.streams.delete(`OBJ_${bucket}`).catch(() => undefined);
        await nc.close();
      },
    };
  });

  it('renewing writes the object again: a new modification time, the same bytes', async () => {
    const bucket = uniqueName('media_renew_');
    const nc = await connect({ servers: nats!.url });
    try {
      const store = new NatsObjectMediaStore({ connection: nc, bucket, ttlMs: 3600_000 });
      await store.init();
      const key = mediaKeys.frame('held', 1);
      const bytes = randomBytes(200 * 1024); // more than one chunk
      await store.put(key, bytes);
      const { Objm } = await import('@nats-io/obj');
      const os = await new Objm(nc).open(bucket);
      const before = (await os.info(key))!.mtime;
      await new Promise((r) => setTimeout(r, 20));
      expect(await store.renewJobs(['held'], 0)).toBe(1);
      const renewedAt = (await os.info(key))!.mtime;
      expect(Date.parse(renewedAt)).toBeGreaterThan(Date.parse(before));
      expect((await store.get(key)).equals(bytes)).toBe(true);
      // Many jobs at once: found by listing the bucket.
      await new Promise((r) => setTimeout(r, 20));
      expect(await store.renewJobs(['held', ...Array.from({ length: 20 }, (_, i) => `absent-${i}`)], 0)).toBe(1);
      expect(Date.parse((await os.info(key))!.mtime)).toBeGreaterThan(Date.parse(renewedAt));
      expect((await store.get(key)).equals(bytes)).toBe(true);
      await store.close();
      await (await jetstreamManager(nc)).streams.delete(`OBJ_${bucket}`);
    } finally {
      await nc.close();
    }
  });

  it('sets the TTL as the bucket max_age, and updates it on an existing bucket', async () => {
    const bucket = uniqueName('media_ttl_');
    const nc = await connect({ servers: nats!.url });
    try {
      const a = new NatsObjectMediaStore({ connection: nc, bucket, ttlMs: 60_000 });
      await a.init();
      const jsm = await jetstreamManager(nc);
      expect((await jsm.streams.info(`OBJ_${bucket}`)).config.max_age).toBe(60_000 * 1e6);
      const b = new NatsObjectMediaStore({ connection: nc, bucket, ttlMs: 120_000 });
      await b.init();
      expect((await jsm.streams.info(`OBJ_${bucket}`)).config.max_age).toBe(120_000 * 1e6);
      await a.close();
      await b.close();
      expect(nc.isClosed()).toBe(false); // a borrowed connection stays open
      await jsm.streams.delete(`OBJ_${bucket}`);
    } finally {
      await nc.close();
    }
  });
});

describe('createMediaStore', () => {
  it('uses files under <dataDir>/media without NATS and the object store with it', () => {
    const fsStore = createMediaStore({ dataDir: '/tmp/x', ttlMs: 1000 });
    expect(fsStore).toBeInstanceOf(FsMediaStore);
    expect((fsStore as FsMediaStore).dir).toBe(path.resolve('/tmp/x/media'));
    expect(createMediaStore({ natsUrl: 'nats://127.0.0.1:1', dataDir: '/tmp/x', ttlMs: 1000 })).toBeInstanceOf(
      NatsObjectMediaStore,
    );
  });
});
