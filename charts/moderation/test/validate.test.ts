// Offline validation of the chart: helm lint --strict, helm template of every values file, every
// rendered object against the Kubernetes OpenAPI schemas (kubernetes-models@4), our own shape
// checks for the CRDs (KEDA ScaledObject, ServiceMonitor, PrometheusRule), and references
// between objects (selectors, scale targets, Secrets, ConfigMaps, claims).
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  VALUES_FILES,
  KNOWN_METRICS,
  byKind,
  chartDir,
  ensureTools,
  helm,
  kubectl,
  matches,
  metricsInExpr,
  modelFor,
  podLabelsOf,
  podSpecOf,
  render,
  repoRoot,
  schemaError,
  unknownPodFields,
  parseManifests,
  type K8sObject,
} from './render.ts';

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job']);

/** Minimal structural checks of the CRDs the chart renders; returns the problems found. */
function crdProblems(obj: K8sObject, all: K8sObject[]): string[] {
  const p: string[] = [];
  const spec = (obj.spec ?? {}) as Record<string, unknown>;
  if (obj.kind === 'ScaledObject') {
    if (obj.apiVersion !== 'keda.sh/v1alpha1') p.push(`apiVersion ${obj.apiVersion}`);
    const ref = spec.scaleTargetRef as { name?: string; kind?: string } | undefined;
    if (!ref?.name || !all.some((o) => o.kind === (ref.kind ?? 'Deployment') && o.metadata.name === ref.name)) {
      p.push(`scaleTargetRef ${ref?.name} does not name a rendered workload`);
    }
    const min = spec.minReplicaCount as number;
    const max = spec.maxReplicaCount as number;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < Math.max(1, min)) p.push(`replica counts ${min}..${max}`);
    const triggers = spec.triggers as { type?: string; metadata?: Record<string, unknown>; metricType?: string }[] | undefined;
    if (!Array.isArray(triggers) || triggers.length === 0) p.push('no triggers');
    for (const t of triggers ?? []) {
      for (const [k, v] of Object.entries(t.metadata ?? {})) if (typeof v !== 'string') p.push(`trigger ${t.type} metadata.${k} is not a string`);
      if (t.type === 'nats-jetstream') {
        for (const k of ['natsServerMonitoringEndpoint', 'account', 'stream', 'consumer', 'lagThreshold']) {
          if (!t.metadata?.[k]) p.push(`nats-jetstream trigger lacks ${k}`);
        }
        if (!/^[\w.-]+:\d+$/.test(String(t.metadata?.natsServerMonitoringEndpoint))) p.push('monitoring endpoint is not host:port');
        if (!/^\d+$/.test(String(t.metadata?.lagThreshold))) p.push('lagThreshold is not an integer');
      } else if (t.type === 'cpu') {
        if (t.metricType !== 'Utilization' || !/^\d+$/.test(String(t.metadata?.value))) p.push('cpu trigger shape');
        if (min < 1) p.push('a cpu trigger needs minReplicaCount >= 1');
      } else {
        p.push(`unexpected trigger type ${t.type}`);
      }
    }
  } else if (obj.kind === 'ServiceMonitor') {
    if (obj.apiVersion !== 'monitoring.coreos.com/v1') p.push(`apiVersion ${obj.apiVersion}`);
    const sel = (spec.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels ?? {};
    const services = byKind(all, 'Service').filter((s) => matches(sel, s.metadata.labels ?? {}));
    if (services.length === 0) p.push('selector matches no Service');
    const endpoints = spec.endpoints as { port?: string; path?: string; interval?: string }[] | undefined;
    if (!Array.isArray(endpoints) || endpoints.length === 0) p.push('no endpoints');
    for (const e of endpoints ?? []) {
      if (e.interval && !/^\d+(ms|s|m|h)$/.test(e.interval)) p.push(`interval ${e.interval}`);
      for (const s of services) {
        const ports = ((s.spec as { ports?: { name?: string }[] }).ports ?? []).map((x) => x.name);
        if (!ports.includes(e.port)) p.push(`Service ${s.metadata.name} has no port named ${e.port}`);
      }
    }
  } else if (obj.kind === 'PrometheusRule') {
    if (obj.apiVersion !== 'monitoring.coreos.com/v1') p.push(`apiVersion ${obj.apiVersion}`);
    const groups = spec.groups as { name?: string; rules?: Record<string, unknown>[] }[] | undefined;
    if (!Array.isArray(groups) || groups.length === 0) p.push('no groups');
    for (const g of groups ?? []) {
      if (!g.name) p.push('group without name');
      for (const r of g.rules ?? []) {
        const expr = r.expr;
        if (typeof r.alert !== 'string' || !/^[A-Z][A-Za-z0-9]+$/.test(r.alert)) p.push(`alert name ${String(r.alert)}`);
        if (typeof expr !== 'string' || expr.trim() === '') {
          p.push(`${String(r.alert)}: empty expr`);
          continue;
        }
        let depth = 0;
        for (const ch of expr) {
          depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
          if (depth < 0) break;
        }
        if (depth !== 0) p.push(`${String(r.alert)}: unbalanced parentheses`);
        if (expr.includes('{{') || expr.includes('<no value>')) p.push(`${String(r.alert)}: unrendered template in expr`);
        for (const m of metricsInExpr(expr)) if (!KNOWN_METRICS.has(m)) p.push(`${String(r.alert)}: unknown metric ${m}`);
        if (r.for !== undefined && !/^\d+[smh]$/.test(String(r.for))) p.push(`${String(r.alert)}: for ${String(r.for)}`);
        const labels = r.labels as Record<string, string> | undefined;
        if (!labels?.severity || !['warning', 'critical', 'info'].includes(labels.severity)) p.push(`${String(r.alert)}: severity`);
        const ann = r.annotations as Record<string, string> | undefined;
        if (!ann?.summary || !ann.description || !ann.runbook_url) p.push(`${String(r.alert)}: summary/description/runbook_url`);
      }
    }
  } else {
    p.push(`unknown kind ${obj.apiVersion} ${obj.kind}`);
  }
  return p;
}

