// The pipeline bus on NATS JetStream (server 2.9+): one limits-retention file stream over `pipeline.>`,
// one durable pull consumer per (subject, durable). Each instance runs `concurrency` pull workers that
// each fetch one message at a time, so a busy instance never holds messages that an idle instance
// sharing the durable could take, and ack-wait starts when a handler actually gets the message.
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { headers as natsHeaders, nanos } from '@nats-io/nats-core';
import { logger } from '../logger.ts';
import {
  DEFAULT_ACK_WAIT_MS,
  DUPLICATE_WINDOW_MS,
  decodePayload,
  defaultRedeliveryDelayMs,
  encodePayload,
  isSubject,
} from './codec.ts';
import type { Bus, BusMessage, ConsumeOptions, Consumer, PublishOptions, Subject, SubjectPayload } from './types.ts';
import { injectTraceHeaders } from '../tracing.ts';

const log = logger.child({ component: 'jetstream-bus' });

export interface JetStreamBusOptions {
  url: string;
  /** Stream name. Default PIPELINE. */
  stream?: string;
  /** Stream retention (max_age). Default 7 days. */
  maxAgeMs?: number;
  /**
   * Prefix for the subjects on the wire (`<prefix>.pipeline.fetch`, stream subjects `<prefix>.pipeline.>`).
   * Only for running a second, isolated stream next to PIPELINE on the same server (tests). Default none.
   */
  subjectPrefix?: string;
  /** Connection name shown by the server. */
  name?: string;
  /** How long one pull request waits on the server before it is renewed. Default 30 s (minimum 1 s). */
  pullExpiresMs?: number;
}

export const DEFAULT_STREAM = 'PIPELINE';

function isNoStream(err: unknown): boolean {
  const e = err as { message?: string; cause?: { message?: string } };
  return /no responders|jetstream is not enabled/i.test(`${e?.message ?? ''} ${e?.cause?.message ?? ''}`);
}

function isNotFound(err: unknown): boolean {
  const e = err as { code?: number; message?: string };
  return e?.code === 10059 || e?.code === 10014 || /not found/i.test(e?.message ?? '');
}

export class JetStreamBus implements Bus {
  readonly stream: string;
  private readonly opts: JetStreamBusOptions;
  private readonly maxAgeMs: number;
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private readonly consumers = new Set<{ stop(): Promise<void> }>();

  constructor(opts: JetStreamBusOptions) {
    this.opts = opts;
    this.stream = opts.stream ?? DEFAULT_STREAM;
    this.maxAgeMs = opts.maxAgeMs ?? 7 * 24 * 3600_000;
  }

  /** Messages live in the stream until acknowledged, whichever process published them. */
  get epoch(): string {
    return `jetstream:${this.stream}`;
  }

  /** The subject as published on the wire (identical to `subject` unless subjectPrefix is set). */
  wireSubject(subject: Subject): string {
    return this.opts.subjectPrefix ? `${this.opts.subjectPrefix}.${subject}` : subject;
  }

  get connection(): NatsConnection {
    if (!this.nc) throw new Error('JetStreamBus.init() was not called');
    return this.nc;
  }

