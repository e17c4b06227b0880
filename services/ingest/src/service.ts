// Ingest: creates jobs from uploads and URLs, stores the media, and starts the pipeline.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ApiError, PermanentJobError } from '@modsvc/common/errors';
import type { IngestApi, JobView, SubmitOptions, UploadedFile } from '@modsvc/common/contracts';
import { newQueuedJob, type JobRecord, type MediaKind, type Product } from '@modsvc/common/jobs';
import { stageDeps, type Runtime } from '@modsvc/common/host';
import { mediaKeys } from '@modsvc/common/media/types';
import { EgressError, resolveAndCheck, safeFetch } from '@modsvc/common/egress';
import { checkCallbackUrl } from '@modsvc/common/callback-url';
import { sniffMedia, looksLikeText } from '@modsvc/common/sniff';
import { jobsSubmitted } from '@modsvc/common/metrics';
import { runStage, loadQueuedJob } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';
import { newJobId } from './ids.ts';
import { SubmitKeys } from './idempotency.ts';
import type { AdmissionControl } from './admission.ts';
import { acceptedTypes, describeAccepted, formatBytes, maxBytesFor } from './limits.ts';

const SNIFF_BYTES = 4096;
/** A submitted URL whose host resolves to a refused address gets a 422 at once; the fetch checks again. */
const SUBMIT_DNS_TIMEOUT_MS = 2000;

export interface Ingest extends IngestApi {
  startConsumers(): Promise<Consumer[]>;
  /** Re-publishes the entry message of queued jobs not updated for `olderThanMs` (lost messages, restarts). */
  redrive(olderThanMs: number): Promise<number>;
}

