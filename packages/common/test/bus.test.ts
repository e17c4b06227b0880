// One contract, two buses: MemoryBus and JetStreamBus must behave the same for the pipeline.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JetStreamBus } from '../src/bus/jetstream.ts';
import { MemoryBus } from '../src/bus/memory.ts';
import { createBus } from '../src/bus/index.ts';
import type { Bus, BusMessage, Consumer } from '../src/bus/types.ts';
import type { AnalyzeFrames__Output, FetchMedia__Output } from '@modsvc/protos';
import { barrier, natsForTests, natsServerAvailable, startNatsServer, uniqueName, waitFor } from './bus-helpers.ts';

const nats = await natsForTests();
afterAll(async () => {
  await nats?.stop();
});

interface Harness {
  bus: Bus;
  /** Another bus on the same stream (a second process). */
  peer(): Promise<Bus>;
  cleanup(): Promise<void>;
}

async function memoryHarness(): Promise<Harness> {
  const bus = new MemoryBus();
  await bus.init();
  return { bus, peer: async () => bus, cleanup: () => bus.close() };
}

async function jetstreamHarness(url: string): Promise<Harness> {
  const stream = uniqueName('PIPELINE_TEST_');
  const subjectPrefix = uniqueName('t');
  const opened: JetStreamBus[] = [];
  const open = async (): Promise<JetStreamBus> => {
    const b = new JetStreamBus({ url, stream, subjectPrefix, pullExpiresMs: 5000 });
    await b.init();
    opened.push(b);
    return b;
  };
  const bus = await open();
  return {
    bus,
    peer: open,
    cleanup: async () => {
      await Promise.all(opened.slice(1).map((b) => b.close()));
      await bus.deleteStream().catch(() => undefined);
      await bus.close();
    },
  };
}

