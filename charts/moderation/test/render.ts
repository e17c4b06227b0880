// Helpers of the chart tests: run helm/kubectl from .tools/bin (fetched by `make tools`), parse the
// rendered YAML, validate objects against the Kubernetes schemas offline (kubernetes-models@4).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import * as coreV1 from 'kubernetes-models/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const chartDir = join(repoRoot, 'charts/moderation');
export const helmBin = join(repoRoot, '.tools/bin/helm');
export const kubectlBin = join(repoRoot, '.tools/bin/kubectl');

export const SERVICES = [
  'gateway',
  'ingest',
  'frame-extractor',
  'vision-inference',
  'speech-to-text',
  'text-toxicity',
  'policy-scorer',
  'moderator',
  'webhook-dispatcher',
] as const;

/** Values files the chart ships, by short name ('default' is values.yaml alone). */
export const VALUES_FILES: Record<string, string[]> = {
  default: [],
  gpu: [join(chartDir, 'values-gpu.yaml')],
  dev: [join(chartDir, 'values-dev.yaml')],
};

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  [key: string]: unknown;
};

/** Fetches helm and kubectl (`make tools`) when a test runs outside `make test`. */
export function ensureTools(): void {
  if (existsSync(helmBin) && existsSync(kubectlBin)) return;
  // Test files run in parallel workers: one fetch at a time (flock from util-linux).
  mkdirSync(join(repoRoot, '.tools'), { recursive: true });
  execFileSync('flock', [join(repoRoot, '.tools/.lock'), 'make', 'tools'], { cwd: repoRoot, stdio: 'pipe', timeout: 110_000 });
  if (!existsSync(helmBin)) throw new Error(`helm not found at ${helmBin} after make tools`);
}

export function helm(args: string[]): string {
  return execFileSync(helmBin, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function kubectl(args: string[]): string {
  return execFileSync(kubectlBin, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Parses multi-document YAML into objects (empty documents dropped); throws on YAML errors. */
export function parseManifests(text: string): K8sObject[] {
  const out: K8sObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`YAML error: ${doc.errors.map((e) => e.message).join('; ')}`);
    const obj = doc.toJS() as K8sObject | null;
    if (obj !== null && obj !== undefined) out.push(obj);
  }
  return out;
}

export type RenderOptions = { release?: string; namespace?: string; valuesFiles?: string[]; set?: string[] };

export function renderText(opts: RenderOptions = {}): string {
  const args = ['template', opts.release ?? 'moderation', chartDir, '--namespace', opts.namespace ?? 'moderation'];
  for (const f of opts.valuesFiles ?? []) args.push('-f', f);
  for (const s of opts.set ?? []) args.push('--set', s);
  return helm(args);
}

export function render(opts: RenderOptions = {}): K8sObject[] {
  return parseManifests(renderText(opts));
}

/** How the plain manifests in k8s/ are rendered, read from mk/k8s.mk (one source of truth). */
export function k8sRenderSettings(): { release: string; namespace: string; set: string[] } {
  const mk = readFileSync(join(repoRoot, 'mk/k8s.mk'), 'utf8');
  const get = (name: string): string => {
    const m = new RegExp(`^${name}\\s*:=\\s*(.*)$`, 'm').exec(mk);
    if (!m?.[1]) throw new Error(`${name} not found in mk/k8s.mk`);
    return m[1].trim();
  };
  const namespace = get('K8S_NAMESPACE');
  const flags = get('K8S_RENDER_FLAGS').replace('$(K8S_NAMESPACE)', namespace).split(/\s+/);
  const set: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] === '--set' && flags[i + 1]) set.push(flags[++i] as string);
    else if (flags[i] === '--namespace') i++;
    else throw new Error(`unexpected flag in K8S_RENDER_FLAGS: ${flags[i]}`);
  }
  return { release: get('K8S_RELEASE'), namespace, set };
}

type Model = new (data: unknown) => { validate(): void };
const MODEL_GROUPS: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'batch/v1': batchV1,
  'policy/v1': policyV1,
  'autoscaling/v2': autoscalingV2,
  'networking.k8s.io/v1': networkingV1,
};

/** The kubernetes-models class of an object, or null for kinds it does not know (CRDs). */
export function modelFor(obj: K8sObject): Model | null {
  const group = MODEL_GROUPS[obj.apiVersion];
  const model = group?.[obj.kind];
  return typeof model === 'function' ? (model as Model) : null;
}