export function createIngest(rt: Runtime, admission: AdmissionControl): Ingest {
  const deps = stageDeps(rt);
  const keys = new SubmitKeys(rt.store);

  function newRecord(id: string, opts: SubmitOptions, source: JobRecord['source'], url: string): JobRecord {
    return newQueuedJob({
      id,
      tenantId: opts.tenantId,
      product: opts.product,
      media: opts.media,
      source,
      url,
      caption: opts.caption,
      callbackUrl: opts.callbackUrl,
      createdAt: new Date(),
      retentionDays: rt.config.RESULT_RETENTION_DAYS,
    });
  }

  function checkSniffed(media: MediaKind, head: Buffer, what: string): string {
    const sniffed = sniffMedia(head);
    if (!acceptedTypes(media).includes(sniffed.mime)) {
      const seen = sniffed.kind !== 'unknown' ? sniffed.mime : looksLikeText(head) ? 'text' : 'an unrecognised format';
      throw new ApiError('unsupported_media_type', `${what} is ${seen}, not a supported ${media}; send ${describeAccepted(media)}.`);
    }
    return sniffed.mime;
  }

  async function checkCallback(url: string | null): Promise<void> {
    if (url) await checkCallbackUrl(url, rt.guard);
  }

  async function readHead(path: string): Promise<Buffer> {
    const fh = await fs.promises.open(path, 'r');
    try {
      const buf = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  /**
   * Creates a job with `create` unless the idempotency key already names one (then that job is the
   * answer). Admission control decides first; a key claimed for a job that fails to be created is freed.
   */
  async function createOnce(opts: SubmitOptions, create: (id: string) => Promise<void>): Promise<{ jobId: string; created: boolean }> {
    await admission.admit();
    const claimed = await keys.claim(opts, newJobId);
    if ('jobId' in claimed) {
      rt.log.info({ job_id: claimed.jobId, tenant: opts.tenantId }, 'repeated submit answered with the job of its idempotency key');
      return { jobId: claimed.jobId, created: false };
    }
    const id = claimed.create;
    try {
      await create(id);
    } catch (err) {
      await keys.release(opts, id).catch((releaseErr: unknown) => rt.log.warn({ err: releaseErr, job_id: id }, 'could not free an idempotency key'));
      throw err;
    }
    return { jobId: id, created: true };
  }

  const ingest: Ingest = {
    async submitUpload(opts, file: UploadedFile) {
      const earlier = await keys.earlier(opts);
      if (earlier) return earlier;
      await checkCallback(opts.callbackUrl);
      if (file.size === 0) throw new ApiError('invalid_request', 'The uploaded file is empty (0 bytes).');
      const max = maxBytesFor(opts.media, rt.config);
      if (file.size > max) {
        throw new ApiError('payload_too_large', `The ${opts.media} is ${formatBytes(file.size)}; the limit is ${formatBytes(max)}.`);
      }
      const mime = checkSniffed(opts.media, await readHead(file.path), 'The uploaded file');
      const { jobId: id, created } = await createOnce(opts, async (id) => {
        const mediaKey = mediaKeys.source(id);
        await rt.media.put(mediaKey, fs.createReadStream(file.path));
        const record = newRecord(id, opts, { kind: 'upload', filename: file.filename, declaredType: file.declaredType, size: file.size }, file.filename);
        record.mediaKey = mediaKey;
        record.mediaType = mime;
        record.contentSha256 = await sha256OfFile(file.path);
        await rt.store.create(record);
      });
      if (!created) return { jobId: id };
      await rt.bus.publish('pipeline.extract', { jobId: id }, { msgId: `extract-${id}` });
      jobsSubmitted.inc({ product: opts.product, media: opts.media });
      rt.log.info({ job_id: id, tenant: opts.tenantId, product: opts.product, media: opts.media, bytes: file.size }, 'job submitted (upload)');
      return { jobId: id };
    },

    async submitUrl(opts, url) {
      const earlier = await keys.earlier(opts);
      if (earlier) return earlier;
      await checkCallback(opts.callbackUrl);
      try {
        await resolveAndCheck(url, rt.guard, { timeoutMs: SUBMIT_DNS_TIMEOUT_MS });
      } catch (err) {
        if (err instanceof EgressError && err.code !== 'unreachable') throw new ApiError('invalid_request', `url is not fetchable: ${err.message}`);
        if (!(err instanceof EgressError)) throw new ApiError('invalid_request', `url is not fetchable: ${(err as Error).message}`);
        // DNS failures are reported on the job: the host may resolve later when the fetch runs.
      }
      const { jobId: id, created } = await createOnce(opts, (id) => rt.store.create(newRecord(id, opts, { kind: 'url', url }, url)));
      if (!created) return { jobId: id };
      await rt.bus.publish('pipeline.fetch', { jobId: id }, { msgId: `fetch-${id}` });
      jobsSubmitted.inc({ product: opts.product, media: opts.media });
      rt.log.info({ job_id: id, tenant: opts.tenantId, product: opts.product, media: opts.media }, 'job submitted (url)');
      return { jobId: id };
    },

    async getJob(tenantId: string, jobId: string, product: Product, media: MediaKind): Promise<JobView | null> {
      const job = await rt.store.getForTenant(tenantId, jobId);
      if (!job || job.product !== product || job.media !== media) return null;
      return { jobId: job.id, status: job.status, msg: job.msg, results: job.status === 'done' ? job.results : null };
    },

    async startConsumers() {
      const fetchConsumer = await runStage(deps, {
        stage: 'fetch',
        subject: 'pipeline.fetch',
        durable: 'ingest-fetch',
        concurrency: 4,
        maxAttempts: 3,
        handle: async ({ jobId }) => {
          const job = await loadQueuedJob(deps, jobId);
          if (!job || job.source.kind !== 'url') return;
          if (!job.mediaKey) {
            const max = maxBytesFor(job.media, rt.config);
            let body: Buffer;
            try {
              const res = await safeFetch(job.source.url, { guard: rt.guard, maxBytes: max, timeoutMs: rt.config.FETCH_TIMEOUT_MS });
              if (res.status < 200 || res.status >= 300) throw new PermanentJobError(`Could not fetch url: the server answered HTTP ${res.status}.`);
              body = res.body;
            } catch (err) {
              if (err instanceof EgressError) throw new PermanentJobError(`Could not fetch url: ${err.message}`);
              throw err;
            }
            if (body.length === 0) throw new PermanentJobError('Could not fetch url: the response body is empty.');
            let mime: string;
            try {
              mime = checkSniffed(job.media, body.subarray(0, SNIFF_BYTES), 'The content at url');
            } catch (err) {
              throw new PermanentJobError((err as Error).message);
            }
            const mediaKey = mediaKeys.source(job.id);
            await rt.media.put(mediaKey, body);
            await rt.store.update(job.id, { mediaKey, mediaType: mime, contentSha256: crypto.createHash('sha256').update(body).digest('hex') });
          }
          await rt.bus.publish('pipeline.extract', { jobId: job.id }, { msgId: `extract-${job.id}` });
        },
      });
      return [fetchConsumer];
    },

    async redrive(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      const jobs = await rt.store.listUnfinished(1000);
      let count = 0;
      for (const job of jobs) {
        if (job.updatedAt.getTime() > cutoff) continue;
        if (!job.mediaKey) await rt.bus.publish('pipeline.fetch', { jobId: job.id });
        else await rt.bus.publish('pipeline.extract', { jobId: job.id });
        count++;
      }
      const pending = await rt.store.listPendingWebhooks(1000);
      for (const job of pending) {
        if ((job.finishedAt?.getTime() ?? 0) > cutoff) continue;
        await rt.bus.publish('pipeline.finished', { jobId: job.id });
        count++;
      }
      if (count) rt.log.info({ count }, 're-drove unfinished jobs and pending webhooks');
      return count;
    },
  };
  return ingest;
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(path), hash);
  return hash.digest('hex');
}
