import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { MemoryBus } from '../src/bus/memory.ts';
import { embeddedJobStore } from '../src/store/index.ts';
import { runStage } from '../src/stage.ts';
import { withSpan } from '../src/tracing.ts';
import { newJobRecord } from './fixtures.ts';

const exporter = new InMemorySpanExporter();
let sdk: NodeSDK;

beforeAll(() => {
  // The test config sets OTEL_TRACES_EXPORTER=none; here spans go to memory instead.
  delete process.env.OTEL_TRACES_EXPORTER;
  sdk = new NodeSDK({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  sdk.start();
});

afterAll(async () => {
  await sdk.shutdown();
});

describe('trace propagation over the bus', () => {
  it("continues the publisher's trace in the stage span", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-'));
    const store = embeddedJobStore({ dir });
    const bus = new MemoryBus();
    await store.init();
    await bus.init();
    const job = newJobRecord();
    await store.create(job);
    let handled = false;
    const consumer = await runStage({ bus, store, log: pino({ level: 'silent' }) }, {
      stage: 'extract',
      subject: 'pipeline.extract',
      durable: 'trace-test',
      handle: async (_d, msg) => {
        expect(msg.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
        handled = true;
      },
    });
    await withSpan('submit', {}, () => bus.publish('pipeline.extract', { jobId: job.id }));
    for (let i = 0; i < 200 && !handled; i++) await new Promise((r) => setTimeout(r, 10));
    await consumer.stop();
    await bus.close();
    await store.close();
    // Span export is asynchronous: flush before reading.
    await (trace.getTracerProvider() as unknown as { getDelegate(): { forceFlush(): Promise<void> } }).getDelegate().forceFlush();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(expect.arrayContaining(['submit', 'stage extract']));
    const submit = spans.find((s) => s.name === 'submit')!;
    const stage = spans.find((s) => s.name === 'stage extract')!;
    expect(stage.spanContext().traceId).toBe(submit.spanContext().traceId);
    expect(stage.parentSpanContext?.spanId ?? (stage as unknown as { parentSpanId?: string }).parentSpanId).toBe(submit.spanContext().spanId);
  });
});
