// Idempotency keys of the NATS KV store: a bucket of their own beside the jobs bucket, on the same
// connection, whose max_age is the keys' 24 h lifetime (JetStream drops them itself). kv.create fails
// when the key exists, which makes a claim atomic across every process; replacing a record that has
// expired but not been dropped yet, and releasing one, are revision-checked writes.
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, StorageType } from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyKeyId, isLiveKey, type IdempotencyKeyRecord } from './idempotency-keys.ts';

function isWrongRevision(err: unknown): boolean {
  if (err instanceof JetStreamApiError) {
    return err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown;
  }
  return err instanceof Error && /wrong last sequence/i.test(err.message);
}

function encode(record: IdempotencyKeyRecord): string {
  return JSON.stringify({ ...record, createdAt: record.createdAt.getTime(), expiresAt: record.expiresAt.getTime() });
}

function decode(entry: KvEntry | null): IdempotencyKeyRecord | null {
  if (!entry || entry.operation !== 'PUT') return null;
  const raw = JSON.parse(entry.string()) as Omit<IdempotencyKeyRecord, 'createdAt' | 'expiresAt'> & { createdAt: number; expiresAt: number };
  return { ...raw, createdAt: new Date(raw.createdAt), expiresAt: new Date(raw.expiresAt) };
}

export class NatsKvIdempotencyKeys {
  private opened: Promise<KV> | null = null;

  constructor(
    private readonly connection: () => Promise<NatsConnection>,
    readonly bucket: string,
    private readonly now: () => Date,
  ) {}

  private kv(): Promise<KV> {
    if (!this.opened) {
      this.opened = this.connection().then((nc) => new Kvm(nc).create(this.bucket, { history: 1, ttl: IDEMPOTENCY_KEY_TTL_MS, storage: StorageType.File }));
      this.opened.catch(() => (this.opened = null));
    }
    return this.opened;
  }

  async claim(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    const kv = await this.kv();
    const id = idempotencyKeyId(claim.tenantId, claim.key);
    for (;;) {
      try {
        await kv.create(id, encode(claim));
        return null;
      } catch (err) {
        if (!isWrongRevision(err)) throw err;
      }
      const entry = await kv.get(id);
      const held = decode(entry);
      if (!entry || !held) continue; // released meanwhile: create again
      if (isLiveKey(held, this.now())) return held;
      try {
        await kv.update(id, encode(claim), entry.revision);
        return null;
      } catch (err) {
        if (!isWrongRevision(err)) throw err;
      }
    }
  }

  async find(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    const held = decode(await (await this.kv()).get(idempotencyKeyId(tenantId, key)));
    return held && isLiveKey(held, this.now()) ? held : null;
  }

  async release(tenantId: string, key: string, jobId: string): Promise<void> {
    const kv = await this.kv();
    const id = idempotencyKeyId(tenantId, key);
    const entry = await kv.get(id);
    if (decode(entry)?.jobId !== jobId) return;
    try {
      await kv.delete(id, { previousSeq: entry!.revision });
    } catch (err) {
      if (!isWrongRevision(err)) throw err; // rewritten meanwhile: it is no longer ours
    }
  }
}
