// Ingest over gRPC: the server side wraps createIngest(); the client implements IngestApi for the gateway.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { once } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type IngestHandlers, type JobOptions__Output, type JobView__Output, type SubmitReply__Output, type UploadPart__Output } from '@modsvc/protos';
import { ApiError, toGrpcError } from '@modsvc/common/errors';
import { clientOptions, callUnary, traceContextOf, traceMetadata, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import { context } from '@opentelemetry/api';
import type { IngestApi, SubmitOptions, UploadedFile } from '@modsvc/common/contracts';
import type { MediaKind, Product } from '@modsvc/common/jobs';
import { parseJobResults } from '@modsvc/common/domain/index';

const PRODUCTS: Record<string, Product> = { ITEMS: 'items', POLICY: 'policy' };
const MEDIA: Record<string, MediaKind> = { IMAGE: 'image', VIDEO: 'video' };
const CHUNK_BYTES = 1024 * 1024;

function fromProtoOptions(o: JobOptions__Output | null): SubmitOptions {
  const product = PRODUCTS[o?.product ?? ''];
  const media = MEDIA[o?.media ?? ''];
  if (!o || !product || !media || !o.tenantId) throw new ApiError('invalid_request', 'job options need tenant, product and media');
  const options: SubmitOptions = { tenantId: o.tenantId, product, media, caption: o.caption || null, callbackUrl: o.callbackUrl || null };
  if (o.idempotencyKey) {
    if (!/^[0-9a-f]{64}$/.test(o.fingerprint)) throw new ApiError('invalid_request', 'an idempotency key needs the sha256 fingerprint of the submit');
    options.idempotency = { key: o.idempotencyKey, fingerprint: o.fingerprint };
  }
  return options;
}

const toProtoProduct = (p: Product) => (p === 'items' ? 'ITEMS' : 'POLICY') as 'ITEMS' | 'POLICY';
const toProtoMedia = (m: MediaKind) => (m === 'image' ? 'IMAGE' : 'VIDEO') as 'IMAGE' | 'VIDEO';

function toProtoOptions(o: SubmitOptions) {
  return {
    tenantId: o.tenantId,
    product: toProtoProduct(o.product),
    media: toProtoMedia(o.media),
    caption: o.caption ?? '',
    callbackUrl: o.callbackUrl ?? '',
    idempotencyKey: o.idempotency?.key ?? '',
    fingerprint: o.idempotency?.fingerprint ?? '',
  };
}

export function ingestBinding(api: IngestApi, tmpDir = os.tmpdir()): GrpcBinding {
  const handlers: IngestHandlers = {
    SubmitUpload: (call, callback) => {
      const file = path.join(tmpDir, `upload-${crypto.randomBytes(8).toString('hex')}`);
      const out = fs.createWriteStream(file);
      let header: UploadPart__Output['header'] = null;
      let size = 0;
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        out.destroy();
        fs.promises.rm(file, { force: true }).catch(() => undefined);
        callback(toGrpcError(err));
      };
      call.on('data', (part: UploadPart__Output) => {
        if (part.header) header = part.header;
        else if (part.chunk) {
          size += part.chunk.length;
          if (!out.write(part.chunk)) {
            call.pause();
            out.once('drain', () => call.resume());
          }
        }
      });
      call.on('error', fail);
      call.on('end', async () => {
        try {
          out.end();
          await once(out, 'close');
          const h = header as UploadPart__Output['header'];
          if (!h) throw new ApiError('invalid_request', 'upload without header');
          const upload = { path: file, filename: h.filename, declaredType: h.declaredContentType || null, size };
          const options = fromProtoOptions(h.options);
          const reply = await context.with(traceContextOf(call.metadata), () => api.submitUpload(options, upload));
          callback(null, reply);
        } catch (err) {
          fail(err);
          return;
        } finally {
          fs.promises.rm(file, { force: true }).catch(() => undefined);
        }
      });
    },
    SubmitUrl: unaryHandler(async (req) => api.submitUrl(fromProtoOptions(req.options), req.url)),
    GetJob: unaryHandler(async (req) => {
      const job = await api.getJob(req.tenantId, req.jobId, PRODUCTS[req.product] ?? 'items', MEDIA[req.media] ?? 'image');
      if (!job) throw new ApiError('not_found', `No job ${req.jobId} for this account.`);
      return {
        jobId: job.jobId,
        status: job.status,
        msg: job.msg ?? '',
        hasMsg: job.msg !== null,
        resultsJson: job.results ? JSON.stringify(job.results) : '',
      };
    }),
  };
  return { name: 'moderation.v1.Ingest', definition: moderationGrpc().Ingest.service, handlers, callers: callersOf('moderation.v1.Ingest') };
}

export function ingestClient(address: string, auth: ServiceAuth | null): IngestApi {
  const client = new (moderationGrpc().Ingest)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    submitUpload(opts, file: UploadedFile) {
      return new Promise((resolve, reject) => {
        const stream = client.SubmitUpload(traceMetadata(), { deadline: Date.now() + 300_000 }, (err, reply) => {
          if (err) reject(ApiError.fromGrpc(err));
          else resolve({ jobId: reply!.jobId });
        });
        stream.write({ header: { options: toProtoOptions(opts), filename: file.filename, declaredContentType: file.declaredType ?? '', size: String(file.size) } });
        const input = fs.createReadStream(file.path, { highWaterMark: CHUNK_BYTES });
        input.on('data', (chunk) => {
          if (!stream.write({ chunk })) {
            input.pause();
            stream.once('drain', () => input.resume());
          }
        });
        input.on('end', () => stream.end());
        input.on('error', (err) => {
          stream.cancel();
          reject(err);
        });
      });
    },
    async submitUrl(opts, url) {
      const reply = await callUnary<SubmitReply__Output>((md, o, cb) => client.SubmitUrl({ options: toProtoOptions(opts), url }, md, o, cb));
      return { jobId: reply.jobId };
    },
    async getJob(tenantId, jobId, product, media) {
      try {
        const v = await callUnary<JobView__Output>((md, o, cb) =>
          client.GetJob({ tenantId, jobId, product: toProtoProduct(product), media: toProtoMedia(media) }, md, o, cb),
        );
        return {
          jobId: v.jobId,
          status: v.status as 'queued' | 'done' | 'failed',
          msg: v.hasMsg ? v.msg : null,
          results: v.resultsJson ? parseJobResults(product, JSON.parse(v.resultsJson)) : null,
        };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not_found') return null;
        throw err;
      }
    },
  };
}
