// The end-to-end contract both run modes must pass: a caller authenticates, submits images and videos by
// upload and by URL, polls to done, receives signed webhooks, and every bad input gets a clear answer.
import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from '@modsvc/common/classes';
import { verifySignature, SIGNATURE_HEADER } from '@modsvc/common/webhook-signature';
import { STANDARD_CATEGORY_NAMES } from '@modsvc/common/domain/index';
import { verifyStandardWebhook } from '@modsvc/common/standard-webhooks';
import { TokenIssuer } from '@modsvc/common/tokens';
import { ApiClient } from '../helpers/api.ts';
import { makeJpeg, makeMp4, makePng } from '../helpers/media.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { freePort, tempDir } from '../helpers/processes.ts';
import type { Deployment } from '../helpers/deployments.ts';

export interface ContractContext {
  deployment: Deployment;
  receiver: Receiver;
  media: { url: string; close(): Promise<void> };
  acme: ApiClient;
  globex: ApiClient;
  dir: string;
}

/** Serves files on 127.0.0.1 for URL submissions. */
async function startMediaServer(files: Record<string, { data: Buffer; type: string }>) {
  const server = http.createServer((req, res) => {
    const f = files[req.url ?? ''];
    if (!f) {
      res.statusCode = 404;
      return res.end('not found');
    }
    res.setHeader('Content-Type', f.type);
    res.end(f.data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

export function expectItemsShape(results: Record<string, unknown>): void {
  for (const [group, classes] of Object.entries(CLASS_GROUPS)) {
    const g = results[group] as Record<string, unknown>;
    expect(g, `group ${group}`).toBeTypeOf('object');
    for (const c of classes) {
      expect(c in g, `${group}.${c} present`).toBe(true);
      const v = g[c];
      if (v !== null) {
        expect(v).toBeTypeOf('number');
        expect(v as number).toBeGreaterThanOrEqual(0);
        expect(v as number).toBeLessThanOrEqual(1);
      }
    }
  }
  expect(results.url).toBeTypeOf('string');
}

export function describePipelineContract(name: string, start: () => Promise<Deployment>, extra?: (ctx: () => ContractContext) => void): void {
  describe(`pipeline contract: ${name}`, () => {
    let ctx: ContractContext;
    let jpeg: Buffer;

    beforeAll(async () => {
      const dir = tempDir('contract');
      jpeg = await makeJpeg();
      const mp4 = await makeMp4(dir, { seconds: 3 });
      const deployment = await start();
      const receiver = await startReceiver();
      const media = await startMediaServer({
        '/photo.jpg': { data: jpeg, type: 'image/jpeg' },
        '/clip.mp4': { data: fs.readFileSync(mp4), type: 'video/mp4' },
        '/notes.txt': { data: Buffer.from('just some text, not an image\n'), type: 'image/jpeg' },
      });
      const acme = new ApiClient(deployment.url);
      const globex = new ApiClient(deployment.url);
      expect((await acme.authenticate(deployment.tenants.acme.apiKey)).status).toBe(200);
      expect((await globex.authenticate(deployment.tenants.globex.apiKey)).status).toBe(200);
      ctx = { deployment, receiver, media, acme, globex, dir };
    }, 300_000);

    afterAll(async () => {
      await ctx?.media.close();
      await ctx?.receiver.close();
      await ctx?.deployment.stop();
    }, 120_000);

    describe('authentication', () => {
      it('issues a 24-hour token for a known key and refuses others', async () => {
        const c = new ApiClient(ctx.deployment.url);
        const ok = await c.authenticate(ctx.deployment.tenants.acme.apiKey);
        expect(ok.status).toBe(200);
        expect(ok.body.api_token).toBeTypeOf('string');
        const hours = (Date.parse(ok.body.expiry) - Date.now()) / 3600_000;
        expect(hours).toBeGreaterThan(23.9);
        expect(hours).toBeLessThanOrEqual(24);
        const bad = await new ApiClient(ctx.deployment.url).authenticate('not-a-real-key-0123456789');
        expect(bad.status).toBe(401);
        expect(bad.body).toMatchObject({ error: 'unauthorized' });
        const missing = await new ApiClient(ctx.deployment.url).submitForm('/authenticate', {});
        expect(missing.status).toBe(422);
      });

      it('accepts keys given as sha256 in the tenants file', async () => {
        expect(ctx.globex.token).toBeTruthy();
      });

      it('refuses a missing, malformed or expired token with 401 and a JSON message', async () => {
        const anon = new ApiClient(ctx.deployment.url);
        const missing = await anon.get('/classify/items-characteristics/image/job_x');
        expect(missing.status).toBe(401);
        expect(String(missing.body.message)).toMatch(/bearer token/i);
        anon.token = 'garbage.token.value';
        expect((await anon.get('/models')).status).toBe(401);
        anon.token = new TokenIssuer(ctx.deployment.tokenKey).issue('acme', Date.now() - 25 * 3600_000).token;
        const expired = await anon.get('/models');
        expect(expired.status).toBe(401);
        expect(String(expired.body.message)).toMatch(/expired/);
      });
    });

    describe('items and characteristics', () => {
      it('classifies an uploaded JPEG with a caption, and delivers a signed webhook to the callback URL as given', async () => {
        const callback = `${ctx.receiver.url}/hooks/items?ref=abc%20123&x=1`;
        const submit = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: jpeg, filename: 'photo.jpg', type: 'image/jpeg' }, { caption: 'I will kill you, you worthless idiot', callback_url: callback });
        expect(submit.status).toBe(200);
        const jobId = submit.body.job_id as string;
        expect(jobId).toMatch(/^job_[A-Za-z0-9_-]{22}$/);
        const done = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${jobId}`);
        expect(done.status).toBe(200);
        expect(done.body.status, JSON.stringify(done.body)).toBe('done');
        expect(done.body.msg).toBeNull();
        const results = done.body.results as Record<string, Record<string, number | null>>;
        expectItemsShape(results);
        expect(results.url).toBe('photo.jpg');
        expect(results.caption_language_toxicity!.toxicity).toBeTypeOf('number');
        // nsfwjs' own probabilities are flagged; every other non-null visual score is calibrated.
        expect([...(results.uncalibrated as unknown as string[])].sort()).toEqual(['adult_content', 'suggestive']);

        const call = await ctx.receiver.waitFor((c) => c.body.includes(jobId));
        expect(call.url).toBe('/hooks/items?ref=abc%20123&x=1');
        expect(verifySignature(call.body, ctx.deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
        const payload = JSON.parse(call.body.toString('utf8'));
        expect(payload.data.job_id).toBe(jobId);
        expect(payload.data.callback_url).toBe(callback);
        expect(payload.data.is_error).toBe(false);
        expect(payload.data.result.metadata).toMatchObject({ width: 640, height: 480 });
        expectItemsShape(payload.data.result);

        const log = await ctx.acme.get(`/jobs/${jobId}/webhook`);
        expect(log.status).toBe(200);
        expect(log.body.state).toBe('delivered');
      });

      it('classifies a video with a sound track: metadata probed, frames analysed, speech reported', async () => {
        const mp4 = fs.readFileSync(path.join(ctx.dir, 'clip-3-tone.mp4'));
        const submit = await ctx.acme.submitFile('/classify/items-characteristics/video', { data: mp4, filename: 'clip.mp4', type: 'video/mp4' }, { callback_url: `${ctx.receiver.url}/hooks/video` });
        expect(submit.status).toBe(200);
        const jobId = submit.body.job_id as string;
        const done = await ctx.acme.waitForJob(`/classify/items-characteristics/video/${jobId}`, 180_000);
        expect(done.body.status, JSON.stringify(done.body)).toBe('done');
        const results = done.body.results as Record<string, unknown>;
        expectItemsShape(results);
        expect(results.speech).not.toBeUndefined();
        const call = await ctx.receiver.waitFor((c) => c.body.includes(jobId), 60_000);
        const payload = JSON.parse(call.body.toString('utf8'));
        expect(payload.data.result.metadata).toMatchObject({ width: 320, height: 240, fps: 10 });
        expect(payload.data.result.metadata.duration).toBeCloseTo(3, 0);
        expect(payload.data.result.metadata.seconds_processed).toBeCloseTo(3, 0);
      });

      it('fetches an image by URL (URL-encoded form) and reports the URL', async () => {
        const url = `${ctx.media.url}/photo.jpg`;
        const submit = await ctx.acme.submitForm('/classify/items-characteristics/image', { url });
        expect(submit.status).toBe(200);
        const done = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${submit.body.job_id as string}`);
        expect(done.body.status, JSON.stringify(done.body)).toBe('done');
        expect((done.body.results as Record<string, unknown>).url).toBe(url);
        expect((done.body.results as Record<string, Record<string, unknown>>).caption_language_toxicity!.toxicity).toBeNull();
      });
    });

    describe('policy', () => {
      it('scores the seven Standard categories (the five of the spec first) with risk levels, by URL, with a signed webhook; moderation builds on it', async () => {
        const submit = await ctx.acme.submitForm('/classify/policy/video', { url: `${ctx.media.url}/clip.mp4`, callback_url: `${ctx.receiver.url}/hooks/policy` });
        expect(submit.status).toBe(200);
        const jobId = submit.body.job_id as string;
        const done = await ctx.acme.waitForJob(`/classify/policy/video/${jobId}`, 180_000);
        expect(done.body.status, JSON.stringify(done.body)).toBe('done');
        const cats = (done.body.results as { policy_categories: { name: string; description: string; score: number | null; risk_level: string }[] }).policy_categories;
        expect(cats.map((c) => c.name)).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
        for (const c of cats) {
          expect(c.description.length).toBeGreaterThan(10);
          expect(['HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']).toContain(c.risk_level);
        }
        const call = await ctx.receiver.waitFor((c) => c.body.includes(jobId), 60_000);
        expect(verifySignature(call.body, ctx.deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
        const payload = JSON.parse(call.body.toString('utf8'));
        expect(payload.data.result.policy_categories[0]).toHaveProperty('risk_level');
        expect(payload.data.result.metadata.fps).toBe(10);

        const mod = await ctx.acme.postJson('/moderate', { classification_job_id: jobId, external_id: 'file-42', callback_url: `${ctx.receiver.url}/hooks/moderation` });
        expect(mod.status).toBe(200);
        expect(mod.body).toMatchObject({ classification_job_id: jobId, external_id: 'file-42', is_error: false, content_type: 'video' });
        const moderationJobId = String(mod.body.moderation_job_id);
        expect(moderationJobId).toMatch(/^vmod_/);
        for (const c of mod.body.policy_categories as { risk_level: string }[]) expect(c.risk_level).toBe(c.risk_level.toLowerCase());
        const modCall = await ctx.receiver.waitFor((c) => c.body.includes(moderationJobId));
        expect(modCall.url).toBe('/hooks/moderation');
        expect(verifySignature(modCall.body, ctx.deployment.tenants.acme.signingSecret!, modCall.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
        expect(JSON.parse(modCall.body.toString('utf8'))).toEqual(mod.body);

        const unknown = await ctx.acme.postJson('/moderate', { classification_job_id: 'job_doesnotexist000000000', external_id: 'x' });
        expect(unknown.status).toBe(404);
      });

      it('answers the synchronous policy add-on (/classify/policy/image/now) in the response body', async () => {
        const r = await ctx.acme.submitFile('/classify/policy/image/now', { data: jpeg, filename: 'now.jpg', type: 'image/jpeg' });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ status: 'done' });
        const cats = r.body.policy_categories as { name: string; risk_level: string }[];
        expect(cats.map((c) => c.name)).toEqual([...STANDARD_CATEGORY_NAMES]);
        expect((await ctx.acme.get(`/classify/policy/image/${r.body.job_id as string}`)).body.status).toBe('done');
      });

      it('sends no signature header when the tenant has no signing secret', async () => {
        const initech = new ApiClient(ctx.deployment.url);
        await initech.authenticate(ctx.deployment.tenants.initech.apiKey);
        const submit = await initech.submitFile('/classify/policy/image', { data: await makePng(), filename: 'red.png', type: 'image/png' }, { callback_url: `${ctx.receiver.url}/hooks/nosig` });
        expect(submit.status).toBe(200);
        const call = await ctx.receiver.waitFor((c) => c.body.includes(submit.body.job_id as string));
        expect(call.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
      });
    });

    describe('webhooks: Standard Webhooks signatures, redelivery and the delivery log', () => {
      type Attempt = { attempt: number; outcome: string; redelivery: boolean; http_status: number };

      /** Polls the delivery log until `done` holds (the dispatcher records an outcome just after the receiver answers). */
      async function deliveryLog(jobId: string, done: (log: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const r = await ctx.acme.get(`/jobs/${jobId}/webhook`);
          expect(r.status).toBe(200);
          if (done(r.body) || Date.now() > deadline) return r.body;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }

      it('arrives signed, is sent again under the same webhook-id on request, and the log lists both attempts', async () => {
        const submit = await ctx.acme.submitFile('/classify/policy/image', { data: jpeg, filename: 'signed.jpg', type: 'image/jpeg' }, { callback_url: `${ctx.receiver.url}/hooks/standard` });
        expect(submit.status).toBe(200);
        const jobId = submit.body.job_id as string;
        const webhookId = `job.finished:${jobId}`;
        const secret = ctx.deployment.tenants.acme.signingSecret!;
        const first = await ctx.receiver.waitFor((c) => c.url === '/hooks/standard' && c.body.includes(jobId));

        // The Standard Webhooks signature, recomputed here with node:crypto over "{id}.{timestamp}.{body}".
        const timestamp = Number(first.headers['webhook-timestamp']);
        expect(first.headers['webhook-id']).toBe(webhookId);
        expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(120);
        const mac = crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${webhookId}.${timestamp}.`).update(first.body).digest('base64');
        expect(String(first.headers['webhook-signature']).split(' ')).toContain(`v1,${mac}`);
        expect(verifyStandardWebhook({ headers: first.headers, body: first.body, secrets: [secret] })).toEqual({ ok: true, id: webhookId, timestamp });
        expect(verifySignature(first.body, secret, first.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
        await deliveryLog(jobId, (log) => log.state === 'delivered');

        const again = await ctx.acme.postJson(`/jobs/${jobId}/webhook/redeliver`, {});
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body).toMatchObject({ job_id: jobId, webhook_id: webhookId, state: 'delivered', attempt: { attempt: 2, outcome: 'delivered', redelivery: true, http_status: 200 } });
        const calls = ctx.receiver.calls.filter((c) => c.url === '/hooks/standard' && c.body.includes(jobId));
        expect(calls).toHaveLength(2);
        const second = calls[1]!;
        expect(second.headers['webhook-id']).toBe(webhookId);
        expect(second.body.equals(first.body)).toBe(true);
        expect(Number(second.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(timestamp);
        expect(verifyStandardWebhook({ headers: second.headers, body: second.body, secrets: [secret] }).ok).toBe(true);

        const log = await deliveryLog(jobId, () => true);
        expect(log).toMatchObject({ job_id: jobId, webhook_id: webhookId, state: 'delivered', next_attempt_at: null });
        expect((log.attempts as Attempt[]).map((a) => [a.attempt, a.outcome, a.redelivery, a.http_status])).toEqual([
          [1, 'delivered', false, 200],
          [2, 'delivered', true, 200],
        ]);
      });

      it('refuses a redelivery of another tenant\'s job (404) and of a job without callback_url (409)', async () => {
        const submit = await ctx.acme.submitFile('/classify/policy/image', { data: jpeg, filename: 'quiet.jpg', type: 'image/jpeg' });
        const jobId = submit.body.job_id as string;
        expect((await ctx.globex.postJson(`/jobs/${jobId}/webhook/redeliver`, {})).status).toBe(404);
        expect((await ctx.acme.postJson('/jobs/job_doesnotexist000000000/webhook/redeliver', {})).status).toBe(404);
        const refused = await ctx.acme.postJson(`/jobs/${jobId}/webhook/redeliver`, {});
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ error: 'conflict', message: expect.stringMatching(/callback_url/) });
      });

      it('sends webhook-id and webhook-timestamp but no signatures for a tenant without secret', async () => {
        const initech = new ApiClient(ctx.deployment.url);
        await initech.authenticate(ctx.deployment.tenants.initech.apiKey);
        const submit = await initech.submitFile('/classify/policy/image', { data: jpeg, filename: 'plain.jpg', type: 'image/jpeg' }, { callback_url: `${ctx.receiver.url}/hooks/unsigned` });
        const jobId = submit.body.job_id as string;
        const call = await ctx.receiver.waitFor((c) => c.url === '/hooks/unsigned' && c.body.includes(jobId));
        expect(call.headers['webhook-id']).toBe(`job.finished:${jobId}`);
        expect(call.headers['webhook-timestamp']).toMatch(/^\d+$/);
        expect(call.headers).not.toHaveProperty('webhook-signature');
        expect(call.headers).not.toHaveProperty(SIGNATURE_HEADER.toLowerCase());
      });
    });

    describe('bad input gets a clear answer and the service keeps serving', () => {
      it('refuses a text file sent as an image with 415', async () => {
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: Buffer.from('hello, I am plain text\n'.repeat(20)), filename: 'notes.jpg', type: 'image/jpeg' });
        expect(r.status).toBe(415);
        expect(r.body).toMatchObject({ error: 'unsupported_media_type' });
        expect(String(r.body.message)).toMatch(/text/);
      });

      it('refuses a 0-byte file with 422', async () => {
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: Buffer.alloc(0), filename: 'empty.jpg', type: 'image/jpeg' });
        expect(r.status).toBe(422);
        expect(String(r.body.message)).toMatch(/empty/);
      });

      it('refuses an image over 10 MB with 413', async () => {
        const big = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(10 * 1024 * 1024 + 10)]);
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: big, filename: 'big.jpg', type: 'image/jpeg' });
        expect(r.status).toBe(413);
        expect(r.body).toMatchObject({ error: 'payload_too_large' });
      });

      it('refuses requests without file or url, or with both, with 422', async () => {
        expect((await ctx.acme.submitForm('/classify/items-characteristics/image', { caption: 'x' })).status).toBe(422);
        const both = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }, { url: `${ctx.media.url}/photo.jpg` });
        expect(both.status).toBe(422);
        expect((await ctx.acme.submitForm('/classify/items-characteristics/image', { url: 'ftp://example.com/a.jpg' })).status).toBe(422);
      });

      it('refuses the cloud metadata address at once with 422', async () => {
        const r = await ctx.acme.submitForm('/classify/items-characteristics/image', { url: 'http://169.254.169.254/' });
        expect(r.status).toBe(422);
        expect(String(r.body.message)).toMatch(/169\.254\.169\.254/);
      });

      it('fails a truncated JPEG with "Failed to decode image."', async () => {
        const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: truncated, filename: 'cut.jpg', type: 'image/jpeg' }, { callback_url: `${ctx.receiver.url}/hooks/failed` });
        expect(r.status).toBe(200);
        const jobId = r.body.job_id as string;
        const done = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${jobId}`);
        expect(done.body.status).toBe('failed');
        expect(String(done.body.msg)).toMatch(/^Failed to decode image\./);
        const call = await ctx.receiver.waitFor((c) => c.body.includes(jobId));
        const payload = JSON.parse(call.body.toString('utf8'));
        expect(payload.data.is_error).toBe(true);
        expect(payload.data.result.error).toMatch(/^Failed to decode image\./);
      });

      it('fails a job whose URL is unreachable, and one whose URL serves text, with a useful msg', async () => {
        const closed = await freePort();
        const r1 = await ctx.acme.submitForm('/classify/items-characteristics/image', { url: `http://127.0.0.1:${closed}/gone.jpg` });
        expect(r1.status).toBe(200);
        const d1 = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${r1.body.job_id as string}`);
        expect(d1.body.status).toBe('failed');
        expect(String(d1.body.msg)).toMatch(/^Could not fetch url/);
        const r2 = await ctx.acme.submitForm('/classify/items-characteristics/image', { url: `${ctx.media.url}/notes.txt` });
        const d2 = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${r2.body.job_id as string}`);
        expect(d2.body.status).toBe('failed');
        expect(String(d2.body.msg)).toMatch(/text/);
      });

      it("hides another tenant's job (404), and unknown ids (404)", async () => {
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: jpeg, filename: 'mine.jpg', type: 'image/jpeg' });
        const jobId = r.body.job_id as string;
        expect((await ctx.globex.get(`/classify/items-characteristics/image/${jobId}`)).status).toBe(404);
        expect((await ctx.acme.get(`/classify/items-characteristics/image/job_doesnotexist000000000`)).status).toBe(404);
        expect((await ctx.acme.get(`/classify/policy/image/${jobId}`)).status).toBe(404);
        expect((await ctx.globex.get(`/jobs/${jobId}/webhook`)).status).toBe(404);
      });

      it('still serves after all of the above', async () => {
        const r = await ctx.acme.submitFile('/classify/items-characteristics/image', { data: jpeg, filename: 'after.jpg', type: 'image/jpeg' });
        expect(r.status).toBe(200);
        const done = await ctx.acme.waitForJob(`/classify/items-characteristics/image/${r.body.job_id as string}`);
        expect(done.body.status).toBe('done');
      });
    });

    describe('discovery', () => {
      it('lists models and the coverage of every spec class', async () => {
        const r = await ctx.acme.get('/models');
        expect(r.status).toBe(200);
        const classes = (r.body.classes as { class: string; model: string | null }[]).map((c) => c.class);
        for (const list of Object.values(CLASS_GROUPS)) for (const c of list) expect(classes).toContain(c);
        type Coverage = { class: string; model: string | null; calibration: string | null; heldBack: { all: { images: number; rocAuc: number | null } | null } };
        const byClass = (k: string) => (r.body.classes as Coverage[]).find((c) => c.class === k)!;
        expect(byClass('toxicity').model).toMatch(/^toxicity@/);
        expect(byClass('toxicity').calibration).toBe('calibrated');
        // Calibration status and held-back figures survive the gRPC hop (distributed) as in-process.
        expect(byClass('adult_content')).toMatchObject({ model: expect.stringMatching(/^nsfwjs/), calibration: 'uncalibrated' });
        expect(byClass('face_f').calibration).toBe('calibrated');
        expect(byClass('face_f').heldBack.all!.images).toBeGreaterThan(1000);
        expect(byClass('face_f').heldBack.all!.rocAuc).toBeGreaterThan(0.5);
        expect(byClass('exposed_feet')).toMatchObject({ model: null, calibration: null, heldBack: { all: null } });
      });

      it('serves the OpenAPI document', async () => {
        const r = await fetch(`${ctx.deployment.url}/v1/openapi.json`);
        expect(r.status).toBe(200);
        expect((await r.json()).openapi).toBe('3.1.0');
      });
    });

    extra?.(() => ctx);
  });
}
