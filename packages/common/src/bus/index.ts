import { JetStreamBus } from './jetstream.ts';
import { MemoryBus } from './memory.ts';
import type { Bus } from './types.ts';

export * from './types.ts';
export { MemoryBus, type MemoryBusOptions } from './memory.ts';
export { JetStreamBus, DEFAULT_STREAM, type JetStreamBusOptions } from './jetstream.ts';
export { defaultRedeliveryDelayMs, DUPLICATE_WINDOW_MS, DEFAULT_ACK_WAIT_MS } from './codec.ts';

export interface CreateBusOptions {
  /** Default: jetstream when natsUrl is given, else memory. */
  kind?: 'memory' | 'jetstream';
  /** NATS server URL(s), for JetStream. */
  natsUrl?: string;
  /** JetStream stream name (default PIPELINE). */
  stream?: string;
  /** Stream retention in ms (default 7 days); also the in-memory log's retention. */
  maxAgeMs?: number;
}

/** JetStream, or the in-process bus (one process only). Call init() next. */
export function createBus(opts: CreateBusOptions = {}): Bus {
  const kind = opts.kind ?? (opts.natsUrl ? 'jetstream' : 'memory');
  if (kind === 'jetstream') {
    if (!opts.natsUrl) throw new Error('the jetstream bus needs NATS_URL');
    return new JetStreamBus({ url: opts.natsUrl, stream: opts.stream, maxAgeMs: opts.maxAgeMs });
  }
  return new MemoryBus({ maxAgeMs: opts.maxAgeMs });
}

/** Lag of a durable when the bus can report it (both built-in buses can); null otherwise. */
export async function consumerLag(bus: Bus, durable: string): Promise<number | null> {
  return bus.consumerLag ? bus.consumerLag(durable) : null;
}
