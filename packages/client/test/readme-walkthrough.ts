// The README's client walk-through ("The same with the TypeScript client"), kept here so that tsc checks
// it against the client's types; readme-walkthrough.test.ts checks the README shows exactly this code.
import type { IncomingMessage } from 'node:http';

declare const KEY: string;
declare const SIGNING_SECRET: string;
declare const req: IncomingMessage;
declare const rawBody: Buffer;

// README:
import { readFile } from 'node:fs/promises';
import { ModerationClient, verifyWebhook } from '@modsvc/client';

// 1. The token: fetched on first use, renewed before it expires and after a 401
const client = new ModerationClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: KEY });

// 2. Submit a JPEG with a caption and a callback (the key makes a retry safe: same key, same job)
const job = await client.submit('items-characteristics', 'image', {
  file: { data: await readFile('photo.jpg'), filename: 'photo.jpg', type: 'image/jpeg' },
  caption: 'have a nice day', callbackUrl: 'https://example.com/hook?ref=42',
}, { idempotencyKey: crypto.randomUUID() });

// 3. Poll until done or failed (or wait for the webhook)
const view = await client.wait(job, { timeoutMs: 120_000 }); // {status: 'done', results, msg: null} | {status: 'failed', msg}

// Video, by URL, policy tier
const video = await client.submit('policy', 'video', { url: 'https://example.com/clip.mp4' });

// Virtual moderator on a finished policy job (a 202, still classifying, is waited out)
const moderation = await client.moderate({ classificationJobId: video.jobId, externalId: 'file-42' });
const decision = await client.wait(moderation.moderation_job_id);

// In the webhook receiver, on the raw body: signature, timestamp tolerance, and each webhook-id once
const verdict = await verifyWebhook({ headers: req.headers, body: rawBody, secrets: [SIGNING_SECRET] });
// verdict.ok: handle verdict.payload; reason 'duplicate': already handled, answer 2xx; else answer 400

export { view, decision, verdict };
