// The one place that reads the environment. Every process parses its typed configuration once at boot
// (the shared settings below, merged with the settings schema of each service it runs) and passes it
// down; nothing else reads `process.env` (an eslint rule enforces it). Names are the operator contract.
import path from 'node:path';
import { z } from 'zod';

export type Environment = Readonly<Record<string, string | undefined>>;

/** The process environment. Only boot code (and command-line tools) call this. */
export function environment(): Environment {
  return process.env;
}

/** Sets variables that libraries read themselves (OpenTelemetry's SDK) unless the operator set them. */
export function setLibraryDefaults(defaults: Record<string, string>): void {
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
}

export const csvList = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

export const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An optional string where an empty value means unset. */
export const optionalString = () => z.preprocess(emptyAsUndefined, z.string().optional());

/** A number with a default, where an empty value means the default. */
export const numberOr = (fallback: number) => z.preprocess(emptyAsUndefined, z.coerce.number().default(fallback));

/** A TCP port; 0 asks the OS for a free one. */
export const port = (fallback: number) => z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

export const JOB_STORES = ['embedded', 'nats-kv', 'mongodb'] as const;
export type JobStoreKind = (typeof JOB_STORES)[number];
export const BUSES = ['memory', 'jetstream'] as const;
export type BusKind = (typeof BUSES)[number];

/**
 * Where each service listens and is reached by default when run alone on one machine: every service has
 * its own gRPC and metrics port, so nine processes started without configuration do not collide.
 */
export const SERVICE_PORTS = {
  gateway: { grpc: 50050, metrics: 9464 },
  ingest: { grpc: 50051, metrics: 9465 },
  'frame-extractor': { grpc: 50052, metrics: 9466 },
  'vision-inference': { grpc: 50053, metrics: 9467 },
  'speech-to-text': { grpc: 50054, metrics: 9468 },
  'text-toxicity': { grpc: 50055, metrics: 9469 },
  'policy-scorer': { grpc: 50056, metrics: 9470 },
  moderator: { grpc: 50057, metrics: 9471 },
  'webhook-dispatcher': { grpc: 50058, metrics: 9472 },
  'all-in-one': { grpc: 50059, metrics: 9473 },
} as const;
export type ServiceName = keyof typeof SERVICE_PORTS;

const loopback = (service: ServiceName) => `127.0.0.1:${SERVICE_PORTS[service].grpc}`;

