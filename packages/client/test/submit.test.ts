// What the client sends: the form fields docs/api.md names, a multipart file part with its name and
// type, an Idempotency-Key when asked, and the JSON routes as JSON.
import { describe, expect, it } from 'vitest';
import { ModerationClient } from '../src/index.ts';
import { ORIGIN, fakeFetch, json, tokenAnswer } from './fake-fetch.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function client(routes: Record<string, Response>) {
  const fake = fakeFetch().on('POST /v1/authenticate', tokenAnswer('t'));
  for (const [route, answer] of Object.entries(routes)) fake.on(route, answer);
  return { fake, client: new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch }) };
}

describe('submitting', () => {
  it('sends a file as a multipart part with its name and type, the caption and callback_url, and the Idempotency-Key', async () => {
    const { fake, client: c } = client({ 'POST /v1/classify/items-characteristics/image': json(200, { job_id: 'job_1' }) });
    const job = await c.submit(
      'items-characteristics',
      'image',
      { file: { data: Buffer.from(JPEG), filename: 'photo.jpg', type: 'image/jpeg' }, caption: 'have a nice day', callbackUrl: 'https://example.com/hook?ref=42' },
      { idempotencyKey: 'b3f1c2d4' },
    );
    expect(job).toEqual({ jobId: 'job_1', product: 'items-characteristics', media: 'image' });
    const [sent] = fake.to('POST /v1/classify/items-characteristics/image');
    expect(sent!.headers.get('idempotency-key')).toBe('b3f1c2d4');
    const form = await sent!.request.formData();
    const file = form.get('file') as File;
    expect([file.name, file.type, new Uint8Array(await file.arrayBuffer())]).toEqual(['photo.jpg', 'image/jpeg', JPEG]);
    expect(form.get('caption')).toBe('have a nice day');
    expect(form.get('callback_url')).toBe('https://example.com/hook?ref=42');
    expect(form.has('url')).toBe(false);
  });

  it('sends a url submit URL-encoded (no file part), and a Blob upload as it is', async () => {
    const { fake, client: c } = client({ 'POST /v1/classify/policy/video': json(200, { job_id: 'job_2' }), 'POST /v1/classify/policy/image': json(200, { job_id: 'job_3' }) });
    await c.submit('policy', 'video', { url: 'https://example.com/clip.mp4' });
    const [byUrl] = fake.to('POST /v1/classify/policy/video');
    expect(byUrl!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(await byUrl!.request.text()).toBe('url=https%3A%2F%2Fexample.com%2Fclip.mp4');
    expect(byUrl!.headers.has('idempotency-key')).toBe(false);

    await c.submit('policy', 'image', { file: { data: new Blob([JPEG]), filename: 'b.jpg', type: 'image/jpeg' } });
    const file = (await fake.to('POST /v1/classify/policy/image')[0]!.request.formData()).get('file') as File;
    expect([file.name, file.type, file.size]).toEqual(['b.jpg', 'image/jpeg', JPEG.length]);
  });

  it('moderates content with external_id and content_type, or an earlier job', async () => {
    const decision = { moderation_job_id: 'vmod_1', decision: 'approve', is_error: false };
    const { fake, client: c } = client({ 'POST /v1/moderate': json(200, decision) });
    await expect(c.moderate({ file: { data: JPEG, filename: 'p.jpg', type: 'image/jpeg' }, caption: 'new lipstick', externalId: 'post-42', contentType: 'image' })).resolves.toEqual(decision);
    const form = await fake.to('POST /v1/moderate')[0]!.request.formData();
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({ caption: 'new lipstick', external_id: 'post-42', content_type: 'image' });

    await c.moderate({ classificationJobId: 'job_9', externalId: 'file-42' });
    expect(await fake.to('POST /v1/moderate')[1]!.request.text()).toBe('classification_job_id=job_9&external_id=file-42');
  });

  it('sends appeals, review decisions and feedback as JSON, ids encoded in the path', async () => {
    const { fake, client: c } = client({
      'POST /v1/moderate/vmod_1/appeal': json(200, { moderation_job_id: 'vmod_1' }),
      'POST /v1/review/vmod_1/decision': json(200, {}),
      'POST /v1/feedback': json(201, {}),
      'GET /v1/review/queue': json(200, { items: [] }),
      'GET /v1/review/a%2F..%2Fb': json(404, { error: 'not_found', message: 'no' }),
    });
    await c.appeal('vmod_1', 'this is a toy');
    await c.review.decide('vmod_1', { decision: 'reject', categories: [{ name: 'COSMETICS', risk_level: 'high' }], reason: 'lipstick ad' });
    await c.feedback({ job_id: 'vmod_1', category: 'COSMETICS', correct: false });
    await c.review.queue({ limit: 20, kind: 'escalation', category: undefined });
    await expect(c.review.item('a/../b')).rejects.toMatchObject({ status: 404 });
    const appeal = fake.to('POST /v1/moderate/vmod_1/appeal')[0]!;
    expect(appeal.headers.get('content-type')).toBe('application/json');
    expect(await appeal.request.json()).toEqual({ reason: 'this is a toy' });
    expect(await fake.to('POST /v1/review/vmod_1/decision')[0]!.request.json()).toMatchObject({ decision: 'reject', reason: 'lipstick ad' });
    expect(fake.to('GET /v1/review/queue')[0]!.path).toBe('/v1/review/queue?limit=20&kind=escalation');
  });

  it('reads bank exports as text and review frames as bytes', async () => {
    const { client: c } = client({
      'GET /v1/banks/bank_1/export': new Response('hash,content_id\nabc,1\n', { headers: { 'Content-Type': 'text/csv' } }),
      'GET /v1/review/vmod_1/frames/0': new Response(JPEG, { headers: { 'Content-Type': 'image/jpeg' } }),
    });
    await expect(c.banks.export('bank_1')).resolves.toBe('hash,content_id\nabc,1\n');
    await expect(c.review.frame('vmod_1', 0)).resolves.toEqual(JPEG);
  });
});

describe('synchronous policy classification', () => {
  it('answers the result and a JobRef to wait on when it is still queued after 60 s', async () => {
    const { fake, client: c } = client({ 'POST /v1/classify/policy/image/now': json(202, { job_id: 'job_7', status: 'queued' }) });
    const { job, answer } = await c.classifyPolicyImageNow({ url: 'https://example.com/a.jpg', caption: 'hi' }, { idempotencyKey: 'k-1' });
    expect(job).toEqual({ jobId: 'job_7', product: 'policy', media: 'image' });
    expect(answer.status).toBe('queued');
    const sent = fake.to('POST /v1/classify/policy/image/now')[0]!;
    expect(sent.headers.get('idempotency-key')).toBe('k-1');
    expect(await sent.request.text()).toBe('url=https%3A%2F%2Fexample.com%2Fa.jpg&caption=hi');
  });
});
