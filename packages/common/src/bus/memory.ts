// In-process bus with JetStream's semantics, for the all-in-one mode and tests:
//  - a per-subject log ("stream") retained by age and count, so a durable created later starts from the
//    first message still retained (like a JetStream durable with deliver_policy=all);
//  - per-durable cursor + pending set; instances sharing a durable share the work;
//  - explicit ack, nak(delay), term, working(), ack-wait redelivery, maxDeliver, msgId de-dup (2 min).
// Payloads are protobuf-encoded on publish and decoded per delivery, exactly as on JetStream.
import { randomUUID } from 'node:crypto';
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

const log = logger.child({ component: 'memory-bus' });

export interface MemoryBusOptions {
  /** Messages older than this are dropped from the subject logs. Default 7 days (like the stream). */
  maxAgeMs?: number;
  /** At most this many messages are retained per subject (oldest dropped first). Default 100 000. */
  maxMessagesPerSubject?: number;
}

interface StoredMsg {
  seq: number;
  bytes: Uint8Array;
  headers: Record<string, string>;
  time: number;
}

interface PendingEntry {
  deliveries: number;
  /** Identifies the current delivery; settles from older deliveries (except ack) are ignored. */
  token: number;
  state: 'inflight' | 'waiting' | 'ready';
  timer?: NodeJS.Timeout;
}

interface Instance {
  durable: DurableState;
  concurrency: number;
  inflight: Set<Promise<void>>;
  handler: (msg: BusMessage<unknown>) => Promise<void>;
  stopped: boolean;
}

interface DurableState {
  name: string;
  subject: Subject;
  ackWaitMs: number;
  maxDeliver: number;
  /** Next stream sequence not yet delivered to this durable. */
  cursor: number;
  pending: Map<number, PendingEntry>;
  /** Sequences due for redelivery, ascending (redeliveries go before new messages, as in JetStream). */
  ready: number[];
  instances: Instance[];
  rr: number;
  scheduled: boolean;
}

