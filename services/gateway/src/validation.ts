// Edge validation of the submit form fields (multipart or URL-encoded). The `.meta()` annotations
// only describe the fields for the OpenAPI document; they change nothing in validation.
import { z } from 'zod';
import { ApiError } from '@modsvc/common/errors';

export const MAX_CAPTION_BYTES = 256 * 1024;
export const CAPTION_TOO_LARGE = 'caption is over 256 KB (its limit in UTF-8 bytes); shorten it.';

/**
 * An over-long caption is a size problem, answered 413 whichever way the form came (multipart or
 * URL-encoded, before or after the parser's own field limit), not a 422 from the field checks.
 */
export function assertCaptionSize(body: unknown): void {
  const caption = (body as { caption?: unknown } | undefined)?.caption;
  if (typeof caption === 'string' && Buffer.byteLength(caption) > MAX_CAPTION_BYTES) throw new ApiError('payload_too_large', CAPTION_TOO_LARGE);
}

export const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(8192, `${field} is longer than 8192 characters`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${field} must be an absolute http:// or https:// URL`)
    .meta({ format: 'uri' });

export const submitFields = z
  .object({
    url: httpUrl('url').optional().meta({ description: 'Address of the content (http/https). Alternative to file.' }),
    caption: z
      .string()
      .refine((v) => Buffer.byteLength(v) <= MAX_CAPTION_BYTES, 'caption is over 256 KB')
      .optional()
      .meta({ maxLength: MAX_CAPTION_BYTES, description: 'Text shared with the content; scored for toxicity.' }),
    callback_url: httpUrl('callback_url').optional().meta({ description: 'Receives the signed job-finished webhook; used exactly as given.' }),
  })
  .strip();

export type SubmitFields = z.infer<typeof submitFields>;

export const moderateFields = z
  .object({
    classification_job_id: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'The job_id of an earlier policy classification job (POST /classify/policy/{image,video}). Alternative to sending the content (file or url).' }),
    url: submitFields.shape.url.meta({ description: 'Address of the content (http/https): classified by policy first. Alternative to file and classification_job_id.' }),
    caption: submitFields.shape.caption,
    content_type: z
      .enum(['image', 'video'])
      .optional()
      .meta({ description: "With file or url: classify the content as this. Default: an upload's kind by its bytes, a URL's by its extension (image when unknown)." }),
    external_id: z.string().max(1000).default('').meta({ description: 'Your identifier for the source file, echoed in the result.' }),
    callback_url: httpUrl('callback_url').optional().meta({ description: 'Receives the signed moderation result; used exactly as given.' }),
  })
  .strip();

export type ModerateFields = z.infer<typeof moderateFields>;

/** Empty strings in forms mean "not given". */
export function dropEmpty(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));
}

export function describeZodError(err: z.ZodError): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
