// The chart's logic: GPU placement, KEDA vs HPA, NetworkPolicies, non-root pods, probes and wiring,
// secrets, models, alerts with runbooks, and the Dockerfile the images come from.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stringify } from 'yaml';
import { join } from 'node:path';
import {
  SERVICES,
  VALUES_FILES,
  byKind,
  ensureTools,
  find,
  matches,
  podLabelsOf,
  podSpecOf,
  render,
  repoRoot,
  type Container,
  type K8sObject,
  type PodSpec,
} from './render.ts';

type Peer = { podSelector?: { matchLabels?: Record<string, string> }; namespaceSelector?: unknown; ipBlock?: { cidr: string; except?: string[] } };
type Rule = { from?: Peer[]; to?: Peer[]; ports?: { port: number; protocol?: string }[] };
type NetpolSpec = { podSelector: { matchLabels?: Record<string, string> }; policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] };

const dep = (objs: K8sObject[], svc: string): K8sObject => find(objs, 'Deployment', `moderation-${svc}`);
const spec = (objs: K8sObject[], svc: string): PodSpec => podSpecOf(dep(objs, svc)) as PodSpec;
const main = (objs: K8sObject[], svc: string): Container => spec(objs, svc).containers[0] as Container;
const netpol = (objs: K8sObject[], name: string): NetpolSpec => find(objs, 'NetworkPolicy', name).spec as unknown as NetpolSpec;

/** Stage deployments and the JetStream durable consumer each one owns (the design's list). */
const DURABLES: Record<string, string> = {
  ingest: 'ingest-fetch',
  'frame-extractor': 'frame-extractor',
  'vision-inference': 'vision-inference',
  'speech-to-text': 'speech-to-text',
  'text-toxicity': 'text-toxicity-caption',
  'policy-scorer': 'policy-scorer',
  'webhook-dispatcher': 'webhook-dispatcher',
};

let defaults: K8sObject[];
let gpu: K8sObject[];
let dev: K8sObject[];

beforeAll(() => {
  ensureTools();
  defaults = render();
  gpu = render({ valuesFiles: VALUES_FILES.gpu });
  dev = render({ valuesFiles: VALUES_FILES.dev });
});

