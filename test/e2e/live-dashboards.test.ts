// The chart's dashboards and alerts against a live deployment: a Prometheus of the test's own scrapes
// every service's /metrics (labelled as the chart's ServiceMonitor labels them) while a few jobs go
// through; then every panel query and every alert expression is run on it over the HTTP API. A query
// that names a metric no service exports, or a label the services do not carry, shows here as an
// error or an empty panel (no series, or only NaN: what Grafana draws as nothing), which a check of
// the JSON alone cannot see. Every endpoint is scraped as two replicas, as the chart runs them, so a
// query that adds up what each replica reports of shared state shows too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { alertRules, dashboardQueries, dashboardVariableQueries, substituteVariables } from '../../charts/moderation/test/shipped-queries.ts';
import { labelledSelectors, metricNames } from '../../charts/moderation/test/promql-names.ts';
import { startAllInOneDeployment, startDistributedDeployment, type Deployment } from '../helpers/deployments.ts';
import { tempDir } from '../helpers/processes.ts';
import { PROMETHEUS_BIN, PROMTOOL_BIN, hasPrometheus, startPrometheus, type Prometheus, type QueryAnswer } from '../helpers/prometheus.ts';
import { scrapeTargets } from '../helpers/scrape-targets.ts';
import { sendDashboardTraffic } from './dashboard-traffic.ts';

const NAMESPACE = 'moderation';
const METRICS_TOKEN = 'live-dashboards-metrics-token';

/** Panels that stay empty here, and why: each is a thing that did not happen, not a wrong query. */
const PANELS_WITHOUT_DATA: Record<string, string> = {
  'GPU utilisation': "DCGM_FI_DEV_GPU_UTIL comes from NVIDIA's dcgm-exporter on GPU nodes; the test machine has neither",
};

/** Metrics the dashboards read from exporters other than the services. */
const EXTERNAL_METRICS: Record<string, string> = {
  DCGM_FI_DEV_GPU_UTIL: "NVIDIA's dcgm-exporter (GPU node pool), not a modsvc service",
};

/** Alert selectors that match nothing here, and why (the others must match series: right names, right labels). */
const SELECTORS_WITHOUT_SERIES: Record<string, string> = {
  [`modsvc_http_requests_total{namespace="${NAMESPACE}",status=~"5.."}`]: 'no request fails on the server side in the test',
};

/** Gauges every replica reports whole (shared state): a query must read one replica's figure, never their sum. */
const SHARED_STATE_GAUGES: Record<string, string> = {
  modsvc_consumer_pending: "each replica of a stage reports its JetStream consumer's whole lag",
  modsvc_review_queue_depth: 'each moderator replica reads the whole queue from the store',
};

/**
 * Each series of the expression's selectors reads 1: the idle queues of a test read 0 however many
 * replicas a query adds up, and 1s show what it adds.
 */
const asOnes = (expr: string) => labelledSelectors(expr).reduce((e, s) => e.replaceAll(s, `(${s} * 0 + 1)`), expr);

/** The expression over the first replica of each service alone (every selector names the namespace). */
const oneReplica = (expr: string) => expr.replaceAll(`namespace="${NAMESPACE}"`, `namespace="${NAMESPACE}",pod=~".+-0"`);

const values = (a: QueryAnswer) => (a.ok ? Object.fromEntries(a.result.map((s) => [JSON.stringify(s.metric), s.value[1]])) : { error: a.error });

const hasData = (a: QueryAnswer) => a.ok && a.result.some((s) => Number.isFinite(Number(s.value[1])));

const MODES: [string, () => Promise<Deployment>][] = [
  ['all-in-one', () => startAllInOneDeployment({ METRICS_TOKEN })],
  ['distributed', () => startDistributedDeployment()],
];

const skipReason = hasPrometheus() ? null : `${PROMETHEUS_BIN} or ${PROMTOOL_BIN} missing: apt-get install prometheus (make system-deps does)`;
if (skipReason) process.stderr.write(`live dashboards test skipped: ${skipReason}\n`);