function insertSorted(arr: number[], v: number): void {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((arr[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  if (arr[lo] !== v) arr.splice(lo, 0, v);
}

export class MemoryBus implements Bus {
  readonly epoch = `memory:${randomUUID()}`;
  private readonly maxAgeMs: number;
  private readonly maxPerSubject: number;
  private readonly logs = new Map<Subject, StoredMsg[]>();
  private readonly durables = new Map<string, DurableState>();
  private readonly dedup = new Map<string, number>();
  private seq = 0;
  private token = 0;
  private closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.maxAgeMs = opts.maxAgeMs ?? 7 * 24 * 3600_000;
    this.maxPerSubject = opts.maxMessagesPerSubject ?? 100_000;
  }

  async init(): Promise<void> {
    this.closed = false;
  }

  async publish<S extends Subject>(subject: S, payload: SubjectPayload[S], opts?: PublishOptions): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (!isSubject(subject)) throw new TypeError(`unknown bus subject ${String(subject)}`);
    const bytes = encodePayload(subject, payload);
    const now = Date.now();
    this.pruneDedup(now);
    if (opts?.msgId) {
      if (this.dedup.has(opts.msgId)) return;
      this.dedup.set(opts.msgId, now);
    }
    let msgs = this.logs.get(subject);
    if (!msgs) {
      msgs = [];
      this.logs.set(subject, msgs);
    }
    msgs.push({ seq: ++this.seq, bytes, headers: { ...injectTraceHeaders(), ...opts?.headers }, time: now });
    this.pruneLog(msgs, now);
    for (const d of this.durables.values()) if (d.subject === subject) this.schedule(d);
  }

  async consume<S extends Subject>(
    subject: S,
    durable: string,
    handler: (msg: BusMessage<SubjectPayload[S]>) => Promise<void>,
    opts: ConsumeOptions = {},
  ): Promise<Consumer> {
    if (this.closed) throw new Error('bus is closed');
    if (!isSubject(subject)) throw new TypeError(`unknown bus subject ${String(subject)}`);
    if (!durable) throw new TypeError('durable name required');
    let d = this.durables.get(durable);
    if (d && d.subject !== subject) {
      throw new Error(`durable ${durable} already consumes ${d.subject}, not ${subject}`);
    }
    if (!d) {
      d = {
        name: durable,
        subject,
        ackWaitMs: DEFAULT_ACK_WAIT_MS,
        maxDeliver: -1,
        cursor: 0,
        pending: new Map(),
        ready: [],
        instances: [],
        rr: 0,
        scheduled: false,
      };
      this.durables.set(durable, d);
    }
    // Like a JetStream consumer update: the latest consume() call sets the durable's configuration.
    d.ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    d.maxDeliver = opts.maxDeliver ?? -1;
    const inst: Instance = {
      durable: d,
      concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)),
      inflight: new Set(),
      handler: handler as (msg: BusMessage<unknown>) => Promise<void>,
      stopped: false,
    };
    d.instances.push(inst);
    this.schedule(d);
    return { stop: () => this.stopInstance(inst) };
  }

  /** Messages not yet delivered + delivered but not acked (JetStream num_pending + num_ack_pending). */
  async consumerLag(durable: string): Promise<number> {
    const d = this.durables.get(durable);
    if (!d) return 0;
    const msgs = this.logs.get(d.subject) ?? [];
    let undelivered = 0;
    for (let i = msgs.length - 1; i >= 0 && (msgs[i] as StoredMsg).seq >= d.cursor; i--) undelivered++;
    let pending = 0;
    for (const seq of d.pending.keys()) if (this.find(d.subject, seq)) pending++;
    return undelivered + pending;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stops: Promise<void>[] = [];
    for (const d of this.durables.values()) for (const inst of [...d.instances]) stops.push(this.stopInstance(inst));
    await Promise.all(stops);
    for (const d of this.durables.values()) for (const e of d.pending.values()) clearTimeout(e.timer);
  }

  private async stopInstance(inst: Instance): Promise<void> {
    inst.stopped = true;
    const d = inst.durable;
    const i = d.instances.indexOf(inst);
    if (i >= 0) d.instances.splice(i, 1);
    while (inst.inflight.size > 0) await Promise.allSettled([...inst.inflight]);
  }

  private pruneDedup(now: number): void {
    for (const [id, t] of this.dedup) {
      if (now - t < DUPLICATE_WINDOW_MS) break; // insertion order is time order
      this.dedup.delete(id);
    }
  }

  private pruneLog(msgs: StoredMsg[], now: number): void {
    let drop = Math.max(0, msgs.length - this.maxPerSubject);
    while (drop < msgs.length && now - (msgs[drop] as StoredMsg).time > this.maxAgeMs) drop++;
    if (drop > 0) msgs.splice(0, drop);
  }

  private find(subject: Subject, seq: number): StoredMsg | undefined {
    const msgs = this.logs.get(subject);
    if (!msgs) return undefined;
    let lo = 0;
    let hi = msgs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = msgs[mid] as StoredMsg;
      if (m.seq === seq) return m;
      if (m.seq < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** First retained message with seq >= from. */
  private firstFrom(subject: Subject, from: number): StoredMsg | undefined {
    const msgs = this.logs.get(subject);
    if (!msgs) return undefined;
    let lo = 0;
    let hi = msgs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((msgs[mid] as StoredMsg).seq < from) lo = mid + 1;
      else hi = mid;
    }
    return msgs[lo];
  }

  private schedule(d: DurableState): void {
    if (d.scheduled || this.closed) return;
    d.scheduled = true;
    setImmediate(() => {
      d.scheduled = false;
      this.pump(d);
    });
  }

  private freeInstance(d: DurableState): Instance | undefined {
    const n = d.instances.length;
    for (let k = 0; k < n; k++) {
      const inst = d.instances[(d.rr + k) % n] as Instance;
      if (!inst.stopped && inst.inflight.size < inst.concurrency) {
        d.rr = (d.rr + k + 1) % n;
        return inst;
      }
    }
    return undefined;
  }

  private pump(d: DurableState): void {
    if (this.closed) return;
    for (;;) {
      const inst = this.freeInstance(d);
      if (!inst) return;
      let msg: StoredMsg | undefined;
      let entry: PendingEntry | undefined;
      while (!msg && d.ready.length > 0) {
        const seq = d.ready.shift() as number;
        entry = d.pending.get(seq);
        msg = entry ? this.find(d.subject, seq) : undefined;
        if (!msg) d.pending.delete(seq); // aged out of the log meanwhile: JetStream skips it too
      }
      if (!msg) {
        msg = this.firstFrom(d.subject, d.cursor);
        if (!msg) return;
        d.cursor = msg.seq + 1;
        entry = { deliveries: 0, token: 0, state: 'ready' };
        d.pending.set(msg.seq, entry);
      }
      this.deliver(d, inst, msg, entry as PendingEntry);
    }
  }

  private deliver(d: DurableState, inst: Instance, stored: StoredMsg, entry: PendingEntry): void {
    const seq = stored.seq;
    entry.deliveries += 1;
    entry.token = ++this.token;
    entry.state = 'inflight';
    const token = entry.token;
    const current = (): PendingEntry | undefined => {
      const e = d.pending.get(seq);
      return e && e.token === token ? e : undefined;
    };
    const armAckWait = (e: PendingEntry): void => {
      clearTimeout(e.timer);
      e.timer = setTimeout(() => {
        const cur = current();
        if (cur && cur.state === 'inflight') this.redeliver(d, seq, cur, 0);
      }, d.ackWaitMs);
      e.timer.unref();
    };
    armAckWait(entry);

    let data: unknown;
    try {
      data = decodePayload(d.subject, stored.bytes);
    } catch (err) {
      log.error({ err, subject: d.subject, durable: d.name, seq }, 'undecodable message; terminating it');
      clearTimeout(entry.timer);
      d.pending.delete(seq);
      this.schedule(d);
      return;
    }
    let settled = false;
    const msg: BusMessage<unknown> = {
      subject: d.subject,
      data,
      headers: stored.headers,
      deliveryCount: entry.deliveries,
      ack: () => {
        if (settled) return;
        settled = true;
        // An ack from an older delivery still acks the message (as JetStream does for a pending message).
        const e = d.pending.get(seq);
        if (e) {
          clearTimeout(e.timer);
          d.pending.delete(seq);
        }
      },
      nak: (delayMs?: number) => {
        if (settled) return;
        settled = true;
        const e = current();
        if (e) this.redeliver(d, seq, e, delayMs ?? defaultRedeliveryDelayMs(e.deliveries));
      },
      term: () => {
        if (settled) return;
        settled = true;
        const e = current();
        if (e) {
          clearTimeout(e.timer);
          d.pending.delete(seq);
        }
      },
      working: () => {
        const e = current();
        if (!settled && e && e.state === 'inflight') armAckWait(e);
      },
    };

    const run = (async () => {
      try {
        await inst.handler(msg);
      } catch (err) {
        log.warn({ err, subject: d.subject, durable: d.name, delivery: msg.deliveryCount }, 'handler threw; nak');
        msg.nak();
      }
    })();
    inst.inflight.add(run);
    void run.finally(() => {
      inst.inflight.delete(run);
      this.schedule(d);
    });
  }

  /** Schedules a redelivery after delayMs, or drops the message when maxDeliver is reached. */
  private redeliver(d: DurableState, seq: number, e: PendingEntry, delayMs: number): void {
    clearTimeout(e.timer);
    e.timer = undefined;
    if (d.maxDeliver > 0 && e.deliveries >= d.maxDeliver) {
      log.warn({ subject: d.subject, durable: d.name, seq, deliveries: e.deliveries }, 'maxDeliver reached; dropping');
      d.pending.delete(seq);
      return;
    }
    e.token = ++this.token; // late settles of the old delivery no longer apply
    if (delayMs <= 0) {
      e.state = 'ready';
      insertSorted(d.ready, seq);
      this.schedule(d);
      return;
    }
    e.state = 'waiting';
    e.timer = setTimeout(() => {
      if (d.pending.get(seq) !== e || e.state !== 'waiting') return;
      e.timer = undefined;
      e.state = 'ready';
      insertSorted(d.ready, seq);
      this.schedule(d);
    }, delayMs);
    e.timer.unref();
  }
}