function busContract(name: string, make: () => Promise<Harness>): void {
  describe(`bus contract: ${name}`, () => {
    let h: Harness;
    let consumers: Consumer[];
    const track = (c: Consumer): Consumer => {
      consumers.push(c);
      return c;
    };
    beforeEach(async () => {
      h = await make();
      consumers = [];
    });
    afterEach(async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      await h.cleanup();
    });

    it('round-trips payloads through protobuf (defaults filled) and rejects invalid ones', async () => {
      const got: unknown[] = [];
      track(
        await h.bus.consume('pipeline.vision', 'rt', async (m) => {
          got.push(m.data);
          m.ack();
        }),
      );
      const frames: AnalyzeFrames__Output = {
        jobId: 'job-1',
        frames: [
          { key: 'jobs/job-1/frames/000001.jpg', timestamp: 1.5, width: 640, height: 360 },
          { key: 'jobs/job-1/frames/000002.jpg', timestamp: 3, width: 640, height: 360 },
        ],
      };
      await h.bus.publish('pipeline.vision', frames);
      await h.bus.publish('pipeline.vision', { jobId: 'job-2' } as AnalyzeFrames__Output);
      await waitFor(() => got.length === 2, 10_000, 'two deliveries');
      expect(got[0]).toEqual(frames);
      expect(got[1]).toEqual({ jobId: 'job-2', frames: [] });
      await expect(h.bus.publish('pipeline.fetch', { jobId: 42 } as unknown as FetchMedia__Output)).rejects.toThrow(
        /jobId/,
      );
      await expect(
        h.bus.publish('pipeline.nope' as 'pipeline.fetch', { jobId: 'x' }),
      ).rejects.toThrow(/unknown bus subject/);
    });

    it('delivers messages published before the durable existed', async () => {
      await h.bus.publish('pipeline.fetch', { jobId: 'early-1' });
      await h.bus.publish('pipeline.fetch', { jobId: 'early-2' });
      const got: string[] = [];
      track(
        await h.bus.consume('pipeline.fetch', 'late', async (m) => {
          got.push(m.data.jobId);
          m.ack();
        }),
      );
      await waitFor(() => got.length === 2, 10_000, 'early messages');
      expect(got).toEqual(['early-1', 'early-2']);
    });

    it('fans out every message to each durable of the subject', async () => {
      const a: string[] = [];
      const b: string[] = [];
      const other: string[] = [];
      track(await h.bus.consume('pipeline.part', 'fan-a', async (m) => (a.push(m.data.jobId), m.ack())));
      track(await h.bus.consume('pipeline.part', 'fan-b', async (m) => (b.push(m.data.jobId), m.ack())));
      track(await h.bus.consume('pipeline.finished', 'fan-other', async (m) => (other.push(m.data.jobId), m.ack())));
      for (const id of ['p1', 'p2', 'p3']) await h.bus.publish('pipeline.part', { jobId: id, part: 'vision' });
      await h.bus.publish('pipeline.finished', { jobId: 'f1' });
      await waitFor(() => a.length === 3 && b.length === 3 && other.length === 1, 10_000, 'fan-out');
      expect(a.sort()).toEqual(['p1', 'p2', 'p3']);
      expect(b.sort()).toEqual(['p1', 'p2', 'p3']);
      expect(other).toEqual(['f1']);
    });

    it('splits the work of a shared durable between its instances', async () => {
      const peer = await h.peer();
      const both = barrier(2);
      const byInstance: Record<string, string[]> = { one: [], two: [] };
      const handler = (who: string) => async (m: BusMessage<FetchMedia__Output>) => {
        byInstance[who]!.push(m.data.jobId);
        both.arrive();
        // With concurrency 1 each, both messages can only be in flight at once if each instance took one.
        await both.wait;
        m.ack();
      };
      track(await h.bus.consume('pipeline.fetch', 'shared', handler('one'), { concurrency: 1, ackWaitMs: 20_000 }));
      track(await peer.consume('pipeline.fetch', 'shared', handler('two'), { concurrency: 1, ackWaitMs: 20_000 }));
      await h.bus.publish('pipeline.fetch', { jobId: 's1' });
      await h.bus.publish('pipeline.fetch', { jobId: 's2' });
      expect(await both.wait).toBe(true);
      expect(byInstance.one).toHaveLength(1);
      expect(byInstance.two).toHaveLength(1);
      expect([...byInstance.one!, ...byInstance.two!].sort()).toEqual(['s1', 's2']);
      await waitFor(async () => (await h.bus.consumerLag!('shared')) === 0, 10_000, 'acks');
    });

    it('honours concurrency', async () => {
      let inflight = 0;
      let max = 0;
      let started = 0;
      let done = 0;
      const three = barrier(3);
      track(
        await h.bus.consume(
          'pipeline.extract',
          'conc',
          async (m) => {
            inflight++;
            max = Math.max(max, inflight);
            started++;
            if (started <= 3) {
              three.arrive();
              await three.wait;
            }
            await sleep(30);
            inflight--;
            done++;
            m.ack();
          },
          { concurrency: 3 },
        ),
      );
      for (let i = 0; i < 6; i++) await h.bus.publish('pipeline.extract', { jobId: `c${i}` });
      await waitFor(() => done === 6, 15_000, 'all handled');
      expect(await three.wait).toBe(true);
      expect(max).toBe(3);
    });

    it('does not redeliver an acked message; lag drops to zero', async () => {
      let deliveries = 0;
      track(
        await h.bus.consume('pipeline.caption', 'acker', async (m) => (deliveries++, m.ack()), { ackWaitMs: 300 }),
      );
      await h.bus.publish('pipeline.caption', { jobId: 'a1' });
      await waitFor(() => deliveries === 1, 10_000, 'delivery');
      await waitFor(async () => (await h.bus.consumerLag!('acker')) === 0, 10_000, 'lag 0');
      await sleep(900); // three ack-wait periods
      expect(deliveries).toBe(1);
    });

    it('redelivers after nak(delay), counting deliveries', async () => {
      const seen: { count: number; at: number }[] = [];
      track(
        await h.bus.consume('pipeline.speech', 'naker', async (m) => {
          seen.push({ count: m.deliveryCount, at: Date.now() });
          if (m.deliveryCount === 1) m.nak(500);
          else m.ack();
        }),
      );
      await h.bus.publish('pipeline.speech', { jobId: 'n1', audioKey: 'jobs/n1/audio.wav', duration: 12.5 });
      await waitFor(() => seen.length === 2, 10_000, 'redelivery');
      expect(seen.map((s) => s.count)).toEqual([1, 2]);
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(400);
    });

    it('redelivers when the ack wait passes without an ack, and working() extends it', async () => {
      const counts: number[] = [];
      track(
        await h.bus.consume(
          'pipeline.fetch',
          'slowpoke',
          async (m) => {
            counts.push(m.deliveryCount);
            if (m.deliveryCount === 1) return; // neither ack nor nak: ack wait expires
            m.ack();
          },
          { ackWaitMs: 400 },
        ),
      );
      let worked = 0;
      track(
        await h.bus.consume(
          'pipeline.fetch',
          'worker',
          async (m) => {
            worked++;
            // 1.6 s of work against a 1 s ack wait: only working() keeps it from being redelivered.
            for (let i = 0; i < 8; i++) {
              await sleep(200);
              m.working();
            }
            m.ack();
          },
          { ackWaitMs: 1000, concurrency: 2 }, // a free slot would take a redelivery
        ),
      );
      await h.bus.publish('pipeline.fetch', { jobId: 'w1' });
      await waitFor(() => counts.length === 2, 10_000, 'ack-wait redelivery');
      expect(counts).toEqual([1, 2]);
      await waitFor(async () => (await h.bus.consumerLag!('worker')) === 0, 10_000, 'worker ack');
      expect(worked).toBe(1);
    });

    it('stops redelivering after maxDeliver; term() drops; a throwing handler is retried', async () => {
      let capped = 0;
      let termed = 0;
      const thrown: number[] = [];
      track(
        await h.bus.consume('pipeline.part', 'capped', async (m) => (capped++, m.nak(0)), {
          maxDeliver: 2,
          ackWaitMs: 300,
        }),
      );
      track(await h.bus.consume('pipeline.part', 'termer', async (m) => (termed++, m.term()), { ackWaitMs: 300 }));
      track(
        await h.bus.consume('pipeline.part', 'thrower', async (m) => {
          thrown.push(m.deliveryCount);
          if (m.deliveryCount === 1) throw new Error('boom');
          m.ack();
        }),
      );
      await h.bus.publish('pipeline.part', { jobId: 'm1', part: 'speech' });
      await waitFor(() => capped === 2 && termed === 1 && thrown.length === 2, 10_000, 'deliveries');
      await sleep(1000);
      expect(capped).toBe(2);
      expect(termed).toBe(1);
      expect(thrown).toEqual([1, 2]);
    });

    it('de-duplicates publishes with the same msgId', async () => {
      const got: string[] = [];
      track(await h.bus.consume('pipeline.finished', 'dedup', async (m) => (got.push(m.data.jobId), m.ack())));
      await h.bus.publish('pipeline.finished', { jobId: 'd1' }, { msgId: 'finished-d1' });
      await h.bus.publish('pipeline.finished', { jobId: 'd1-again' }, { msgId: 'finished-d1' });
      await h.bus.publish('pipeline.finished', { jobId: 'd2' }, { msgId: 'finished-d2' });
      await h.bus.publish('pipeline.finished', { jobId: 'sentinel' });
      await waitFor(() => got.includes('sentinel'), 10_000, 'sentinel');
      expect(got).toEqual(['d1', 'd2', 'sentinel']);
    });

    it('stop() waits for in-flight handlers; the durable resumes in a new instance', async () => {
      const events: string[] = [];
      const started = barrier(1);
      const c = await h.bus.consume('pipeline.caption', 'stopper', async (m) => {
        events.push(`start ${m.data.jobId}`);
        started.arrive();
        await sleep(300);
        m.ack();
        events.push(`end ${m.data.jobId}`);
      });
      await h.bus.publish('pipeline.caption', { jobId: 'x1' });
      expect(await started.wait).toBe(true);
      await c.stop();
      expect(events).toEqual(['start x1', 'end x1']);
      await h.bus.publish('pipeline.caption', { jobId: 'x2' });
      await sleep(200);
      expect(events).toHaveLength(2); // stopped instance takes nothing more
      const resumed: string[] = [];
      track(await h.bus.consume('pipeline.caption', 'stopper', async (m) => (resumed.push(m.data.jobId), m.ack())));
      await waitFor(() => resumed.length === 1, 10_000, 'resume');
      await sleep(200);
      expect(resumed).toEqual(['x2']);
    });
  });
}

