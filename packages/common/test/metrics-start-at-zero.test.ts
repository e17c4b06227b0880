// startAtZero: every combination of closed label values is exported before the first event.
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { startAtZero } from '../src/metrics.ts';

describe('startAtZero', () => {
  it('exports each combination of a counter at 0 and of a histogram with empty buckets, and leaves counts alone', async () => {
    const registry = new client.Registry();
    const counter = new client.Counter({ name: 't_events_total', help: 'h', labelNames: ['kind', 'status'] as const, registers: [registry] });
    const histogram = new client.Histogram({ name: 't_wait_seconds', help: 'h', labelNames: ['kind'] as const, buckets: [1], registers: [registry] });
    counter.inc({ kind: 'a', status: 'done' }, 3);
    startAtZero(counter, { kind: ['a', 'b'], status: ['done', 'failed'] });
    startAtZero(histogram, { kind: ['a', 'b'] });
    const text = await registry.metrics();
    expect(text.split('\n').filter((l) => l.startsWith('t_events_total{')).sort()).toEqual([
      't_events_total{kind="a",status="done"} 3',
      't_events_total{kind="a",status="failed"} 0',
      't_events_total{kind="b",status="done"} 0',
      't_events_total{kind="b",status="failed"} 0',
    ]);
    expect(text).toContain('t_wait_seconds_count{kind="b"} 0');
    expect(text).toContain('t_wait_seconds_bucket{le="+Inf",kind="a"} 0');
  });
});
