// A NATS JetStream KV bucket opened on first use, for the small per-tenant stores (banks, policies).
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { StorageType } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';

/** Tenant ids may hold any character; KV keys may not: the tenant part of a key is its hex. */
export const tenantKeyPrefix = (tenantId: string) => `t${Buffer.from(tenantId).toString('hex')}`;

export class LazyKvBucket {
  private opened: Promise<{ nc: NatsConnection; kv: KV }> | null = null;

  constructor(
    private readonly url: string,
    private readonly bucket: string,
    private readonly connectionName: string,
  ) {}

  kv(): Promise<KV> {
    this.opened ??= (async () => {
      const nc = await connect({ servers: this.url, name: this.connectionName, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
      const kv = await new Kvm(nc).create(this.bucket, { history: 1, storage: StorageType.File });
      return { nc, kv };
    })();
    this.opened.catch(() => (this.opened = null));
    return this.opened.then((o) => o.kv);
  }

  async close(): Promise<void> {
    const opened = await this.opened?.catch(() => null);
    this.opened = null;
    if (opened && !opened.nc.isClosed()) await opened.nc.drain();
  }
}

/** A store kept in one KV bucket: opened on first use (or init), drained on close. */
export abstract class KvBackedStore {
  private readonly bucket: LazyKvBucket;

  protected constructor(url: string, bucket: string, connectionName: string) {
    this.bucket = new LazyKvBucket(url, bucket, connectionName);
  }

  async init(): Promise<void> {
    await this.kv();
  }

  close(): Promise<void> {
    return this.bucket.close();
  }

  protected kv(): Promise<KV> {
    return this.bucket.kv();
  }
}

/** A JSON record whose `createdAt` was written as an ISO string. */
export function decodeDated<T extends { createdAt: Date }>(text: string): T {
  const raw = JSON.parse(text) as Omit<T, 'createdAt'> & { createdAt: string };
  return { ...raw, createdAt: new Date(raw.createdAt) } as T;
}