busContract('MemoryBus', memoryHarness);

describe.skipIf(!nats)('JetStreamBus', () => {
  busContract('JetStreamBus', () => jetstreamHarness(nats!.url));

  it('redelivers to a new instance of the durable after a handler crashed without acking', async () => {
    const h = await jetstreamHarness(nats!.url);
    try {
      const crashed = barrier(1);
      const first = await h.peer();
      await first.consume(
        'pipeline.vision',
        'vision-inference',
        async () => {
          crashed.arrive(); // "crash": the handler ends without ack or nak, and the process goes away
        },
        { ackWaitMs: 700 },
      );
      await h.bus.publish('pipeline.vision', { jobId: 'crash-1', frames: [] });
      expect(await crashed.wait).toBe(true);
      await first.close();
      const second = await h.peer();
      const got: { id: string; count: number }[] = [];
      await second.consume(
        'pipeline.vision',
        'vision-inference',
        async (m) => {
          got.push({ id: m.data.jobId, count: m.deliveryCount });
          m.ack();
        },
        { ackWaitMs: 700 },
      );
      await waitFor(() => got.length === 1, 10_000, 'redelivery to the new instance');
      expect(got).toEqual([{ id: 'crash-1', count: 2 }]);
      await waitFor(async () => (await (second as JetStreamBus).consumerLag('vision-inference')) === 0, 10_000, 'ack');
    } finally {
      await h.cleanup();
    }
  });

  it('recreates a deleted durable and a deleted stream instead of stalling', async () => {
    const h = await jetstreamHarness(nats!.url);
    try {
      const b = h.bus as JetStreamBus;
      const got: string[] = [];
      await b.consume('pipeline.caption', 'text-toxicity-caption', async (m) => (got.push(m.data.jobId), m.ack()));
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const jsm = await jetstreamManager(b.connection);
      await jsm.consumers.delete(b.stream, 'text-toxicity-caption');
      await b.publish('pipeline.caption', { jobId: 'after-consumer-loss' });
      await waitFor(() => got.includes('after-consumer-loss'), 15_000, 'delivery after consumer loss');
      await jsm.streams.delete(b.stream);
      await b.publish('pipeline.caption', { jobId: 'after-stream-loss' });
      await waitFor(() => got.includes('after-stream-loss'), 15_000, 'delivery after stream loss');
      expect(got).toEqual(['after-consumer-loss', 'after-stream-loss']);
    } finally {
      await h.cleanup();
    }
  });

  it('creates the stream with the documented settings', async () => {
    const h = await jetstreamHarness(nats!.url);
    try {
      const b = h.bus as JetStreamBus;
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const jsm = await jetstreamManager(b.connection);
      const info = await jsm.streams.info(b.stream);
      expect(info.config.storage).toBe('file');
      expect(info.config.retention).toBe('limits');
      expect(info.config.max_age).toBe(7 * 24 * 3600 * 1e9);
      expect(info.config.duplicate_window).toBe(120 * 1e9);
      expect(info.config.subjects[0]).toMatch(/\.pipeline\.>$/);
    } finally {
      await h.cleanup();
    }
  });
});

