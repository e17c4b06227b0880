// Edge validation of the submit form fields (multipart or URL-encoded).
import { z } from 'zod';

const MAX_CAPTION_BYTES = 256 * 1024;

const httpUrl = (field: string) =>
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
    }, `${field} must be an absolute http:// or https:// URL`);

export const submitFields = z
  .object({
    url: httpUrl('url').optional(),
    caption: z
      .string()
      .refine((v) => Buffer.byteLength(v) <= MAX_CAPTION_BYTES, 'caption is over 256 KB')
      .optional(),
    callback_url: httpUrl('callback_url').optional(),
  })
  .strip();

export type SubmitFields = z.infer<typeof submitFields>;

export const moderateFields = z
  .object({
    classification_job_id: z.string().max(200).optional(),
    external_id: z.string().max(1000).default(''),
    callback_url: httpUrl('callback_url').optional(),
  })
  .strip();

/** Empty strings in forms mean "not given". */
export function dropEmpty(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));
}

export function describeZodError(err: z.ZodError): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