  async init(): Promise<void> {
    if (this.nc && !this.nc.isClosed()) return;
    const nc = await connect({
      servers: this.opts.url,
      name: this.opts.name ?? 'modsvc-bus',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      waitOnFirstConnect: false,
    });
    this.nc = nc;
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') {
          log.warn({ status: s.type, server: 'server' in s ? s.server : undefined }, 'nats connection status');
        }
      }
    })().catch(() => undefined);
    this.js = jetstream(nc);
    this.jsm = await jetstreamManager(nc);
    await this.ensureStream();
  }

  private async ensureStream(): Promise<void> {
    const jsm = this.manager();
    const subjects = [this.opts.subjectPrefix ? `${this.opts.subjectPrefix}.pipeline.>` : 'pipeline.>'];
    const config = {
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: nanos(this.maxAgeMs),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    };
    try {
      const info = await jsm.streams.info(this.stream);
      const c = info.config;
      if (
        c.max_age !== config.max_age ||
        c.duplicate_window !== config.duplicate_window ||
        c.subjects.join(',') !== subjects.join(',')
      ) {
        await jsm.streams.update(this.stream, { subjects, max_age: config.max_age, duplicate_window: config.duplicate_window });
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await jsm.streams.add({ name: this.stream, ...config });
    }
  }

  private manager(): JetStreamManager {
    if (!this.jsm) throw new Error('JetStreamBus.init() was not called');
    return this.jsm;
  }

  private client(): JetStreamClient {
    if (!this.js) throw new Error('JetStreamBus.init() was not called');
    return this.js;
  }

  async publish<S extends Subject>(subject: S, payload: SubjectPayload[S], opts?: PublishOptions): Promise<void> {
    if (!isSubject(subject)) throw new TypeError(`unknown bus subject ${String(subject)}`);
    const bytes = encodePayload(subject, payload);
    const hdrs = natsHeaders();
    for (const [k, v] of Object.entries({ ...injectTraceHeaders(), ...opts?.headers })) hdrs.set(k, v);
    const send = () => this.client().publish(this.wireSubject(subject), bytes, { headers: hdrs, ...(opts?.msgId ? { msgID: opts.msgId } : {}) });
    try {
      await send();
    } catch (err) {
      if (!isNoStream(err)) throw err;
      // The stream is gone (a server restarted without its store, or an operator deleted it): recreate it once.
      log.warn({ stream: this.stream }, 'no stream answers the publish; recreating it');
      await this.ensureStream();
      await send();
    }
  }

  /** Creates the durable pull consumer, or updates its settings when it exists. */
  private async ensureConsumer(subject: Subject, durable: string, ackWaitMs: number, maxDeliver: number): Promise<void> {
    const jsm = this.manager();
    const filter = this.wireSubject(subject);
    const settings: Partial<ConsumerConfig> = {
      filter_subject: filter,
      ack_wait: nanos(ackWaitMs),
      max_deliver: maxDeliver,
    };
    try {
      const info = await jsm.consumers.info(this.stream, durable);
      const c = info.config;
      if (c.filter_subject !== filter || c.ack_wait !== settings.ack_wait || c.max_deliver !== maxDeliver) {
        await jsm.consumers.update(this.stream, durable, settings);
      }
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    await jsm.consumers.add(this.stream, {
      ...settings,
      name: durable,
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
  }

  async consume<S extends Subject>(
    subject: S,
    durable: string,
    handler: (msg: BusMessage<SubjectPayload[S]>) => Promise<void>,
    opts: ConsumeOptions = {},
  ): Promise<Consumer> {
    if (!isSubject(subject)) throw new TypeError(`unknown bus subject ${String(subject)}`);
    const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
    const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    await this.ensureConsumer(subject, durable, ackWaitMs, opts.maxDeliver ?? -1);
    const consumer = await this.client().consumers.get(this.stream, durable);
    const expires = Math.max(1000, this.opts.pullExpiresMs ?? 30_000);
    const nc = this.connection;

    let stopped = false;
    let recovering: Promise<void> | undefined;
    // After a failed pull, make sure the stream and the durable still exist (a server restarted without
    // its store, or a deleted consumer, would otherwise leave the workers pulling from nothing forever).
    const recover = (): Promise<void> =>
      (recovering ??= (async () => {
        try {
          await this.ensureStream();
          await this.ensureConsumer(subject, durable, ackWaitMs, opts.maxDeliver ?? -1);
        } catch (err) {
          log.warn({ err: (err as Error).message, subject, durable }, 'could not re-check stream/consumer');
        } finally {
          recovering = undefined;
        }
      })());
    const pulls = new Set<ConsumerMessages>();
    const wake = new AbortController();

    const handle = async (m: JsMsg): Promise<void> => {
      let data: SubjectPayload[S];
      try {
        data = decodePayload(subject, m.data);
      } catch (err) {
        log.error({ err, subject, durable, seq: m.seq }, 'undecodable message; terminating it');
        m.term('undecodable payload');
        return;
      }
      let settled = false;
      const headers: Record<string, string> = {};
      for (const [k, v] of m.headers ?? []) if (v[0] !== undefined) headers[k.toLowerCase()] = v[0];
      const msg: BusMessage<SubjectPayload[S]> = {
        subject,
        data,
        headers,
        deliveryCount: m.info.deliveryCount,
        ack: () => {
          if (settled) return;
          settled = true;
          m.ack();
        },
        nak: (delayMs?: number) => {
          if (settled) return;
          settled = true;
          m.nak(delayMs ?? defaultRedeliveryDelayMs(m.info.deliveryCount));
        },
        term: () => {
          if (settled) return;
          settled = true;
          m.term();
        },
        working: () => {
          if (!settled) m.working();
        },
      };
      try {
        await handler(msg);
      } catch (err) {
        log.warn({ err, subject, durable, delivery: msg.deliveryCount }, 'handler threw; nak');
        msg.nak();
      }
    };

    const worker = async (): Promise<void> => {
      let failures = 0;
      while (!stopped) {
        let pull: ConsumerMessages | undefined;
        try {
          pull = await consumer.fetch({ max_messages: 1, expires });
          pulls.add(pull);
          for await (const m of pull) {
            if (stopped) {
              // A message that raced with stop(): hand it back at once rather than after ack-wait.
              m.nak();
              continue;
            }
            await handle(m);
          }
          failures = 0;
        } catch (err) {
          if (stopped || nc.isClosed()) break;
          failures++;
          const backoff = Math.min(5000, 250 * 2 ** Math.min(failures, 5));
          log.warn({ err: (err as Error).message, subject, durable, backoff }, 'pull failed; retrying');
          await sleep(backoff, undefined, { signal: wake.signal }).catch(() => undefined);
          if (!stopped && !nc.isClosed()) await recover();
        } finally {
          if (pull) pulls.delete(pull);
        }
        if (nc.isClosed()) break;
      }
    };

    const workers = Array.from({ length: concurrency }, () => worker());
    const running = Promise.all(workers).then(() => undefined);
    const handle_ = {
      stop: async (): Promise<void> => {
        if (!stopped) {
          stopped = true;
          wake.abort();
          // Closing a pending pull withdraws the request (the server drops requests without interest);
          // a pull that already carries a message lets its handler finish first.
          for (const p of pulls) void p.close().catch(() => undefined);
        }
        await running;
        this.consumers.delete(handle_);
        if (!nc.isClosed()) await settleWithin(nc.flush(), 2000); // acks reach the server (unless disconnected)
      },
    };
    this.consumers.add(handle_);
    return handle_;
  }

  /** num_pending + num_ack_pending of a durable (0 when it does not exist), for metrics. */
  async consumerLag(durable: string): Promise<number> {
    try {
      const info = await this.manager().consumers.info(this.stream, durable);
      return info.num_pending + info.num_ack_pending;
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
  }

  /** Deletes the stream (tests and tooling). */
  async deleteStream(): Promise<void> {
    await this.manager().streams.delete(this.stream);
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    const nc = this.nc;
    this.nc = undefined;
    this.js = undefined;
    this.jsm = undefined;
    if (nc && !nc.isClosed()) await drainOrClose(nc);
  }
}

/** Waits for p (ignoring its outcome) at most timeoutMs; resolves true when it settled in time. */
async function settleWithin(p: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const timer = new AbortController();
  const settled = await Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    sleep(timeoutMs, false, { signal: timer.signal }).catch(() => false),
  ]);
  timer.abort();
  return settled;
}

/** Drains (flushing acks and publishes); closes outright if the server does not answer within timeoutMs. */
export async function drainOrClose(nc: NatsConnection, timeoutMs = 5000): Promise<void> {
  let drained = false;
  await settleWithin(
    nc.drain().then(() => {
      drained = true;
    }),
    timeoutMs,
  );
  if (!drained && !nc.isClosed()) await nc.close().catch(() => undefined);
}