describe.skipIf(!natsServerAvailable())('JetStreamBus across a NATS restart', () => {
  it('keeps consuming after the server restarts', async () => {
    const server = await startNatsServer();
    const bus = new JetStreamBus({ url: server.url, pullExpiresMs: 2000 });
    try {
      await bus.init();
      const got: string[] = [];
      const c = await bus.consume('pipeline.fetch', 'ingest-fetch', async (m) => (got.push(m.data.jobId), m.ack()), {
        ackWaitMs: 2000,
      });
      await bus.publish('pipeline.fetch', { jobId: 'before' });
      await waitFor(() => got.length === 1, 10_000, 'first message');
      await server.restart();
      // The client reconnects by itself; publishing fails until it has.
      await waitFor(
        () =>
          bus.publish('pipeline.fetch', { jobId: 'after' }, { msgId: 'after-restart' }).then(
            () => true,
            () => false,
          ),
        20_000,
        'publish after restart',
      );
      await waitFor(() => got.includes('after'), 20_000, 'delivery after restart');
      // At-least-once: an ack still in flight when the server stops is lost, and JetStream then
      // redelivers 'before' (the stages are idempotent). Nothing may be lost or reordered.
      expect([...new Set(got)]).toEqual(['before', 'after']);
      await c.stop();
    } finally {
      await bus.close();
      await server.stop();
    }
  });
});

describe('createBus', () => {
  it('is the in-process bus without a NATS URL and JetStream with one', () => {
    expect(createBus({})).toBeInstanceOf(MemoryBus);
    expect(createBus({ natsUrl: 'nats://127.0.0.1:1' })).toBeInstanceOf(JetStreamBus);
  });
});