describe('GPU values', () => {
  it('put vision-inference on the GPU pool with nvidia.com/gpu limits and tolerations', () => {
    const s = spec(gpu, 'vision-inference');
    expect(s.nodeSelector).toEqual({ 'nvidia.com/gpu.present': 'true' });
    expect(s.tolerations).toContainEqual({ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' });
    const c = main(gpu, 'vision-inference');
    expect(c.resources?.limits?.['nvidia.com/gpu']).toBe(1);
    expect(c.resources?.requests?.['nvidia.com/gpu']).toBe(1);
    expect(c.image).toMatch(/modsvc-vision-cuda:/);
  });

  it('keep every other service off the GPUs', () => {
    for (const svc of SERVICES.filter((s) => s !== 'vision-inference')) {
      const s = spec(gpu, svc);
      expect(JSON.stringify(s), svc).not.toContain('nvidia.com/gpu');
    }
  });

  it('the default (CPU) values request no GPU and use the CPU vision image', () => {
    for (const d of byKind(defaults, 'Deployment')) expect(JSON.stringify(d)).not.toContain('nvidia.com/gpu');
    expect(main(defaults, 'vision-inference').image).toMatch(/modsvc-vision-cpu:0\.1\.0$/);
    expect(main(defaults, 'gateway').image).toBe('ghcr.io/modsvc/modsvc:0.1.0');
  });
});

describe('autoscaling', () => {
  it('KEDA on renders ScaledObjects on each stage consumer lag and no HPAs', () => {
    const objs = render({ set: ['keda.enabled=true'] });
    expect(byKind(objs, 'HorizontalPodAutoscaler')).toEqual([]);
    const sos = byKind(objs, 'ScaledObject');
    expect(sos.map((s) => s.metadata.name).sort()).toEqual(SERVICES.map((s) => `moderation-${s}`).sort());
    for (const [svc, durable] of Object.entries(DURABLES)) {
      const so = find(objs, 'ScaledObject', `moderation-${svc}`);
      const triggers = (so.spec as { triggers: { type: string; metadata: Record<string, string> }[] }).triggers;
      const nats = triggers.find((t) => t.type === 'nats-jetstream');
      expect(nats?.metadata, svc).toMatchObject({ stream: 'PIPELINE', consumer: durable, account: '$G' });
      expect(nats?.metadata.natsServerMonitoringEndpoint).toMatch(/:8222$/);
      // KEDA owns the replica count.
      expect((dep(objs, svc).spec as { replicas?: number }).replicas, svc).toBeUndefined();
    }
    // gateway and moderator have no consumer: CPU only.
    for (const svc of ['gateway', 'moderator']) {
      const types = (find(objs, 'ScaledObject', `moderation-${svc}`).spec as { triggers: { type: string }[] }).triggers.map((t) => t.type);
      expect(types).toEqual(['cpu']);
    }
  });

  it('KEDA off renders CPU HPAs and no ScaledObjects', () => {
    expect(byKind(defaults, 'ScaledObject')).toEqual([]);
    const hpas = byKind(defaults, 'HorizontalPodAutoscaler');
    expect(hpas).toHaveLength(SERVICES.length);
    for (const h of hpas) {
      const m = (h.spec as { metrics: { resource: { name: string } }[] }).metrics;
      expect(m[0]?.resource.name).toBe('cpu');
    }
  });

  it('with the in-chart NATS the scaler reads its monitoring port', () => {
    const objs = render({ set: ['keda.enabled=true', 'nats.enabled=true'] });
    const so = find(objs, 'ScaledObject', 'moderation-ingest');
    const t = (so.spec as { triggers: { metadata: Record<string, string> }[] }).triggers[0];
    expect(t?.metadata.natsServerMonitoringEndpoint).toBe('moderation-nats.moderation.svc.cluster.local:8222');
  });

  it('without autoscaling a Deployment keeps its replica count', () => {
    expect((dep(dev, 'gateway').spec as { replicas: number }).replicas).toBe(1);
    expect(byKind(dev, 'HorizontalPodAutoscaler')).toEqual([]);
  });
});

describe('NetworkPolicies', () => {
  for (const [name, objs] of [['default', () => defaults], ['gpu', () => gpu], ['dev', () => dev]] as const) {
    it(`${name} values: default deny for every pod, one policy per service`, () => {
      const o = objs();
      const deny = netpol(o, 'moderation-default-deny');
      expect(deny.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(deny.ingress).toBeUndefined();
      expect(deny.egress).toBeUndefined();
      for (const w of o.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind))) {
        expect(matches(deny.podSelector.matchLabels ?? {}, podLabelsOf(w)), w.metadata.name).toBe(true);
      }
      for (const svc of SERVICES) expect(netpol(o, `moderation-${svc}`).policyTypes).toEqual(['Ingress', 'Egress']);
    });

    it(`${name} values: only the gateway takes ingress from outside the namespace`, () => {
      const o = objs();
      for (const svc of SERVICES) {
        for (const rule of netpol(o, `moderation-${svc}`).ingress ?? []) {
          const ports = (rule.ports ?? []).map((p) => p.port);
          const fromAnywhere = !rule.from || rule.from.length === 0;
          const fromOtherNamespaces = fromAnywhere || (rule.from ?? []).some((p) => p.namespaceSelector || p.ipBlock);
          if (!fromOtherNamespaces) continue;
          if (ports.length === 1 && ports[0] === 9464 && !fromAnywhere) continue; // Prometheus scraping
          expect(svc, JSON.stringify(rule)).toBe('gateway');
          expect(ports).toEqual([8080]);
        }
      }
    });

    it(`${name} values: only ingest and webhook-dispatcher reach the internet`, () => {
      const o = objs();
      const models = name === 'dev' ? ['vision-inference'] : []; // models.source=initContainer
      for (const svc of SERVICES) {
        const rules = netpol(o, `moderation-${svc}`).egress ?? [];
        const internet = rules.filter((r) => (r.to ?? []).some((p) => p.ipBlock?.cidr === '0.0.0.0/0'));
        const anyDest = rules.filter((r) => !r.to || r.to.length === 0);
        // Rules without destinations are only the OTLP ports.
        for (const r of anyDest) expect((r.ports ?? []).map((p) => p.port), svc).toEqual([4317, 4318]);
        if (svc === 'ingest' || svc === 'webhook-dispatcher' || models.includes(svc)) {
          expect(internet.length, svc).toBe(1);
          const except = (internet[0]?.to ?? []).flatMap((p) => p.ipBlock?.except ?? []);
          expect(except).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', 'fc00::/7']));
        } else {
          expect(internet, svc).toEqual([]);
        }
      }
    });
  }

  it('gRPC ingress and egress follow the call graph', () => {
    const sel = (rule: Rule | undefined, key: 'from' | 'to'): string[] =>
      (rule?.[key] ?? []).map((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/component'] ?? '?').sort();
    const grpcIn = (svc: string): Rule | undefined =>
      netpol(defaults, `moderation-${svc}`).ingress?.find((r) => r.ports?.some((p) => p.port === 50051));
    const grpcOut = (svc: string): Rule | undefined =>
      netpol(defaults, `moderation-${svc}`).egress?.find((r) => r.ports?.some((p) => p.port === 50051));
    expect(sel(grpcOut('gateway'), 'to')).toEqual(['ingest', 'moderator', 'policy-scorer', 'vision-inference', 'webhook-dispatcher']);
    expect(sel(grpcOut('vision-inference'), 'to')).toEqual(['text-toxicity']);
    expect(sel(grpcOut('speech-to-text'), 'to')).toEqual(['text-toxicity']);
    expect(sel(grpcIn('text-toxicity'), 'from')).toEqual(['speech-to-text', 'vision-inference']);
    // policy-scorer has example images of custom categories embedded by vision-inference.
    expect(sel(grpcOut('policy-scorer'), 'to')).toEqual(['vision-inference']);
    expect(sel(grpcIn('vision-inference'), 'from')).toEqual(['gateway', 'policy-scorer']);
    for (const svc of ['ingest', 'moderator', 'policy-scorer', 'webhook-dispatcher']) expect(sel(grpcIn(svc), 'from')).toEqual(['gateway']);
    for (const svc of ['frame-extractor', 'gateway']) expect(grpcIn(svc), svc).toBeUndefined();
  });

  it('every pod reaches DNS, NATS and MongoDB', () => {
    for (const svc of SERVICES) {
      const ports = (netpol(dev, `moderation-${svc}`).egress ?? []).flatMap((r) => (r.ports ?? []).map((p) => p.port));
      expect(ports, svc).toEqual(expect.arrayContaining([53, 4222, 27017, 4318]));
    }
    // In-chart NATS takes clients from the release and the KEDA operator on its monitoring port.
    const nats = netpol(dev, 'moderation-nats');
    expect((nats.ingress ?? []).flatMap((r) => (r.ports ?? []).map((p) => p.port)).sort()).toEqual([4222, 8222]);
  });

  it('EGRESS_ALLOW_CIDRS opens those ranges for ingest and webhook-dispatcher only', () => {
    const objs = render({ set: ['config.egressAllowCidrs=10.1.2.0/24'] });
    const has = (svc: string): boolean =>
      (netpol(objs, `moderation-${svc}`).egress ?? []).some((r) => (r.to ?? []).some((p) => p.ipBlock?.cidr === '10.1.2.0/24'));
    expect(has('ingest')).toBe(true);
    expect(has('webhook-dispatcher')).toBe(true);
    expect(has('gateway')).toBe(false);
    const env = main(objs, 'ingest').env ?? [];
    expect(env).toContainEqual({ name: 'EGRESS_ALLOW_CIDRS', value: '10.1.2.0/24' });
  });

  it('can be turned off', () => {
    expect(byKind(render({ set: ['networkPolicy.enabled=false'] }), 'NetworkPolicy')).toEqual([]);
  });
});

describe('security', () => {
  it.each([
    ['default', []],
    ['gpu', VALUES_FILES.gpu],
    ['dev', VALUES_FILES.dev],
    ['in-chart NATS and MongoDB', ['nats.enabled=true', 'mongodb.enabled=true']],
  ] as const)('no container runs as root (%s values)', (name, arg) => {
    const objs = name === 'in-chart NATS and MongoDB' ? render({ set: [...arg] }) : render({ valuesFiles: [...(arg ?? [])] });
    const workloads = objs.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
    expect(workloads.length).toBeGreaterThanOrEqual(9);
    for (const w of workloads) {
      const s = podSpecOf(w) as PodSpec;
      for (const c of [...s.containers, ...(s.initContainers ?? [])]) {
        const where = `${w.metadata.name}/${c.name}`;
        const nonRoot = c.securityContext?.runAsNonRoot ?? s.securityContext?.runAsNonRoot;
        const uid = c.securityContext?.runAsUser ?? s.securityContext?.runAsUser;
        expect(nonRoot, where).toBe(true);
        expect(uid, where).toBeGreaterThan(0);
        expect(c.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(c.securityContext?.readOnlyRootFilesystem, where).toBe(true);
        expect(c.securityContext?.privileged, where).not.toBe(true);
        expect(c.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
      }
      expect(s.securityContext?.seccompProfile, w.metadata.name).toEqual({ type: 'RuntimeDefault' });
      expect(s.automountServiceAccountToken, w.metadata.name).toBe(false);
    }
  });

  it('writable paths are emptyDirs at /tmp and DATA_DIR', () => {
    for (const svc of SERVICES) {
      const mounts = Object.fromEntries((main(defaults, svc).volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
      expect(mounts['/tmp'], svc).toBe('tmp');
      expect(mounts['/var/lib/modsvc'], svc).toBe('data');
      const vols = Object.fromEntries((spec(defaults, svc).volumes ?? []).map((v) => [v.name, v]));
      expect(vols.tmp?.emptyDir, svc).toBeDefined();
      expect(vols.data?.emptyDir, svc).toBeDefined();
    }
  });
});

describe('service wiring', () => {
  it('every service runs its entry point with gRPC health probes, ports, PDB and spread', () => {
    for (const svc of SERVICES) {
      const c = main(defaults, svc);
      expect(c.command).toEqual(['node', `services/${svc}/index.js`]);
      for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) expect(probe?.grpc, svc).toEqual({ port: 50051 });
      const ports = (c.ports ?? []).map((p) => p.containerPort).sort();
      expect(ports, svc).toEqual(svc === 'gateway' ? [50051, 8080, 9464] : [50051, 9464]);
      expect(c.resources?.requests?.cpu, svc).toBeDefined();
      expect(c.resources?.limits?.memory, svc).toBeDefined();
      const pdb = find(defaults, 'PodDisruptionBudget', `moderation-${svc}`);
      expect(matches((pdb.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, podLabelsOf(dep(defaults, svc)))).toBe(true);
      const keys = ((spec(defaults, svc).topologySpreadConstraints ?? []) as { topologyKey: string }[]).map((t) => t.topologyKey);
      expect(keys, svc).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    }
  });

  it('a LoadBalancer exposes only the REST port of the gateway', () => {
    expect(byKind(defaults, 'Service').map((s) => s.metadata.name)).not.toContain('moderation-gateway-public');
    const objs = render({ set: ['services.gateway.service.type=LoadBalancer'] });
    const pub = find(objs, 'Service', 'moderation-gateway-public').spec as { type: string; ports: { port: number; targetPort: string }[] };
    expect(pub.type).toBe('LoadBalancer');
    expect(pub.ports.map((p) => p.targetPort)).toEqual(['http']);
    for (const svc of byKind(objs, 'Service').filter((s) => s.metadata.name !== 'moderation-gateway-public')) {
      expect((svc.spec as { type: string }).type, svc.metadata.name).toBe('ClusterIP');
    }
  });

  it('the ConfigMap carries the shared settings and every gRPC address', () => {
    const cm = find(defaults, 'ConfigMap', 'moderation-config').data ?? {};
    expect(cm).toMatchObject({
      NATS_URL: 'nats://nats.nats.svc.cluster.local:4222',
      GRPC_PORT: '50051',
      METRICS_PORT: '9464',
      DATA_DIR: '/var/lib/modsvc',
      HOME: '/tmp',
      OTEL_TRACES_EXPORTER: 'none',
      INGEST_ADDR: 'moderation-ingest:50051',
      TEXT_TOXICITY_ADDR: 'moderation-text-toxicity:50051',
      SPEECH_TO_TEXT_ADDR: 'moderation-speech-to-text:50051',
      VISION_INFERENCE_ADDR: 'moderation-vision-inference:50051',
      MODERATOR_ADDR: 'moderation-moderator:50051',
      WEBHOOK_DISPATCHER_ADDR: 'moderation-webhook-dispatcher:50051',
    });
    for (const svc of SERVICES) {
      const from = (main(defaults, svc).envFrom ?? []) as { configMapRef?: { name: string } }[];
      expect(from.map((f) => f.configMapRef?.name), svc).toEqual(['moderation-config']);
    }
    const otel = find(render({ set: ['otel.endpoint=http://otel:4318'] }), 'ConfigMap', 'moderation-config').data ?? {};
    expect(otel).toMatchObject({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' });
  });

  it('secrets reach only the services that need them', () => {
    const envNames = (objs: K8sObject[], svc: string): string[] => (main(objs, svc).env ?? []).map((e) => e.name);
    expect(envNames(defaults, 'gateway')).toEqual(expect.arrayContaining(['TOKEN_SIGNING_KEY', 'TENANTS_FILE', 'MONGODB_URL', 'PORT']));
    for (const svc of SERVICES.filter((s) => s !== 'gateway')) expect(envNames(defaults, svc), svc).not.toContain('TOKEN_SIGNING_KEY');
    expect(envNames(defaults, 'webhook-dispatcher')).toContain('TENANTS_FILE');
    for (const svc of ['ingest', 'frame-extractor', 'vision-inference', 'speech-to-text', 'text-toxicity']) {
      expect(envNames(defaults, svc), svc).not.toContain('TENANTS_FILE');
    }
    const token = (main(defaults, 'gateway').env ?? []).find((e) => e.name === 'TOKEN_SIGNING_KEY');
    expect(token?.valueFrom).toEqual({ secretKeyRef: { name: 'moderation-token', key: 'token-signing-key' } });
  });

  it('generates a token key and a service key, keeps given ones, and references existing Secrets', () => {
    const generated = find(defaults, 'Secret', 'moderation-token').stringData?.['token-signing-key'] ?? '';
    expect(generated).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(find(defaults, 'Secret', 'moderation-service-auth').stringData?.['service-auth-key']).toMatch(/^[A-Za-z0-9]{64}$/);
    // Every service signs and checks internal calls with the same key, and listens beyond loopback only with it.
    for (const service of ['gateway', 'ingest', 'vision-inference', 'webhook-dispatcher']) {
      expect((main(defaults, service).env ?? []).find((e) => e.name === 'SERVICE_AUTH_KEY')?.valueFrom).toEqual({ secretKeyRef: { name: 'moderation-service-auth', key: 'service-auth-key' } });
    }
    expect(find(defaults, 'ConfigMap', 'moderation-config').data?.GRPC_HOST).toBe('0.0.0.0');
    expect(find(defaults, 'Secret', 'moderation-tenants').stringData?.['tenants.json']).toBe('{"tenants":[]}');
    const tenants = '{"tenants":[{"id":"acme","api_key_sha256":["ab"],"signing_secret":"s","tier":"standard"}]}';
    const given = render({ set: ['secrets.tokenSigningKey.value=k3y'], valuesFiles: [] });
    expect(find(given, 'Secret', 'moderation-token').stringData?.['token-signing-key']).toBe('k3y');
    const dir = mkdtempSync(join(tmpdir(), 'modsvc-chart-'));
    const valuesFile = join(dir, 'tenants-values.yaml');
    writeFileSync(valuesFile, stringify({ secrets: { tenants: { json: tenants } } }));
    const withTenants = render({ valuesFiles: [valuesFile] });
    rmSync(dir, { recursive: true, force: true });
    expect(JSON.parse(find(withTenants, 'Secret', 'moderation-tenants').stringData?.['tenants.json'] ?? '')).toEqual(JSON.parse(tenants));
    const existing = render({ set: ['secrets.tenants.existingSecret=t', 'secrets.tokenSigningKey.existingSecret=k', 'secrets.serviceAuthKey.existingSecret=s', 'externalMongodb.existingSecret=m', 'externalMongodb.existingSecretKey=uri'] });
    expect(byKind(existing, 'Secret')).toEqual([]);
    const env = main(existing, 'gateway').env ?? [];
    expect(env.find((e) => e.name === 'TOKEN_SIGNING_KEY')?.valueFrom).toEqual({ secretKeyRef: { name: 'k', key: 'token-signing-key' } });
    expect(env.find((e) => e.name === 'MONGODB_URL')?.valueFrom).toEqual({ secretKeyRef: { name: 'm', key: 'uri' } });
    expect(env.find((e) => e.name === 'SERVICE_AUTH_KEY')?.valueFrom).toEqual({ secretKeyRef: { name: 's', key: 'service-auth-key' } });
    const tenantsVol = (spec(existing, 'gateway').volumes ?? []).find((v) => v.name === 'tenants') as unknown as { secret: { secretName: string } };
    expect(tenantsVol.secret.secretName).toBe('t');
    const none = render({ set: ['secrets.create=false'] });
    expect(byKind(none, 'Secret').map((s) => s.metadata.name)).toEqual(['moderation-mongodb']);
  });

  it('dev values run NATS with JetStream and MongoDB in the chart', () => {
    const nats = find(dev, 'StatefulSet', 'moderation-nats');
    const args = (podSpecOf(nats) as PodSpec).containers[0]?.args as string[];
    expect(args).toEqual(expect.arrayContaining(['--jetstream', '--http_port=8222']));
    find(dev, 'StatefulSet', 'moderation-mongodb');
    expect(find(dev, 'ConfigMap', 'moderation-config').data?.NATS_URL).toBe('nats://moderation-nats.moderation.svc.cluster.local:4222');
    const mongo = (main(dev, 'policy-scorer').env ?? []).find((e) => e.name === 'MONGODB_URL');
    expect(mongo?.value).toBe('mongodb://moderation-mongodb.moderation.svc.cluster.local:27017/modsvc');
  });
});

describe('models', () => {
  it('default: a claim filled by the models Job, mounted read-only into vision-inference', () => {
    const pvc = find(defaults, 'PersistentVolumeClaim', 'moderation-models');
    expect(pvc.metadata.annotations?.['helm.sh/resource-policy']).toBe('keep');
    const jobs = byKind(defaults, 'Job');
    expect(jobs).toHaveLength(1);
    const jc = (podSpecOf(jobs[0] as K8sObject) as PodSpec).containers[0] as Container;
    expect(jc.command).toEqual(['make', 'models']);
    expect(jc.image).toMatch(/modsvc-models:/);
    expect(jc.env).toContainEqual({ name: 'MODEL_DIR', value: '/models' });
    const mount = (main(defaults, 'vision-inference').volumeMounts ?? []).find((m) => m.name === 'models');
    expect(mount).toEqual({ name: 'models', mountPath: '/models', readOnly: true });
    expect(main(defaults, 'vision-inference').env).toContainEqual({ name: 'MODEL_DIR', value: '/models' });
    // The Job may download; it takes no ingress.
    const np = netpol(defaults, 'moderation-models');
    expect(np.ingress).toBeUndefined();
    expect((np.egress ?? []).some((r) => (r.to ?? []).some((p) => p.ipBlock?.cidr === '0.0.0.0/0'))).toBe(true);
    // Another model set: another (immutable) Job name.
    const other = byKind(render({ set: ['models.set=full'] }), 'Job')[0];
    expect(other?.metadata.name).not.toBe(jobs[0]?.metadata.name);
  });

  it('initContainer source: each pod fetches into an emptyDir, no claim and no Job', () => {
    const s = spec(dev, 'vision-inference');
    expect(s.initContainers?.map((c) => c.name)).toEqual(['fetch-models']);
    expect((s.volumes ?? []).find((v) => v.name === 'models')?.emptyDir).toBeDefined();
    expect(byKind(dev, 'Job')).toEqual([]);
    expect(byKind(dev, 'PersistentVolumeClaim')).toEqual([]);
  });
});

describe('alerts, dashboards and docs', () => {
  it('every alert of the PrometheusRule has a runbook in docs/operations.md', () => {
    const rule = find(gpu, 'PrometheusRule', 'moderation');
    const alerts = (rule.spec as { groups: { rules: { alert: string; annotations: { runbook_url: string } }[] }[] }).groups.flatMap((g) => g.rules);
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining(['ModsvcJobFailureRateHigh', 'ModsvcConsumerLagHigh', 'ModsvcWebhookDeliveriesGivingUp', 'ModsvcWebhookRetryRatioHigh']),
    );
    const ops = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
    for (const a of alerts) {
      expect(ops, a.alert).toMatch(new RegExp(`^### ${a.alert}$`, 'm'));
      expect(a.annotations.runbook_url.endsWith(`#${a.alert.toLowerCase()}`)).toBe(true);
    }
  });

  it('docs/kubernetes.md walks from helm install to a classified image', () => {
    const doc = readFileSync(join(repoRoot, 'docs/kubernetes.md'), 'utf8');
    for (const step of ['helm install', 'BASE=http://127.0.0.1:8080/v1', '$BASE/authenticate -d key=', '$BASE/classify/items-characteristics/image', 'Authorization: Bearer', 'status']) {
      expect(doc, step).toContain(step);
    }
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  // Stages: name -> lines (continuations joined).
  const stages = new Map<string, { from: string; lines: string[] }>();
  let current: { from: string; lines: string[] } | null = null;
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const m = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (m) {
      current = { from: m[1] as string, lines: [] };
      stages.set(m[2] ?? `stage${stages.size}`, current);
    } else if (current && line.trim() && !line.trim().startsWith('#')) current.lines.push(line.trim());
  }
  const args = Object.fromEntries([...text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));
  const resolveImage = (from: string): string => from.replace(/\$\{(\w+)\}/g, (_, n: string) => args[n] ?? `<unset ${n}>`);
  const RUNTIME = ['service', 'vision-cpu', 'vision-cuda'];

  it('has the service, vision-cpu, vision-cuda and models targets', () => {
    for (const t of [...RUNTIME, 'models']) expect(stages.has(t), t).toBe(true);
  });

  it('pins every external base image to a version tag', () => {
    for (const [name, s] of stages) {
      if (stages.has(s.from)) continue; // built on an earlier stage
      const image = resolveImage(s.from);
      expect(image, name).toMatch(/^[\w./-]+:[\w.-]*\d[\w.-]*(@sha256:[a-f0-9]{64})?$/);
      expect(image, name).not.toMatch(/:latest$/);
    }
  });

  it('runtime stages run as a non-root user and install no build tools', () => {
    const chain = (name: string): string[] => {
      const out: string[] = [];
      for (let n: string | undefined = name; n && stages.has(n); n = stages.get(n)?.from) out.push(...(stages.get(n)?.lines ?? []));
      return out;
    };
    for (const t of RUNTIME) {
      const lines = chain(t);
      const user = [...(stages.get(t)?.lines ?? [])].reverse().find((l) => l.startsWith('USER '));
      expect(user, t).toMatch(/^USER\s+[1-9]\d*(:\d+)?$/);
      const installs = lines.filter((l) => /apt-get install|apk add/.test(l)).join(' ');
      for (const tool of ['build-essential', 'gcc', 'g++', ' make', 'python3', 'git', 'curl', 'wget']) expect(installs, `${t}: ${tool}`).not.toContain(tool);
    }
  });

  it('does not bake models into the images', () => {
    expect(text).not.toMatch(/COPY[^\n]*models?\//i);
    expect(text).not.toMatch(/RUN[^\n]*make models/);
  });
});
