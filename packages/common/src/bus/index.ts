import { JetStreamBus } from './jetstream.ts';
import { MemoryBus } from './memory.ts';
import type { Bus } from './types.ts';

export * from './types.ts';
export { MemoryBus, type MemoryBusOptions } from './memory.ts';
export { JetStreamBus, DEFAULT_STREAM, type JetStreamBusOptions } from './jetstream.ts';
export { defaultRedeliveryDelayMs, DUPLICATE_WINDOW_MS, DEFAULT_ACK_WAIT_MS } from './codec.ts';

export interface CreateBusOptions {
  /** NATS server URL(s); JetStream is used when given, the in-process bus otherwise. */
  natsUrl?: string;
  /** JetStream stream name (default PIPELINE). */
  stream?: string;
  /** Stream retention in ms (default 7 days); also the in-memory log's retention. */
  maxAgeMs?: number;
}

/** JetStream when a NATS URL is configured, else the in-process bus (all-in-one mode). Call init() next. */
export function createBus(opts: CreateBusOptions = {}): Bus {
  if (opts.natsUrl) return new JetStreamBus({ url: opts.natsUrl, stream: opts.stream, maxAgeMs: opts.maxAgeMs });
  return new MemoryBus({ maxAgeMs: opts.maxAgeMs });
}

/** Lag of a durable when the bus can report it (both built-in buses can); null otherwise. */
export async function consumerLag(bus: Bus, durable: string): Promise<number | null> {
  return bus.consumerLag ? bus.consumerLag(durable) : null;
}