describe.skipIf(skipReason !== null).each(MODES)('dashboards and alerts on live metrics (%s)', (_mode, start) => {
  let deployment: Deployment;
  let prometheus: Prometheus;
  let started = 0;
  let variables: Record<string, string> = {};
  const panels = dashboardQueries();
  const { rules, groups } = alertRules(NAMESPACE);

  beforeAll(async () => {
    deployment = await start();
    started = Date.now();
    prometheus = await startPrometheus(scrapeTargets(deployment, NAMESPACE, METRICS_TOKEN));
    await prometheus.waitForScrapes(Date.now(), 60_000);
    await sendDashboardTraffic(deployment, () => prometheus.waitForScrapes(Date.now()));
    // Counters the last webhook attempts moved are counted just after the receiver answered.
    await new Promise((r) => setTimeout(r, 2000));
    await prometheus.waitForScrapes(Date.now());
    // A dashboard over the whole run: rate windows span it, so that an event that happened once still
    // shows (Grafana's $__rate_interval would be 4 scrape intervals over a range this short).
    const window = `${Math.ceil((Date.now() - started) / 1000) + 10}s`;
    variables = { namespace: NAMESPACE, __rate_interval: window, __interval: window, __range: window };
  }, 600_000);

  afterAll(async () => {
    await prometheus?.stop();
    await deployment?.stop();
  });

  it('promtool check rules accepts the rendered PrometheusRule', () => {
    const dir = tempDir('rules');
    try {
      fs.writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups }));
      const out = execFileSync(PROMTOOL_BIN, ['check', 'rules', path.join(dir, 'rules.yaml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every panel query parses and shows data, unless listed as an event that did not happen', async () => {
    const problems: string[] = [];
    const report: string[] = [];
    for (const q of panels) {
      const expr = substituteVariables(q.expr, variables);
      const answer = await prometheus.query(expr);
      const label = `${q.dashboard} / ${q.panel} [${q.refId}]`;
      if (!answer.ok) {
        problems.push(`${label}: ${answer.error} in ${expr}`);
        continue;
      }
      const allowed = PANELS_WITHOUT_DATA[q.panel];
      if (hasData(answer)) {
        if (allowed) problems.push(`${label} has data now: drop it from PANELS_WITHOUT_DATA`);
        report.push(`${label}: ${answer.result.length} series`);
      } else if (allowed) {
        report.push(`${label}: no data, allowed (${allowed})`);
      } else {
        problems.push(`${label}: no data from ${expr} ${JSON.stringify(answer)}`);
      }
    }
    process.stdout.write(`[live-dashboards ${deployment.mode}] ${report.join(`\n[live-dashboards ${deployment.mode}] `)}\n`);
    expect(problems).toEqual([]);
  });

  it("the dashboards' variables list this deployment's values", async () => {
    for (const v of dashboardVariableQueries()) {
      const answer = await prometheus.query(`count by (${v.label}) (${v.selector})`);
      expect(answer.ok && answer.result.map((s) => s.metric[v.label]), `$${v.name}: ${v.definition}`).toContain(variables[v.name]);
    }
  });

  it('every alert expression evaluates, and each of its selectors matches series unless listed', async () => {
    const problems: string[] = [];
    for (const r of rules) {
      const answer = await prometheus.query(r.expr);
      if (!answer.ok) problems.push(`${r.alert}: ${answer.error}`);
      for (const selector of labelledSelectors(r.expr)) {
        const matched = await prometheus.query(`count(${selector})`);
        const allowed = SELECTORS_WITHOUT_SERIES[selector];
        if (hasData(matched) && allowed) problems.push(`${r.alert}: ${selector} matches series now: drop it from SELECTORS_WITHOUT_SERIES`);
        if (!hasData(matched) && !allowed) problems.push(`${r.alert}: ${selector} matches no series`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('queries of shared state read the same with two replicas as with one', async () => {
    const queries = [...panels.map((q) => ({ where: `${q.dashboard} / ${q.panel}`, expr: substituteVariables(q.expr, variables) })), ...rules.map((r) => ({ where: r.alert, expr: r.expr }))];
    const shared = queries.filter((q) => metricNames(q.expr).every((m) => SHARED_STATE_GAUGES[m]));
    expect(shared.length).toBeGreaterThan(0);
    const at = Date.now() / 1000;
    const problems: string[] = [];
    for (const q of shared) {
      const [both, first] = await Promise.all([prometheus.query(asOnes(q.expr), at), prometheus.query(oneReplica(asOnes(q.expr)), at)]);
      if (JSON.stringify(values(both)) !== JSON.stringify(values(first))) problems.push(`${q.where}: ${JSON.stringify(values(both))} with two replicas, ${JSON.stringify(values(first))} with one, from ${q.expr}`);
    }
    expect(problems).toEqual([]);
  });

  it('no query names a metric that no service exports', async () => {
    const exported = new Set(await prometheus.metricNames());
    const queries = [...panels.map((q) => ({ where: `${q.dashboard} / ${q.panel}`, expr: q.expr })), ...rules.map((r) => ({ where: r.alert, expr: r.expr })), ...dashboardVariableQueries().map((v) => ({ where: `$${v.name}`, expr: v.selector }))];
    const unknown = queries.flatMap((q) => metricNames(q.expr).filter((m) => !exported.has(m) && !EXTERNAL_METRICS[m]).map((m) => `${q.where}: ${m}`));
    expect(unknown).toEqual([]);
  });
});