/** Validates a built-in object against its OpenAPI schema; returns the error text or null. */
export function schemaError(obj: K8sObject): string | null {
  const Model = modelFor(obj);
  if (!Model) return `no schema for ${obj.apiVersion} ${obj.kind}`;
  try {
    new Model(obj).validate();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

// kubernetes-models accepts unknown fields; a typo in a container would pass silently. The fields
// of core/v1 Container (Kubernetes 1.34).
const CONTAINER_FIELDS = new Set([
  'args', 'command', 'env', 'envFrom', 'image', 'imagePullPolicy', 'lifecycle', 'livenessProbe', 'name', 'ports',
  'readinessProbe', 'resizePolicy', 'resources', 'restartPolicy', 'restartPolicyRules', 'securityContext', 'startupProbe', 'stdin',
  'stdinOnce', 'terminationMessagePath', 'terminationMessagePolicy', 'tty', 'volumeDevices', 'volumeMounts', 'workingDir',
]);
const POD_SPEC_FIELDS = new Set([
  'activeDeadlineSeconds', 'affinity', 'automountServiceAccountToken', 'containers', 'dnsConfig', 'dnsPolicy',
  'enableServiceLinks', 'ephemeralContainers', 'hostAliases', 'hostIPC', 'hostNetwork', 'hostPID', 'hostUsers', 'hostname',
  'hostnameOverride', 'imagePullSecrets', 'initContainers', 'nodeName', 'nodeSelector', 'os', 'overhead', 'preemptionPolicy',
  'priority', 'priorityClassName', 'readinessGates', 'resourceClaims', 'resources', 'restartPolicy', 'runtimeClassName',
  'schedulerName', 'schedulingGates', 'securityContext', 'serviceAccount', 'serviceAccountName', 'setHostnameAsFQDN',
  'shareProcessNamespace', 'subdomain', 'terminationGracePeriodSeconds', 'tolerations', 'topologySpreadConstraints', 'volumes',
]);

export type PodSpec = {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
  nodeSelector?: Record<string, string>;
  tolerations?: { key?: string; operator?: string; effect?: string; value?: string }[];
  volumes?: { name: string; [k: string]: unknown }[];
  runtimeClassName?: string;
  [k: string]: unknown;
};
export type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string };
};
export type Container = {
  name: string;
  image: string;
  command?: string[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: unknown[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  livenessProbe?: Record<string, unknown>;
  readinessProbe?: Record<string, unknown>;
  startupProbe?: Record<string, unknown>;
  [k: string]: unknown;
};

/** The pod template of a workload (Deployment, StatefulSet, Job), or null. */
export function podSpecOf(obj: K8sObject): PodSpec | null {
  const tpl = (obj.spec as { template?: { spec?: PodSpec } } | undefined)?.template;
  return tpl?.spec ?? null;
}

export function podLabelsOf(obj: K8sObject): Record<string, string> {
  return (obj.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template?.metadata?.labels ?? {};
}

/** Unknown fields in the pod spec and its containers (the schema check does not report them). */
export function unknownPodFields(spec: PodSpec): string[] {
  const bad: string[] = [];
  for (const k of Object.keys(spec)) if (!POD_SPEC_FIELDS.has(k)) bad.push(`spec.${k}`);
  for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
    for (const k of Object.keys(c)) if (!CONTAINER_FIELDS.has(k)) bad.push(`container ${c.name}: ${k}`);
  }
  return bad;
}

export function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

export function byKind(objs: K8sObject[], kind: string): K8sObject[] {
  return objs.filter((o) => o.kind === kind);
}

export function find(objs: K8sObject[], kind: string, name: string): K8sObject {
  const o = objs.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`${kind} ${name} not rendered`);
  return o;
}

/** Metric names (without histogram suffixes) the services export, per the design. */
export const KNOWN_METRICS = new Set([
  'modsvc_jobs_total',
  'modsvc_jobs_submitted_total',
  'modsvc_stage_duration_seconds',
  'modsvc_consumer_pending',
  'modsvc_webhook_deliveries_total',
  'modsvc_model_inference_seconds',
  'modsvc_http_requests_total',
  'modsvc_http_request_duration_seconds',
  // packages/common/src/workflow-metrics.ts
  'modsvc_review_queue_depth',
  'modsvc_moderation_decisions_total',
  'modsvc_review_time_to_decision_seconds',
  'modsvc_reviewer_decisions_total',
  'DCGM_FI_DEV_GPU_UTIL',
  'up',
]);

/** Metric names referenced in a PromQL expression (identifiers followed by `{`, `[` or a space/paren). */
export function metricsInExpr(expr: string): string[] {
  const names = new Set<string>();
  for (const m of expr.matchAll(/\b(modsvc_[a-z_]+|DCGM_[A-Z_]+|up)(?=\s*[{[)])/g)) {
    names.add((m[1] as string).replace(/_(bucket|sum|count)$/, ''));
  }
  return [...names];
}
