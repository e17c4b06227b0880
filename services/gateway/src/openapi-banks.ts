// The OpenAPI paths and schemas of hash banks and PDQ hashing (routes/banks.ts).
import { z } from 'zod';
import {
  BankContentSchema,
  BankHashesRequestSchema,
  BankSchema,
  BankSpecSchema,
  BankVideosRequestSchema,
  FrameHashSchema,
  HashAnswerSchema,
  HashMatchSchema,
  VpdqFrameSchema,
} from '@modsvc/common/domain/index';

type JsonSchema = Record<string, unknown>;

export const BANK_RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  Bank: BankSchema,
  BankContent: BankContentSchema,
  HashAnswer: HashAnswerSchema,
  FrameHash: FrameHashSchema,
  HashMatch: HashMatchSchema,
  VpdqFrame: VpdqFrameSchema,
};

export const BANK_REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  BankSpec: BankSpecSchema,
  BankHashes: BankHashesRequestSchema,
  BankVideos: BankVideosRequestSchema,
};

const imageForm = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'An image (JPEG, PNG, WebP, GIF) up to 10 MB; hashed, never kept. Alternative to url.' },
    url: { type: 'string', format: 'uri', description: 'Address of the image. Alternative to file.' },
    note: { type: 'string', maxLength: 1024, description: 'Kept with the hash (bank content only).' },
  },
};

export function bankPaths(ref: (name: string) => JsonSchema, json: (schema: JsonSchema) => unknown, errResponse: (d: string) => unknown): Record<string, unknown> {
  const security = [{ bearer: [] }];
  const bankId = { name: 'bank_id', in: 'path', required: true, schema: { type: 'string' } };
  const contentId = { name: 'content_id', in: 'path', required: true, schema: { type: 'string' } };
  const common = { '401': errResponse('Missing, invalid or expired token'), '429': errResponse('Rate limit exceeded (see Retry-After)') };
  const noBank = errResponse('No such bank for this account');
  return {
    '/banks': {
      post: {
        summary: 'Create a hash bank',
        description: 'A list of known content (PDQ hashes). A match sets the bank category to its risk level in policy results; the virtual moderator rejects a HIGH match (known_content_match).',
        security,
        requestBody: { required: true, content: json(ref('BankSpec')) },
        responses: { '201': { description: 'The bank', content: json(ref('Bank')) }, '422': errResponse('Invalid fields'), ...common },
      },
      get: { summary: "The tenant's banks", security, responses: { '200': { description: 'Banks', content: json({ type: 'object', properties: { banks: { type: 'array', items: ref('Bank') } } }) }, ...common } },
    },
    '/banks/{bank_id}': {
      delete: { summary: 'Delete a bank and all its content', security, parameters: [bankId], responses: { '204': { description: 'Deleted' }, '404': noBank, ...common } },
    },
    '/banks/{bank_id}/content': {
      post: {
        summary: 'Add content to a bank: an image (hashed with its crops, never kept), PDQ hashes, videos as vPDQ, or a CSV list',
        description:
          'multipart or form: `file` or `url` (+ `note`) → one item; a picture also keeps the hashes of 8 fixed crops of it (`crop_hashes`), so that cropped copies match. ' +
          'JSON `{"hashes": [{"pdq", "note"}]}` or `{"videos": [{"vpdq", "note"}]}` (up to the 200 KB JSON limit; `vpdq`: the text of a vPDQ file, HMA\'s signal string, or the frames) → `{added, items}`. ' +
          '`text/csv` (up to 128 MB): the HMA / ThreatExchange format (a `hash` column with optional metadata; with a `signal_type` column, `vpdq` rows carry a video as HMA\'s signal string in the hash column, e.g. `signal_str`), ' +
          'or one video\'s vPDQ file as the reference\'s vpdq-hash-video writes it (`frame_number,quality,pdq_hex,timestamp` lines; its note in `?note=`) → `{added, items}` (the first 100 items). A CSV with any bad row is refused with the line numbers.',
        security,
        parameters: [bankId, { name: 'note', in: 'query', required: false, schema: { type: 'string', maxLength: 1024 }, description: 'Note of the video of a vPDQ file sent as text/csv.' }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: imageForm },
            'application/json': { schema: { oneOf: [ref('BankHashes'), ref('BankVideos')] } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        responses: {
          '201': { description: 'The item added (media), or {added, items} (hashes, CSV)', content: json({ oneOf: [ref('BankContent'), { type: 'object', properties: { added: { type: 'integer' }, items: { type: 'array', items: ref('BankContent') } } }] }) },
          '404': noBank,
          '413': errResponse('Image over 10 MB'),
          '415': errResponse('Not an image'),
          '422': errResponse('Invalid fields, bad hash or CSV rows, undecodable image'),
          ...common,
        },
      },
    },
    '/banks/{bank_id}/content/{content_id}': {
      get: { summary: 'One item of a bank', security, parameters: [bankId, contentId], responses: { '200': { description: 'The item', content: json(ref('BankContent')) }, '404': errResponse('No such item'), ...common } },
      delete: { summary: 'Remove an item from a bank', security, parameters: [bankId, contentId], responses: { '204': { description: 'Deleted' }, '404': errResponse('No such item'), ...common } },
    },
    '/banks/{bank_id}/content/{content_id}/vpdq': {
      get: {
        summary: "A banked video's vPDQ file",
        description: 'One `frame_number,quality,pdq_hex,timestamp` line per frame (times with 3 decimals), as the reference\'s vpdq-hash-video writes it and its match-hashes-brute and this API read it.',
        security,
        parameters: [bankId, contentId],
        responses: { '200': { description: 'vPDQ file', content: { 'text/csv': { schema: { type: 'string' } } } }, '404': errResponse('No such item, or the item is a picture'), ...common },
      },
    },
    '/banks/{bank_id}/export': {
      get: {
        summary: 'Export a bank as CSV, the format HMA and ThreatExchange tools import',
        description: '`signal_type=pdq` (default): pictures and hashes, `hash,content_id,content_uri,note`. `signal_type=vpdq`: videos, `signal_type,signal_str,content_id,content_uri,note` with HMA\'s vPDQ signal string; POST it to a bank\'s content to import it.',
        security,
        parameters: [bankId, { name: 'signal_type', in: 'query', required: false, schema: { type: 'string', enum: ['pdq', 'vpdq'], default: 'pdq' } }],
        responses: { '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, '404': noBank, '422': errResponse('Unknown signal_type'), ...common },
      },
    },
    '/hash': {
      post: {
        summary: 'PDQ hash and quality of an image, at once (also /hash/image)',
        security,
        requestBody: { required: true, content: { 'multipart/form-data': { schema: imageForm } } },
        responses: { '200': { description: 'The hash', content: json(ref('HashAnswer')) }, '413': errResponse('Image over 10 MB'), '415': errResponse('Not an image'), '422': errResponse('No file or url, or undecodable'), ...common },
      },
    },
    '/hash/video': {
      post: {
        summary: 'PDQ hash of every analysed frame of a video, through an items job',
        description: 'Answers 202 with a job id; the done job result lists `hashes` ({frame_timestamp, pdq, quality}) and any bank `matches`.',
        security,
        requestBody: { required: true, content: { 'multipart/form-data': { schema: imageForm } } },
        responses: {
          '202': { description: 'Job created', content: json({ type: 'object', properties: { job_id: { type: 'string' }, status: { type: 'string' }, poll: { type: 'string' } } }) },
          '422': errResponse('No file or url'),
          ...common,
        },
      },
    },
  };
}