/** Cross-object references that the API server would not check but a working install needs. */
function referenceProblems(all: K8sObject[], externalClaims: string[] = []): string[] {
  const p: string[] = [];
  const names = (kind: string): Set<string> => new Set(byKind(all, kind).map((o) => o.metadata.name));
  const configMaps = names('ConfigMap');
  const claims = new Set([...names('PersistentVolumeClaim'), ...externalClaims]);
  const workloads = all.filter((o) => WORKLOADS.has(o.kind));
  for (const w of workloads) {
    const sel = (w.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels;
    if (w.kind !== 'Job' && (!sel || !matches(sel, podLabelsOf(w)))) p.push(`${w.kind} ${w.metadata.name}: selector does not match its pod labels`);
    const spec = podSpecOf(w);
    if (!spec) continue;
    for (const bad of unknownPodFields(spec)) p.push(`${w.kind} ${w.metadata.name}: unknown field ${bad}`);
    const templates = (w.spec as { volumeClaimTemplates?: { metadata: { name: string } }[] }).volumeClaimTemplates ?? [];
    const volumes = new Set([...(spec.volumes ?? []).map((v) => v.name), ...templates.map((t) => t.metadata.name)]);
    for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
      for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) p.push(`${w.metadata.name}/${c.name}: mount of missing volume ${m.name}`);
      for (const e of c.envFrom ?? []) {
        const cm = (e as { configMapRef?: { name: string } }).configMapRef?.name;
        if (cm && !configMaps.has(cm)) p.push(`${w.metadata.name}: envFrom ConfigMap ${cm} not rendered`);
      }
    }
    for (const v of spec.volumes ?? []) {
      const claim = (v as { persistentVolumeClaim?: { claimName: string } }).persistentVolumeClaim?.claimName;
      if (claim && !claims.has(claim)) p.push(`${w.metadata.name}: claim ${claim} not rendered`);
    }
  }
  const podLabels = workloads.map((w) => podLabelsOf(w));
  for (const s of byKind(all, 'Service')) {
    const sel = (s.spec as { selector?: Record<string, string> }).selector ?? {};
    if (!podLabels.some((l) => matches(sel, l))) p.push(`Service ${s.metadata.name} selects no pods`);
  }
  for (const pdb of byKind(all, 'PodDisruptionBudget')) {
    const sel = (pdb.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels ?? {};
    if (!podLabels.some((l) => matches(sel, l))) p.push(`PDB ${pdb.metadata.name} selects no pods`);
  }
  for (const h of byKind(all, 'HorizontalPodAutoscaler')) {
    const ref = (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
    if (!all.some((o) => o.kind === ref.kind && o.metadata.name === ref.name)) p.push(`HPA ${h.metadata.name}: target ${ref.name} missing`);
  }
  for (const np of byKind(all, 'NetworkPolicy')) {
    const sel = (np.spec as { podSelector: { matchLabels?: Record<string, string> } }).podSelector.matchLabels ?? {};
    if (!podLabels.some((l) => matches(sel, l))) p.push(`NetworkPolicy ${np.metadata.name} selects no pods`);
  }
  const seen = new Set<string>();
  for (const o of all) {
    const key = `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(key)) p.push(`duplicate ${key}`);
    seen.add(key);
    if (o.metadata.name.length > 63 && o.kind !== 'ConfigMap') p.push(`${key}: name longer than 63`);
  }
  return p;
}

function validateAll(objs: K8sObject[], externalClaims: string[] = []): string[] {
  const problems: string[] = [];
  for (const o of objs) {
    const where = `${o.kind} ${o.metadata?.name}`;
    if (modelFor(o)) {
      const err = schemaError(o);
      if (err) problems.push(`${where}: ${err}`);
    } else {
      for (const e of crdProblems(o, objs)) problems.push(`${where}: ${e}`);
    }
  }
  return [...problems, ...referenceProblems(objs, externalClaims)];
}

beforeAll(() => ensureTools());

describe('helm lint --strict', () => {
  it.each(Object.keys(VALUES_FILES))('passes for the %s values', (name) => {
    const args = ['lint', '--strict', chartDir];
    for (const f of VALUES_FILES[name] ?? []) args.push('-f', f);
    const out = helm(args);
    expect(out).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(out).not.toMatch(/\[(WARNING|ERROR)\]/);
  });
});

describe('values.schema.json', () => {
  it.each([
    ['services.vison-inference.replicas=2', /additional properties 'vison-inference'/],
    ['models.source=hostPath', /models\/source/],
    ['keda.cpuUtilization=150', /keda\/cpuUtilization/],
    ['externalNats.url=http://nats:4222', /externalNats\/url/],
  ])('rejects %s', (set, message) => {
    expect(() => render({ set: [set] })).toThrow(message);
  });
});

describe('rendered objects are valid Kubernetes objects', () => {
  const variants: [string, string[], string[]][] = [
    ['default', [], []],
    ['gpu', VALUES_FILES.gpu ?? [], []],
    ['dev', VALUES_FILES.dev ?? [], []],
    // Every optional template on at once: KEDA, monitoring, in-chart NATS and MongoDB.
    ['everything on', [], ['keda.enabled=true', 'metrics.serviceMonitor.enabled=true', 'metrics.prometheusRule.enabled=true', 'metrics.dashboards.enabled=true', 'nats.enabled=true', 'mongodb.enabled=true']],
    ['existing secrets', [], ['secrets.tenants.existingSecret=my-tenants', 'secrets.tokenSigningKey.existingSecret=my-token', 'externalMongodb.existingSecret=my-mongo', 'models.persistence.existingClaim=my-models']],
  ];
  it.each(variants)('%s values: every object passes its schema and the references hold', (name, files, set) => {
    const objs = render({ valuesFiles: files, set });
    expect(objs.length).toBeGreaterThan(30);
    for (const o of objs) {
      expect(o.apiVersion, JSON.stringify(o.metadata)).toBeTruthy();
      expect(o.metadata.namespace ?? 'moderation').toBe('moderation');
    }
    expect(validateAll(objs, name === 'existing secrets' ? ['my-models'] : [])).toEqual([]);
  });

  it('the validator catches a broken object (it can fail)', () => {
    const objs = render();
    const dep = structuredClone(objs.find((o) => o.kind === 'Deployment') as K8sObject);
    const c = podSpecOf(dep)?.containers[0];
    if (!c?.ports?.[0]) throw new Error('no container port');
    (c.ports[0] as { containerPort: unknown }).containerPort = 'fifty';
    expect(schemaError(dep)).toMatch(/containerPort/);
    (c as Record<string, unknown>).imagePullPolice = 'Always';
    expect(unknownPodFields(podSpecOf(dep) as NonNullable<ReturnType<typeof podSpecOf>>)).toContain(`container ${c.name}: imagePullPolice`);
    const so = render({ set: ['keda.enabled=true'] }).find((o) => o.kind === 'ScaledObject') as K8sObject;
    (so.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name = 'nothing';
    expect(crdProblems(so, objs).join()).toMatch(/scaleTargetRef/);
  });

  it('dashboards are valid Grafana JSON that only query metrics the services export', () => {
    const objs = render({ set: ['metrics.dashboards.enabled=true'] });
    const cms = byKind(objs, 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    expect(cms.length).toBeGreaterThan(0);
    const exprs: string[] = [];
    for (const cm of cms) {
      for (const json of Object.values(cm.data ?? {})) {
        const dash = JSON.parse(json) as { uid: string; panels: { title: string; targets: { expr: string }[] }[] };
        expect(dash.uid).toMatch(/^[\w-]{1,40}$/);
        for (const panel of dash.panels) for (const t of panel.targets) exprs.push(t.expr);
      }
    }
    const metrics = new Set(exprs.flatMap(metricsInExpr));
    for (const m of metrics) expect(KNOWN_METRICS.has(m), m).toBe(true);
    // The dashboard covers what the issue asks for.
    for (const m of ['modsvc_jobs_total', 'modsvc_stage_duration_seconds', 'modsvc_consumer_pending', 'modsvc_webhook_deliveries_total', 'modsvc_model_inference_seconds', 'DCGM_FI_DEV_GPU_UTIL']) {
      expect(metrics.has(m), m).toBe(true);
    }
    expect(exprs.some((e) => /by \(le, group\)/.test(e))).toBe(true);
    // The trust-and-safety workflow: queue depth per tenant, time to decision, reviewer throughput, automated share.
    for (const m of ['modsvc_review_queue_depth', 'modsvc_review_time_to_decision_seconds', 'modsvc_reviewer_decisions_total', 'modsvc_moderation_decisions_total']) {
      expect(metrics.has(m), m).toBe(true);
    }
    expect(exprs).toContain('max by (tenant) (modsvc_review_queue_depth{namespace="$namespace"})');
    expect(exprs.some((e) => /histogram_quantile\(0\.95, sum by \(le, kind\) \(rate\(modsvc_review_time_to_decision_seconds_bucket/.test(e))).toBe(true);
    expect(exprs.some((e) => /decision_type="fully_automated".*\/.*decision_type=~"fully_automated\|escalated"/.test(e))).toBe(true);
  });
});

describe('plain manifests in k8s/', () => {
  it.each(['k8s', 'k8s/base', 'k8s/gpu'])('kubectl kustomize %s builds and every object is valid', (dir) => {
    const objs = parseManifests(kubectl(['kustomize', join(repoRoot, dir)]));
    expect(byKind(objs, 'Namespace').map((n) => n.metadata.name)).toEqual(['moderation']);
    expect(byKind(objs, 'Deployment')).toHaveLength(9);
    // The plain manifests ship no credentials: the tenants and token Secrets are created by the user.
    expect(byKind(objs, 'Secret').map((s) => s.metadata.name)).not.toContain('moderation-token');
    expect(validateAll(objs)).toEqual([]);
  });
});
