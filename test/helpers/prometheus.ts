// A Prometheus of the test's own (Debian's prometheus, `make system-deps`): scrapes the given targets
// every second into a temporary store and answers PromQL over its HTTP API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { freePort, httpOk, tempDir, waitFor } from './processes.ts';

export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
export const PROMTOOL_BIN = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

export function hasPrometheus(): boolean {
  return fs.existsSync(PROMETHEUS_BIN) && fs.existsSync(PROMTOOL_BIN);
}

export interface ScrapeTarget {
  /** The job label, as the Prometheus Operator sets it (the Kubernetes Service's name). */
  job: string;
  /** host:port */
  address: string;
  metricsPath?: string;
  bearerToken?: string;
  /** Target labels, e.g. namespace, service, pod. */
  labels: Record<string, string>;
}

export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

export type QueryAnswer = { ok: true; resultType: string; result: Sample[] } | { ok: false; error: string };

export interface Prometheus {
  url: string;
  /** Instant query (now, or at `time` in seconds since epoch); a parse or evaluation error comes back as { ok: false }. */
  query(expr: string, time?: number): Promise<QueryAnswer>;
  /** Every metric name in the store. */
  metricNames(): Promise<string[]>;
  /** Waits until every target has been scraped, successfully, at or after `since` (ms since epoch). */
  waitForScrapes(since: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** One scrape job per job label; targets of a job differ in their labels (replicas: pods). */
function config(targets: ScrapeTarget[]): string {
  const jobs = new Map<string, ScrapeTarget[]>();
  for (const t of targets) jobs.set(t.job, [...(jobs.get(t.job) ?? []), t]);
  return stringify({
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    scrape_configs: [...jobs].map(([job, ts]) => ({
      job_name: job,
      metrics_path: ts[0]!.metricsPath ?? '/metrics',
      ...(ts[0]!.bearerToken ? { authorization: { credentials: ts[0]!.bearerToken } } : {}),
      static_configs: ts.map((t) => ({ targets: [t.address], labels: t.labels })),
    })),
  });
}

export async function startPrometheus(targets: ScrapeTarget[]): Promise<Prometheus> {
  const dir = tempDir('prometheus');
  const configFile = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(configFile, config(targets));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dir, 'prometheus.log'), 'a');
  const proc = spawn(PROMETHEUS_BIN, [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await exited;
    }
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => httpOk(`${url}/-/ready`), 30_000, 'prometheus ready');
  } catch (err) {
    const output = fs.readFileSync(path.join(dir, 'prometheus.log'), 'utf8').slice(-2000);
    await stop();
    throw new Error(`${(err as Error).message}\n${output}`);
  }

  const query = async (expr: string, time?: number): Promise<QueryAnswer> => {
    const form = new URLSearchParams({ query: expr, ...(time === undefined ? {} : { time: String(time) }) });
    const res = await fetch(`${url}/api/v1/query`, { method: 'POST', body: form });
    const body = (await res.json()) as { status: string; error?: string; data?: { resultType: string; result: Sample[] | [number, string] } };
    if (body.status !== 'success' || !body.data) return { ok: false, error: body.error ?? `HTTP ${res.status}` };
    // A scalar answers with one value, not a list of series.
    const result = body.data.resultType === 'scalar' ? [{ metric: {}, value: body.data.result as [number, string] }] : (body.data.result as Sample[]);
    return { ok: true, resultType: body.data.resultType, result };
  };

  return {
    url,
    query,
    async metricNames() {
      const body = (await (await fetch(`${url}/api/v1/label/__name__/values`)).json()) as { data: string[] };
      return body.data;
    },
    async waitForScrapes(since, timeoutMs = 30_000) {
      const expr = `count(up == 1 and timestamp(up) >= ${since / 1000})`;
      await waitFor(
        async () => {
          const a = await query(expr);
          return a.ok && Number(a.result[0]?.value[1] ?? 0) === targets.length;
        },
        timeoutMs,
        `every target scraped after ${new Date(since).toISOString()}`,
      );
    },
    stop,
  };
}