/** Settings every process shares. `service` picks the default ports. */
export function sharedSettingsSchema(service: ServiceName) {
  return z.object({
    PORT: port(8080),
    /** Listen address of the REST edge: all-in-one defaults to 127.0.0.1, the gateway service to 0.0.0.0. */
    HOST: optionalString(),
    DATA_DIR: z.string().default('./data'),
    TENANTS_FILE: optionalString(),
    TOKEN_SIGNING_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    EGRESS_ALLOW_CIDRS: csvList,
    NATS_URL: optionalString(),
    MONGODB_URL: optionalString(),
    /** Job store; unset: mongodb when MONGODB_URL is set, else nats-kv when NATS_URL is set, else embedded. */
    JOB_STORE: z.preprocess(emptyAsUndefined, z.enum(JOB_STORES).optional()),
    /** Work bus; unset: jetstream when NATS_URL is set, else memory (in-process, one process only). */
    BUS: z.preprocess(emptyAsUndefined, z.enum(BUSES).optional()),
    GRPC_PORT: port(SERVICE_PORTS[service].grpc),
    /** gRPC listen address: loopback unless an operator opens it (the chart sets 0.0.0.0 with SERVICE_AUTH_KEY). */
    GRPC_HOST: z.string().default('127.0.0.1'),
    /** Shared secret that signs service-to-service gRPC calls; required when gRPC listens beyond loopback. */
    SERVICE_AUTH_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    METRICS_PORT: port(SERVICE_PORTS[service].metrics),
    METRICS_HOST: z.string().default('0.0.0.0'),
    /** Bearer token that lets GET /metrics on the gateway's REST port answer (unset: 404 there; all-in-one makes one at start). */
    METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
    INGEST_ADDR: z.string().default(loopback('ingest')),
    TEXT_TOXICITY_ADDR: z.string().default(loopback('text-toxicity')),
    SPEECH_TO_TEXT_ADDR: z.string().default(loopback('speech-to-text')),
    VISION_INFERENCE_ADDR: z.string().default(loopback('vision-inference')),
    MODERATOR_ADDR: z.string().default(loopback('moderator')),
    POLICY_SCORER_ADDR: z.string().default(loopback('policy-scorer')),
    WEBHOOK_DISPATCHER_ADDR: z.string().default(loopback('webhook-dispatcher')),
    RESULT_RETENTION_DAYS: z.coerce.number().positive().default(30),
    /** Days audit records and feedback are kept (decided moderation jobs are kept RESULT_RETENTION_DAYS). */
    AUDIT_RETENTION_DAYS: z.coerce.number().positive().default(365),
    MEDIA_RETENTION_HOURS: z.coerce.number().positive().default(24),
    MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
    MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
    MAX_VIDEO_SECONDS: z.coerce.number().positive().default(180),
    FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Writes (submits, moderate and other POSTs) per minute per tenant at the gateway; a tenant's `limits` in TENANTS_FILE overrides it. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Reads (GET: job polls, models, delivery logs) per minute per tenant; high enough to poll 100 jobs every second. */
    READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
    VIDEO_FRAMES_PER_SECOND: z.coerce.number().positive().default(1),
    /** Ack deadline of stage messages; stages heartbeat while they work, so a crash is noticed this fast. */
    STAGE_ACK_WAIT_MS: z.coerce.number().int().positive().default(30_000),
    LOG_LEVEL: z.string().default('info'),
    /** Tests only: arms fault points (faults.ts), e.g. `moderation.committed:kill@2`. */
    FAULT_POINTS: z.string().default(''),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString(),
    OTEL_TRACES_EXPORTER: optionalString(),
  });
}

type SharedSettings = z.infer<ReturnType<typeof sharedSettingsSchema>>;

/** The shared settings after parsing, with the store and bus resolved and the data directory absolute. */
export type Config = SharedSettings & { dataDir: string; jobStore: JobStoreKind; bus: BusKind };

export class ConfigError extends Error {}

/** Parses a settings schema against the environment; every problem is named in one error. */
export function parseSettings<S extends z.ZodType>(schema: S, env: Environment = environment()): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** Resolves the derived fields and checks the combinations no schema field can check alone. */
export function resolveConfig(s: SharedSettings): Config {
  const jobStore: JobStoreKind = s.JOB_STORE ?? (s.MONGODB_URL ? 'mongodb' : s.NATS_URL ? 'nats-kv' : 'embedded');
  const bus: BusKind = s.BUS ?? (s.NATS_URL ? 'jetstream' : 'memory');
  const problems: string[] = [];
  if (jobStore === 'mongodb' && !s.MONGODB_URL) problems.push('JOB_STORE=mongodb needs MONGODB_URL');
  if (jobStore === 'nats-kv' && !s.NATS_URL) problems.push('JOB_STORE=nats-kv needs NATS_URL');
  if (bus === 'jetstream' && !s.NATS_URL) problems.push('BUS=jetstream needs NATS_URL');
  if (!isLoopbackHost(s.GRPC_HOST) && !s.SERVICE_AUTH_KEY) {
    problems.push(`GRPC_HOST=${s.GRPC_HOST} opens gRPC beyond this machine: set SERVICE_AUTH_KEY (32+ characters, the same in every service)`);
  }
  if (problems.length) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return { ...s, dataDir: path.resolve(s.DATA_DIR), jobStore, bus };
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The shared configuration of a process running `service` (all-in-one included). */
export function loadConfig(env: Environment = environment(), service: ServiceName = 'all-in-one'): Config {
  return resolveConfig(parseSettings(sharedSettingsSchema(service), env));
}
