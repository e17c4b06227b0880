// Environment configuration shared by every service. Names are part of the operator contract.
import path from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Listen address of the REST edge: all-in-one defaults to 127.0.0.1, the gateway service to 0.0.0.0. */
  HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
  DATA_DIR: z.string().default('./data'),
  TENANTS_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  TOKEN_SIGNING_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  EGRESS_ALLOW_CIDRS: csv,
  NATS_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  MONGODB_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  INGEST_ADDR: z.string().default('127.0.0.1:50051'),
  TEXT_TOXICITY_ADDR: z.string().default('127.0.0.1:50051'),
  SPEECH_TO_TEXT_ADDR: z.string().default('127.0.0.1:50051'),
  VISION_INFERENCE_ADDR: z.string().default('127.0.0.1:50051'),
  MODERATOR_ADDR: z.string().default('127.0.0.1:50051'),
  WEBHOOK_DISPATCHER_ADDR: z.string().default('127.0.0.1:50051'),
  RESULT_RETENTION_DAYS: z.coerce.number().positive().default(30),
  MEDIA_RETENTION_HOURS: z.coerce.number().positive().default(24),
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  MAX_VIDEO_SECONDS: z.coerce.number().positive().default(180),
  FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Requests per minute per tenant at the gateway. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  VIDEO_FRAMES_PER_SECOND: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.string().default('info'),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
