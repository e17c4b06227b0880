// The PrometheusRule's alerts, checked and unit-tested with promtool on synthetic series: each
// alert fires on the condition it documents and stays quiet below its threshold.
// promtool comes from the Debian package `prometheus` (`make tools` fetches it when apt is there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { VALUES_FILES, ensureTools, find, render, repoRoot } from './render.ts';

// Fetch the tools before deciding whether promtool is there (the skip is decided at collection).
ensureTools();
const promtool = join(repoRoot, '.tools/bin/promtool');
const hasPromtool = existsSync(promtool);
const RUNBOOK = 'https://github.com/modsvc/modsvc/blob/main/docs/operations.md';
const NS = 'namespace="moderation"';

type Rule = { alert: string; annotations: { summary: string } };
let dir = '';
let rules: Rule[] = [];

function run(args: string[]): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync(promtool, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The annotations promtool must see on a firing alert. */
function annotations(alert: string, description: string): Record<string, string> {
  const rule = rules.find((r) => r.alert === alert);
  if (!rule) throw new Error(`${alert} not in the PrometheusRule`);
  return { summary: rule.annotations.summary, description, runbook_url: `${RUNBOOK}#${alert.toLowerCase()}` };
}

beforeAll(() => {
  const rule = find(render({ valuesFiles: VALUES_FILES.gpu }), 'PrometheusRule', 'moderation');
  const groups = (rule.spec as { groups: { rules: Rule[] }[] }).groups;
  rules = groups.flatMap((g) => g.rules);
  dir = mkdtempSync(join(tmpdir(), 'modsvc-alerts-'));
  writeFileSync(join(dir, 'rules.yaml'), stringify({ groups }));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasPromtool)('alert rules (promtool)', () => {
  it('promtool check rules accepts every rule', () => {
    const r = run(['check', 'rules', 'rules.yaml']);
    expect(r.out).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(r.ok).toBe(true);
  });

  it('each alert fires on its condition and not below it', () => {
    const tests = [
      {
        // vision-inference falls behind; policy-scorer does not.
        interval: '1m',
        input_series: [
          { series: `modsvc_consumer_pending{${NS},durable="vision-inference"}`, values: '1000x30' },
          { series: `modsvc_consumer_pending{${NS},durable="policy-scorer"}`, values: '10x30' },
        ],
        alert_rule_test: [
          { eval_time: '5m', alertname: 'ModsvcConsumerLagHigh', exp_alerts: [] },
          {
            eval_time: '15m',
            alertname: 'ModsvcConsumerLagHigh',
            exp_alerts: [
              {
                exp_labels: { severity: 'warning', durable: 'vision-inference' },
                exp_annotations: annotations('ModsvcConsumerLagHigh', 'Durable consumer vision-inference has 1000 pending messages.'),
              },
            ],
          },
        ],
      },
      {
        // 10 % of jobs fail (above 5 %) for 40 minutes.
        interval: '1m',
        input_series: [
          { series: `modsvc_jobs_total{${NS},product="items",media="image",status="done"}`, values: '0+90x40' },
          { series: `modsvc_jobs_total{${NS},product="items",media="image",status="failed"}`, values: '0+10x40' },
        ],
        alert_rule_test: [
          {
            eval_time: '35m',
            alertname: 'ModsvcJobFailureRateHigh',
            exp_alerts: [
              {
                exp_labels: { severity: 'warning' },
                exp_annotations: annotations('ModsvcJobFailureRateHigh', '10% of finished jobs failed over the last 15 minutes.'),
              },
            ],
          },
        ],
      },
      {
        // 1 % of jobs fail: below the threshold.
        interval: '1m',
        input_series: [
          { series: `modsvc_jobs_total{${NS},product="items",media="image",status="done"}`, values: '0+99x40' },
          { series: `modsvc_jobs_total{${NS},product="items",media="image",status="failed"}`, values: '0+1x40' },
        ],
        alert_rule_test: [{ eval_time: '35m', alertname: 'ModsvcJobFailureRateHigh', exp_alerts: [] }],
      },
      {
        // A webhook gives up at minute 10; retries are half of all attempts.
        interval: '1m',
        input_series: [
          { series: `modsvc_webhook_deliveries_total{${NS},outcome="gave_up"}`, values: '0x9 1x30' },
          { series: `modsvc_webhook_deliveries_total{${NS},outcome="retry"}`, values: '0+5x40' },
          { series: `modsvc_webhook_deliveries_total{${NS},outcome="delivered"}`, values: '0+5x40' },
        ],
        alert_rule_test: [
          { eval_time: '5m', alertname: 'ModsvcWebhookDeliveriesGivingUp', exp_alerts: [] },
          {
            eval_time: '15m',
            alertname: 'ModsvcWebhookDeliveriesGivingUp',
            exp_alerts: [
              {
                exp_labels: { severity: 'critical' },
                exp_annotations: annotations(
                  'ModsvcWebhookDeliveriesGivingUp',
                  'Webhook deliveries were dropped after all retries in the last 30 minutes; the results are still available by GET.',
                ),
              },
            ],
          },
          {
            eval_time: '35m',
            alertname: 'ModsvcWebhookRetryRatioHigh',
            exp_alerts: [
              {
                exp_labels: { severity: 'warning' },
                exp_annotations: annotations('ModsvcWebhookRetryRatioHigh', '50% of webhook attempts are retries.'),
              },
            ],
          },
        ],
      },
      {
        // 5 % of gateway responses are 5xx; a scrape target is down.
        interval: '1m',
        input_series: [
          { series: `modsvc_http_requests_total{${NS},route="/v1/authenticate",status="200"}`, values: '0+95x30' },
          { series: `modsvc_http_requests_total{${NS},route="/v1/authenticate",status="503"}`, values: '0+5x30' },
          { series: `up{${NS},service="moderation-ingest",pod="moderation-ingest-0"}`, values: '0x30' },
          { series: `up{${NS},service="moderation-gateway",pod="moderation-gateway-0"}`, values: '1x30' },
        ],
        alert_rule_test: [
          {
            eval_time: '25m',
            alertname: 'ModsvcGatewayErrorRateHigh',
            exp_alerts: [
              {
                exp_labels: { severity: 'critical' },
                exp_annotations: annotations('ModsvcGatewayErrorRateHigh', '5% of gateway responses are 5xx.'),
              },
            ],
          },
          {
            eval_time: '10m',
            alertname: 'ModsvcServiceDown',
            exp_alerts: [
              {
                exp_labels: { severity: 'critical', namespace: 'moderation', service: 'moderation-ingest', pod: 'moderation-ingest-0' },
                exp_annotations: annotations('ModsvcServiceDown', 'moderation-ingest pod moderation-ingest-0 has been down for 5 minutes.'),
              },
            ],
          },
        ],
      },
    ];
    writeFileSync(join(dir, 'tests.yaml'), stringify({ rule_files: ['rules.yaml'], evaluation_interval: '1m', tests }));
    const r = run(['test', 'rules', 'tests.yaml']);
    expect(r.out).toContain('SUCCESS');
    expect(r.ok, r.out).toBe(true);
  });
});
