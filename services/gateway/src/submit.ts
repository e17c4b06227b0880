// Hands a classification submit to ingest: the classify routes, and POST /v1/moderate when it is sent
// the content itself, go through here.
import type { IngestApi, SubmitIdempotency } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import type { MediaKind, Product } from '@modsvc/common/jobs';
import { withSpan } from '@modsvc/common/tracing';

export interface ClassificationSubmit {
  tenantId: string;
  product: Product;
  media: MediaKind;
  url: string | null;
  caption: string | null;
  callbackUrl: string | null;
  /** The uploaded file on disk (the caller deletes it afterwards). */
  file: Express.Multer.File | undefined;
  idempotency: SubmitIdempotency | undefined;
}

/** The new job's id (or, for a repeated Idempotency-Key, the first job's). */
export async function submitClassification(ingest: IngestApi, s: ClassificationSubmit): Promise<string> {
  const { file, url, product, media } = s;
  if (file && url) throw new ApiError('invalid_request', 'Send either "file" or "url", not both.');
  const opts = { tenantId: s.tenantId, product, media, caption: s.caption, callbackUrl: s.callbackUrl, idempotency: s.idempotency };
  return withSpan('gateway submit', { 'modsvc.product': product, 'modsvc.media': media }, async () => {
    if (file) {
      const upload = { path: file.path, filename: file.originalname || 'upload', declaredType: file.mimetype || null, size: file.size };
      return (await ingest.submitUpload(opts, upload)).jobId;
    }
    if (url) return (await ingest.submitUrl(opts, url)).jobId;
    throw new ApiError('invalid_request', `Send the ${media} as a multipart field "file" or its address as the field "url".`);
  });
}
