import { describe, expect, it } from 'vitest';
import { loadConfig, SERVICE_PORTS } from '../src/config.ts';

describe('configuration', () => {
  it('keeps today\'s store and bus when none is named: embedded + memory, nats-kv + jetstream with NATS, mongodb with MongoDB', () => {
    expect(loadConfig({})).toMatchObject({ jobStore: 'embedded', bus: 'memory' });
    expect(loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toMatchObject({ jobStore: 'nats-kv', bus: 'jetstream' });
    expect(loadConfig({ NATS_URL: 'nats://x', MONGODB_URL: 'mongodb://x/db' })).toMatchObject({ jobStore: 'mongodb', bus: 'jetstream' });
  });

  it('takes an explicit JOB_STORE and BUS, and refuses a choice without its server', () => {
    expect(loadConfig({ NATS_URL: 'nats://x', JOB_STORE: 'embedded' })).toMatchObject({ jobStore: 'embedded', bus: 'jetstream' });
    expect(() => loadConfig({ JOB_STORE: 'mongodb' })).toThrow(/JOB_STORE=mongodb needs MONGODB_URL/);
    expect(() => loadConfig({ BUS: 'jetstream' })).toThrow(/BUS=jetstream needs NATS_URL/);
    expect(() => loadConfig({ JOB_STORE: 'postgres' })).toThrow(/JOB_STORE/);
  });

  it('gives every service its own default gRPC and metrics port, and the peers\' addresses to match', () => {
    const grpc = Object.values(SERVICE_PORTS).map((p) => p.grpc);
    const metrics = Object.values(SERVICE_PORTS).map((p) => p.metrics);
    expect(new Set(grpc).size).toBe(grpc.length);
    expect(new Set(metrics).size).toBe(metrics.length);
    const ingest = loadConfig({}, 'ingest');
    expect(ingest.GRPC_PORT).toBe(SERVICE_PORTS.ingest.grpc);
    expect(loadConfig({}, 'gateway').INGEST_ADDR).toBe(`127.0.0.1:${ingest.GRPC_PORT}`);
    expect(loadConfig({}, 'gateway').MODERATOR_ADDR).toBe(`127.0.0.1:${SERVICE_PORTS.moderator.grpc}`);
  });

  it('listens for gRPC on loopback by default and refuses to open it wider without a service key', () => {
    expect(loadConfig({}).GRPC_HOST).toBe('127.0.0.1');
    expect(() => loadConfig({ GRPC_HOST: '0.0.0.0' })).toThrow(/SERVICE_AUTH_KEY/);
    expect(loadConfig({ GRPC_HOST: '0.0.0.0', SERVICE_AUTH_KEY: 'k'.repeat(32) }).GRPC_HOST).toBe('0.0.0.0');
    expect(() => loadConfig({ SERVICE_AUTH_KEY: 'short' })).toThrow(/SERVICE_AUTH_KEY/);
  });

  it('names every invalid setting in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', MAX_IMAGE_BYTES: '-1' })).toThrow(/PORT.*MAX_IMAGE_BYTES|MAX_IMAGE_BYTES.*PORT/);
  });
});
