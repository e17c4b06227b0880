// Policy versions in NATS JetStream KV, for separate processes without MongoDB. One bucket; keys are
// <tenant>.v.<version> (hex-encoded tenant). A version is written with create(), so two concurrent
// publishes cannot take the same number: the loser retries with the next one.
import type { KV } from '@nats-io/kv';
import { decodeDated, KvBackedStore, tenantKeyPrefix } from '../kv-bucket.ts';
import type { PolicyStore, PolicyVersionRecord } from './types.ts';

const BUCKET = 'policies';
const PUBLISH_ATTEMPTS = 20;

const tenantKey = tenantKeyPrefix;
const versionKey = (tenantId: string, version: number) => `${tenantKey(tenantId)}.v.${version}`;

const decode = (text: string) => decodeDated<PolicyVersionRecord>(text);

export class NatsKvPolicyStore extends KvBackedStore implements PolicyStore {
  constructor(url: string) {
    super(url, BUCKET, 'modsvc-policies');
  }

  private async latestVersion(kv: KV, tenantId: string): Promise<number> {
    let latest = 0;
    for await (const key of await kv.keys(`${tenantKey(tenantId)}.v.*`)) latest = Math.max(latest, Number(key.slice(key.lastIndexOf('.') + 1)));
    return latest;
  }

  async publish(tenantId: string, document: PolicyVersionRecord['document'], now = new Date()): Promise<PolicyVersionRecord> {
    const kv = await this.kv();
    let version = (await this.latestVersion(kv, tenantId)) + 1;
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++, version++) {
      const record: PolicyVersionRecord = { tenantId, version, document, createdAt: now };
      try {
        await kv.create(versionKey(tenantId, version), JSON.stringify(record));
        return record;
      } catch {
        // Taken by a concurrent publish (or an error the next attempt will meet again).
      }
    }
    throw new Error(`could not publish a policy version for tenant ${tenantId} after ${PUBLISH_ATTEMPTS} attempts`);
  }

  async latest(tenantId: string): Promise<PolicyVersionRecord | null> {
    const kv = await this.kv();
    const version = await this.latestVersion(kv, tenantId);
    return version ? this.get(tenantId, version) : null;
  }

  async get(tenantId: string, version: number): Promise<PolicyVersionRecord | null> {
    if (!Number.isInteger(version) || version < 1) return null;
    const e = await (await this.kv()).get(versionKey(tenantId, version));
    return e && e.operation === 'PUT' ? decode(e.string()) : null;
  }
}
