// The human-review workflow at the REST edge, with in-memory moderator and ingest peers that record what
// they are asked: which token may use which route, that the tenant and reviewer always come from the
// token, the forms of POST /v1/moderate, and the refusals of bad input.
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '@modsvc/common/logger';
import { ApiError } from '@modsvc/common/errors';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { TokenIssuer } from '@modsvc/common/tokens';
import type { FeedbackActor, IngestApi, ModerateInput, ModeratorApi, ReviewerRef, SubmitOptions } from '@modsvc/common/contracts';
import type { AuditQuery, FeedbackInput, FeedbackRecord, ModerationReply, ReviewDecisionInput, ReviewItem, ReviewItemDetail } from '@modsvc/common/domain/index';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';

const TOKEN_KEY = 'k'.repeat(40);
const KEYS = {
  acme: 'acme-key-0123456789abcdef',
  alice: 'alice-key-0123456789abcdef',
  ada: 'ada-key-0123456789abcdefgh',
  globex: 'globex-key-0123456789abcd',
  gina: 'gina-key-0123456789abcdef',
};
const ITEM_A = 'vmod_acmeItem1';
const ITEM_B = 'vmod_globexItem1';
const JPEG_FRAME = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);

const log = { debug() {}, info() {}, warn() {}, error() {}, fatal() {} } as unknown as Logger;

/** Every call the gateway made to its peers, in order. */
const calls: { method: string; args: unknown[] }[] = [];
const called = (method: string) => calls.filter((c) => c.method === method);

const decided = { moderation_job_id: 'vmod_x', decision: 'reject', decision_type: 'human_reviewed', is_error: false };

function item(tenant: string, id: string): ReviewItem {
  return { moderation_job_id: id, external_id: `ext-${tenant}`, state: 'queued' } as unknown as ReviewItem;
}

/** One review item per tenant; another tenant's item is absent, as the real moderator answers. */
const items: Record<string, string> = { [ITEM_A]: 'acme', [ITEM_B]: 'globex' };
function own(reviewer: ReviewerRef, id: string): boolean {
  return items[id] === reviewer.tenantId;
}

const moderator: ModeratorApi = {
  async moderate(input: ModerateInput): Promise<ModerationReply> {
    calls.push({ method: 'moderate', args: [input] });
    return { httpStatus: 202, result: { moderation_job_id: 'vmod_new', classification_job_id: input.classificationJobId, external_id: input.externalId } } as unknown as ModerationReply;
  },
  async getModeration(tenantId, id) {
    calls.push({ method: 'getModeration', args: [tenantId, id] });
    return id === 'vmod_done' && tenantId === 'acme' ? ({ httpStatus: 200, result: decided } as unknown as ModerationReply) : null;
  },
  async appeal(tenantId, id, input) {
    calls.push({ method: 'appeal', args: [tenantId, id, input] });
    if (id !== 'vmod_done' || tenantId !== 'acme') throw new ApiError('not_found', `No moderation job ${id} for this account.`);
    return item(tenantId, id);
  },
  async reviewQueue(reviewer, limit, filter) {
    calls.push({ method: 'reviewQueue', args: [reviewer, limit, filter] });
    const mine = Object.entries(items)
      .filter(([, t]) => t === reviewer.tenantId)
      .map(([id]) => item(reviewer.tenantId, id));
    return { items: mine, overdue: 0, categories: [], reasons: [] };
  },
  async reviewStats(reviewer) {
    calls.push({ method: 'reviewStats', args: [reviewer] });
    return { generated_at: 'now', queues: [], reviewers: [] } as never;
  },
  async reviewItem(reviewer, id) {
    calls.push({ method: 'reviewItem', args: [reviewer, id] });
    return own(reviewer, id) ? ({ ...item(reviewer.tenantId, id), caption: 'secret caption' } as unknown as ReviewItemDetail) : null;
  },
  async claim(reviewer, id) {
    calls.push({ method: 'claim', args: [reviewer, id] });
    if (!own(reviewer, id)) throw new ApiError('not_found', `No review item ${id} for this account.`);
    return { ...item(reviewer.tenantId, id), state: 'claimed', claimed_by: reviewer.reviewerId };
  },
  async release(reviewer, id) {
    calls.push({ method: 'release', args: [reviewer, id] });
    if (!own(reviewer, id)) throw new ApiError('not_found', `No review item ${id} for this account.`);
    return { ...item(reviewer.tenantId, id), state: 'queued', claimed_by: null, lease_expires_at: null };
  },
  async decide(reviewer, id, input: ReviewDecisionInput) {
    calls.push({ method: 'decide', args: [reviewer, id, input] });
    if (!own(reviewer, id)) throw new ApiError('not_found', `No review item ${id} for this account.`);
    return { ...decided, moderation_job_id: id, reviewed_by: reviewer.reviewerId } as never;
  },
  async reviewFrame(reviewer, id, index) {
    calls.push({ method: 'reviewFrame', args: [reviewer, id, index] });
    if (!own(reviewer, id)) return null;
    // A still's frame is its upload, served with its own type.
    return index === 0 ? JPEG_FRAME : index === 1 ? PNG : null;
  },
  async feedback(tenantId, actor: FeedbackActor, input: FeedbackInput) {
    calls.push({ method: 'feedback', args: [tenantId, actor, input] });
    return { id: 'fb_1', tenant_id: tenantId, source: actor.kind, actor_id: actor.id, job_id: input.job_id } as unknown as FeedbackRecord;
  },
  async audit(tenantId, query: AuditQuery) {
    calls.push({ method: 'audit', args: [tenantId, query] });
    return { records: [{ id: 'a1', tenant_id: tenantId, action: 'moderation.requested' }], next_cursor: query.cursor ? null : 'c1' } as never;
  },
};

/** The uploads ingest received: options, and the bytes (the gateway deletes its copy after the call). */
const uploads: { opts: SubmitOptions; bytes: Buffer }[] = [];
const ingest: IngestApi = {
  async submitUpload(opts, file) {
    calls.push({ method: 'submitUpload', args: [opts, file] });
    uploads.push({ opts, bytes: fs.readFileSync(file.path) });
    return { jobId: `job_up${calls.length}` };
  },
  async submitUrl(opts, url) {
    calls.push({ method: 'submitUrl', args: [opts, url] });
    return { jobId: `job_url${calls.length}` };
  },
  async getJob() {
    return null;
  },
};

let gateway: ServedGateway;
let base: string;
const tokens = new TokenIssuer(TOKEN_KEY);
const tokenOf: Record<string, string> = {};

beforeAll(async () => {
  const tenants = new TenantRegistry(
    null,
    parseTenants({
      tenants: [
        {
          id: 'acme',
          api_keys: [KEYS.acme],
          reviewers: [
            { id: 'alice', api_keys: [KEYS.alice] },
            { id: 'ada', api_keys: [KEYS.ada], admin: true },
          ],
          review: { sla_hours: { escalation: 2 } },
        },
        { id: 'globex', api_keys: [KEYS.globex], reviewers: [{ id: 'gina', api_keys: [KEYS.gina] }] },
      ],
    }),
  );
  gateway = await serveGateway({ log, tenants, tokens, ingest, moderator });
  base = `${gateway.origin}/v1`;
  for (const [who, key] of Object.entries(KEYS)) {
    const r = await fetch(`${base}/authenticate`, { method: 'POST', body: new URLSearchParams({ key }) });
    expect(r.status).toBe(200);
    tokenOf[who] = ((await r.json()) as { api_token: string }).api_token;
  }
});

afterAll(async () => {
  await gateway.close();
});

beforeEach(() => {
  calls.length = 0;
  uploads.length = 0;
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  raw: Buffer;
}

async function send(who: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${tokenOf[who]}`, ...headers } };
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string') init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${base}${p}`, init);
  const raw = Buffer.from(await res.arrayBuffer());
  let parsed: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, body: parsed, raw };
}

function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
  const f = new FormData();
  if (file) f.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('authentication', () => {
  it('a reviewer key gives a reviewer-role token of its tenant; a caller key a token without a role', () => {
    expect(claims(tokenOf.alice!)).toMatchObject({ sub: 'acme', role: 'reviewer', rid: 'alice' });
    expect(claims(tokenOf.gina!)).toMatchObject({ sub: 'globex', role: 'reviewer', rid: 'gina' });
    expect(claims(tokenOf.acme!)).not.toHaveProperty('role');
    expect(claims(tokenOf.acme!)).not.toHaveProperty('rid');
  });

  it('a reviewer token whose reviewer is no longer listed is refused with 401', async () => {
    tokenOf.ghost = tokens.issue({ tenantId: 'acme', role: 'reviewer', reviewerId: 'ghost' }).token;
    const r = await send('ghost', 'GET', '/review/queue');
    expect(r).toMatchObject({ status: 401, body: { error: 'unauthorized', message: expect.stringMatching(/reviewer/) } });
    expect(r.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(calls).toEqual([]);
  });
});

describe('which token may use which route', () => {
  const reviewRoutes: [string, string, unknown?][] = [
    ['GET', '/review/queue'],
    ['GET', '/review/me'],
    ['GET', '/review/stats'],
    ['GET', `/review/${ITEM_A}`],
    ['POST', `/review/${ITEM_A}/claim`],
    ['POST', `/review/${ITEM_A}/release`],
    ['POST', `/review/${ITEM_A}/decision`, { decision: 'reject', reason: 'r' }],
    ['GET', `/review/${ITEM_A}/frames/0`],
    ['GET', '/REVIEW/queue'],
  ];
  const callerRoutes: [string, string, unknown?][] = [
    ['POST', '/moderate', { classification_job_id: 'job_1', external_id: 'x' }],
    ['GET', '/moderate/vmod_done'],
    ['POST', '/moderate/vmod_done/appeal', { reason: 'r' }],
    ['GET', '/audit'],
    ['GET', '/models'],
    ['GET', '/policy'],
    ['GET', '/banks'],
    ['POST', '/classify/policy/image', new URLSearchParams({ url: 'https://example.com/a.jpg' })],
    ['GET', '/classify/policy/image/job_1'],
    ['GET', '/jobs/job_1/webhook'],
    ['GET', '/Models'],
    ['GET', '/feedback'],
  ];

  it.each(reviewRoutes)("a caller's token on %s %s: 403 forbidden, the moderator is not asked", async (method, p, body) => {
    const r = await send('acme', method, p, body);
    expect(r).toMatchObject({ status: 403, body: { error: 'forbidden', message: expect.stringMatching(/reviewer/) } });
    expect(calls).toEqual([]);
  });

  it.each(callerRoutes)("a reviewer's token on %s %s: 403 forbidden, saying reviewer tokens may only use the review routes", async (method, p, body) => {
    const r = await send('alice', method, p, body);
    expect(r).toMatchObject({ status: 403, body: { error: 'forbidden', message: expect.stringMatching(/Reviewer tokens may only use the review routes/) } });
    expect(calls).toEqual([]);
  });

  it('without a token the review routes answer 401, not 403', async () => {
    const r = await fetch(`${base}/review/queue`);
    expect(r.status).toBe(401);
  });
});

describe('review routes act for the token’s reviewer and tenant only', () => {
  const alice = { tenantId: 'acme', reviewerId: 'alice' };

  it('the queue: the reviewer from the token, limit checked (default 50)', async () => {
    expect(await send('alice', 'GET', '/review/queue?limit=5&tenant=globex')).toMatchObject({ status: 422, body: { error: 'invalid_request' } });
    const r = await send('alice', 'GET', '/review/queue?limit=5');
    expect(r).toMatchObject({ status: 200, body: { items: [{ moderation_job_id: ITEM_A }], overdue: 0, categories: [], reasons: [] } });
    expect(called('reviewQueue')[0]?.args).toEqual([alice, 5, {}]);
    await send('alice', 'GET', '/review/queue');
    expect(called('reviewQueue')[1]?.args).toEqual([alice, 50, {}]);
    for (const bad of ['0', '201', 'abc', '1.5']) {
      const b = await send('alice', 'GET', `/review/queue?limit=${bad}`);
      expect(b, bad).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/limit/) } });
    }
  });

  it('the queue filters: category (upper-cased), reason (lower-cased), kind; bad values are 422 naming the parameter', async () => {
    const r = await send('alice', 'GET', '/review/queue?category=cosmetics&reason=MEDIUM_RISK_COSMETICS&kind=appeal');
    expect(r.status).toBe(200);
    expect(called('reviewQueue')[0]?.args).toEqual([alice, 50, { category: 'COSMETICS', reason: 'medium_risk_cosmetics', kind: 'appeal' }]);
    const bads: [string, string][] = [
      ['category=1abc', 'category'],
      ['category=a%20b', 'category'],
      [`category=${'A'.repeat(65)}`, 'category'],
      ['reason=a-b', 'reason'],
      [`reason=${'a'.repeat(101)}`, 'reason'],
      ['kind=urgent', 'kind'],
      ['category=A&category=B', 'category'],
    ];
    for (const [bad, name] of bads) {
      const b = await send('alice', 'GET', `/review/queue?${bad}`);
      expect(b, bad).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringContaining(name) } });
    }
    expect(called('reviewQueue')).toHaveLength(1);
  });

  it('GET /review/me: who the token is for, whether an admin, its times and the account SLA', async () => {
    const me = await send('alice', 'GET', '/review/me');
    expect(me).toMatchObject({ status: 200, body: { tenant_id: 'acme', reviewer_id: 'alice', admin: false, sla_hours: { escalation: 2, quality_sample: 72, appeal: 24 } } });
    const c = claims(tokenOf.alice!);
    expect(me.body.issued_at).toBe(new Date(Number(c.iat) * 1000).toISOString());
    expect(me.body.expires_at).toBe(new Date(Number(c.exp) * 1000).toISOString());
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect((await send('ada', 'GET', '/review/me')).body).toMatchObject({ reviewer_id: 'ada', admin: true });
    expect((await send('gina', 'GET', '/review/me')).body).toMatchObject({ tenant_id: 'globex', reviewer_id: 'gina', admin: false, sla_hours: { escalation: 4 } });
  });

  it('GET /review/stats: 403 for a reviewer who is not a tenant admin (the moderator is not asked); an admin gets the moderator answer', async () => {
    expect(await send('alice', 'GET', '/review/stats')).toMatchObject({ status: 403, body: { error: 'forbidden', message: expect.stringMatching(/tenant admins/) } });
    expect(await send('gina', 'GET', '/review/stats')).toMatchObject({ status: 403 });
    expect(called('reviewStats')).toEqual([]);
    const r = await send('ada', 'GET', '/review/stats');
    expect(r).toMatchObject({ status: 200, body: { generated_at: 'now' } });
    expect(called('reviewStats')[0]?.args).toEqual([{ tenantId: 'acme', reviewerId: 'ada' }]);
  });

  it("a reviewer of acme gets 404 for globex's item on every review route, and the moderator is asked for acme", async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', `/review/${ITEM_B}`],
      ['POST', `/review/${ITEM_B}/claim`],
      ['POST', `/review/${ITEM_B}/release`],
      ['POST', `/review/${ITEM_B}/decision`, { decision: 'approve', reason: 'looks fine' }],
      ['GET', `/review/${ITEM_B}/frames/0`],
    ];
    for (const [method, p, body] of attempts) {
      const r = await send('alice', method, p, body);
      expect(r.status, `${method} ${p}`).toBe(404);
      expect(r.body.error).toBe('not_found');
      expect(r.raw.toString('utf8')).not.toContain('secret caption');
    }
    expect(calls.map((c) => c.args[0])).toEqual([alice, alice, alice, alice, alice]);
    // The tenant named in the request changes nothing.
    const spoofed = await send('alice', 'POST', `/review/${ITEM_B}/claim?tenant=globex`, JSON.stringify({ tenant_id: 'globex' }), { 'Content-Type': 'application/json' });
    expect(spoofed.status).toBe(404);
    expect(called('claim').at(-1)?.args[0]).toEqual(alice);
  });

  it("globex's reviewer sees its own item and not acme's", async () => {
    expect((await send('gina', 'GET', `/review/${ITEM_B}`)).status).toBe(200);
    expect((await send('gina', 'GET', `/review/${ITEM_A}`)).status).toBe(404);
    expect(called('reviewItem').map((c) => c.args[0])).toEqual([
      { tenantId: 'globex', reviewerId: 'gina' },
      { tenantId: 'globex', reviewerId: 'gina' },
    ]);
  });

  it('item, claim, decision and frame of the own tenant, none of them cacheable', async () => {
    const item = await send('alice', 'GET', `/review/${ITEM_A}`);
    expect(item).toMatchObject({ status: 200, body: { moderation_job_id: ITEM_A, caption: 'secret caption' } });
    const claim = await send('alice', 'POST', `/review/${ITEM_A}/claim`);
    expect(claim).toMatchObject({ status: 200, body: { state: 'claimed', claimed_by: 'alice' } });
    const decision = await send('alice', 'POST', `/review/${ITEM_A}/decision`, { decision: 'reject', categories: [{ name: 'WEAPONS', risk_level: 'high' }], reason: '  a rifle  ' });
    expect(decision).toMatchObject({ status: 200, body: { moderation_job_id: ITEM_A, decision_type: 'human_reviewed', reviewed_by: 'alice' } });
    const queue = await send('alice', 'GET', '/review/queue');
    for (const r of [item, claim, decision, queue]) expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(called('decide')[0]?.args).toEqual([alice, ITEM_A, { decision: 'reject', categories: [{ name: 'WEAPONS', risk_level: 'high' }], reason: 'a rifle' }]);

    const frame = await send('alice', 'GET', `/review/${ITEM_A}/frames/0`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/jpeg');
    expect(frame.headers.get('cache-control')).toBe('private, no-store');
    expect(frame.raw).toEqual(JPEG_FRAME);
    const png = await send('alice', 'GET', `/review/${ITEM_A}/frames/1`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.raw).toEqual(PNG);
    expect(await send('alice', 'GET', `/review/${ITEM_A}/frames/7`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(called('reviewFrame').map((c) => c.args[2])).toEqual([0, 1, 7]);
  });

  it('bad ids and frame numbers are 404 without asking the moderator', async () => {
    for (const p of ['/review/job_notvmod', '/review/vmod_bad!id/claim', `/review/vmod_${'x'.repeat(65)}`, `/review/${ITEM_A}/frames/-1`, `/review/${ITEM_A}/frames/x`, `/review/${ITEM_A}/frames/1234567`]) {
      const r = await send('alice', p.endsWith('claim') ? 'POST' : 'GET', p);
      expect(r, p).toMatchObject({ status: 404, body: { error: 'not_found', message: expect.any(String) } });
    }
    expect(calls).toEqual([]);
  });

  it('a decision that is not JSON is 415; a bad one 422 naming the field', async () => {
    const p = `/review/${ITEM_A}/decision`;
    expect(await send('alice', 'POST', p, new URLSearchParams({ decision: 'reject', reason: 'x' }))).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    expect(await send('alice', 'POST', p)).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const bad: [unknown, RegExp][] = [
      [{ decision: 'maybe', reason: 'x' }, /decision/],
      [{ decision: 'reject' }, /reason/],
      [{ decision: 'reject', reason: '   ' }, /reason/],
      [{ decision: 'reject', reason: 'x', categories: [{ name: 'WEAPONS', risk_level: 'extreme' }] }, /categories\.0\.risk_level/],
      [{ decision: 'reject', reason: 'x', reviewer_id: 'bob' }, /reviewer_id/],
      [[], /expected object/],
    ];
    for (const [body, message] of bad) {
      expect(await send('alice', 'POST', p, body), JSON.stringify(body)).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(message) } });
    }
    const broken = await send('alice', 'POST', p, '{"decision": ', { 'Content-Type': 'application/json' });
    expect(broken).toMatchObject({ status: 422, body: { error: 'invalid_request' } });
    expect(called('decide')).toEqual([]);
  });

  it("the moderator's refusals pass through as JSON (a conflict on a claim)", async () => {
    const claim = moderator.claim;
    moderator.claim = async () => {
      throw new ApiError('conflict', 'Claimed by bob until 12:00.');
    };
    try {
      expect(await send('alice', 'POST', `/review/${ITEM_A}/claim`)).toMatchObject({ status: 409, body: { error: 'conflict', message: 'Claimed by bob until 12:00.' } });
    } finally {
      moderator.claim = claim;
    }
  });

  it('reading an item never claims it: GET asks the moderator for the item only', async () => {
    expect((await send('alice', 'GET', `/review/${ITEM_A}`)).status).toBe(200);
    expect(calls.map((c) => c.method)).toEqual(['reviewItem']);
  });

  it('release: the reviewer from the token, the item back in the queue, uncacheable; the claim cap and a foreign release are 409 with the message', async () => {
    const r = await send('alice', 'POST', `/review/${ITEM_A}/release?reviewer=bob`, JSON.stringify({ reviewer_id: 'bob' }), { 'Content-Type': 'application/json' });
    expect(r).toMatchObject({ status: 200, body: { moderation_job_id: ITEM_A, state: 'queued', claimed_by: null, lease_expires_at: null } });
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(called('release').map((c) => c.args)).toEqual([[alice, ITEM_A]]);

    const { claim, release } = moderator;
    moderator.claim = async () => {
      throw new ApiError('conflict', 'You already hold 3 claimed items (vmod_a, vmod_b, vmod_c), the most this account allows at once (review.claims_per_reviewer: 3); decide or release one first.');
    };
    moderator.release = async () => {
      throw new ApiError('conflict', `You hold no claim on moderation job ${ITEM_A}: another reviewer holds it.`);
    };
    try {
      expect(await send('alice', 'POST', `/review/${ITEM_A}/claim`)).toMatchObject({ status: 409, body: { error: 'conflict', message: expect.stringMatching(/claims_per_reviewer: 3/) } });
      expect(await send('alice', 'POST', `/review/${ITEM_A}/release`)).toMatchObject({ status: 409, body: { error: 'conflict', message: expect.stringMatching(/hold no claim/) } });
    } finally {
      Object.assign(moderator, { claim, release });
    }
  });
});

describe('POST /v1/moderate', () => {
  it('with classification_job_id (JSON, urlencoded or multipart): asks the moderator with the token’s tenant and answers its status', async () => {
    const bodies = [
      { classification_job_id: 'job_1', external_id: 'e1', callback_url: 'https://hooks.example/m' },
      new URLSearchParams({ classification_job_id: 'job_1', external_id: 'e1', callback_url: 'https://hooks.example/m' }),
      form({ classification_job_id: 'job_1', external_id: 'e1', callback_url: 'https://hooks.example/m' }),
    ];
    for (const body of bodies) {
      const r = await send('acme', 'POST', '/moderate', body);
      expect(r).toMatchObject({ status: 202, body: { moderation_job_id: 'vmod_new', classification_job_id: 'job_1' } });
    }
    expect(called('moderate').map((c) => c.args[0])).toEqual(Array(3).fill({ tenantId: 'acme', classificationJobId: 'job_1', externalId: 'e1', callbackUrl: 'https://hooks.example/m', idempotencyKey: null }));
    expect(called('submitUpload').concat(called('submitUrl'))).toEqual([]);
  });

  it('with a file: a policy job of the kind the bytes say, then the moderation of that job', async () => {
    const image = await send('acme', 'POST', '/moderate', form({ external_id: 'img', caption: 'a lipstick', callback_url: 'https://hooks.example/m' }, { data: PNG, name: 'x.bin', type: 'application/octet-stream' }));
    expect(image.status).toBe(202);
    const video = await send('acme', 'POST', '/moderate', form({ external_id: 'vid' }, { data: MP4, name: 'clip.jpg', type: 'image/jpeg' }));
    expect(video.status).toBe(202);
    expect(uploads.map((u) => [u.opts.product, u.opts.media, u.opts.tenantId, u.opts.caption, u.opts.callbackUrl])).toEqual([
      ['policy', 'image', 'acme', 'a lipstick', null],
      ['policy', 'video', 'acme', null, null],
    ]);
    expect(uploads[0]?.bytes).toEqual(PNG);
    const moderated = called('moderate').map((c) => c.args[0] as ModerateInput);
    expect(moderated.map((m) => [m.externalId, m.callbackUrl])).toEqual([
      ['img', 'https://hooks.example/m'],
      ['vid', null],
    ]);
    // Each moderation names the job just submitted.
    expect(moderated[0]?.classificationJobId).toMatch(/^job_up/);
    expect(moderated[1]?.classificationJobId).toMatch(/^job_up/);
    expect(moderated[0]?.classificationJobId).not.toBe(moderated[1]?.classificationJobId);
  });

  it('content_type overrides what the bytes or the URL say', async () => {
    await send('acme', 'POST', '/moderate', form({ external_id: 'x', content_type: 'video' }, { data: PNG, name: 'a.png', type: 'image/png' }));
    await send('acme', 'POST', '/moderate', { url: 'https://cdn.example/clip.mp4', external_id: 'x', content_type: 'image' });
    expect(uploads[0]?.opts.media).toBe('video');
    expect(called('submitUrl')[0]?.args[0]).toMatchObject({ media: 'image' });
    expect((await send('acme', 'POST', '/moderate', { url: 'https://cdn.example/a.jpg', content_type: 'audio' })).status).toBe(422);
  });

  it('with a url: the kind from its extension (image by default), then the moderation', async () => {
    const urls = ['https://cdn.example/clip.MP4?sig=1', 'https://cdn.example/a/b.webm#t=3', 'https://cdn.example/photo.jpg', 'https://cdn.example/no-extension', 'https://cdn.example/x.mp4/view'];
    for (const url of urls) expect((await send('acme', 'POST', '/moderate', { url, external_id: 'u', caption: 'c' })).status).toBe(202);
    const submits = called('submitUrl').map((c) => [(c.args[0] as SubmitOptions).media, c.args[1]]);
    expect(submits).toEqual([
      ['video', urls[0]],
      ['video', urls[1]],
      ['image', urls[2]],
      ['image', urls[3]],
      ['image', urls[4]],
    ]);
    expect(called('submitUrl')[0]?.args[0]).toMatchObject({ tenantId: 'acme', product: 'policy', caption: 'c', callbackUrl: null });
    expect(called('moderate')).toHaveLength(5);
  });

  it('refuses both a job id and content, neither, file and url, and fields that only go with content', async () => {
    const refusals: [unknown, RegExp][] = [
      [{ classification_job_id: 'job_1', url: 'https://cdn.example/a.jpg', external_id: 'x' }, /not both/],
      [form({ classification_job_id: 'job_1', external_id: 'x' }, { data: PNG, name: 'a.png', type: 'image/png' }), /not both/],
      [form({ url: 'https://cdn.example/a.jpg', external_id: 'x' }, { data: PNG, name: 'a.png', type: 'image/png' }), /either "file" or "url"/],
      [{ external_id: 'x' }, /classification_job_id/],
      [{ classification_job_id: 'job_1', caption: 'hi' }, /caption and content_type/],
      [{ classification_job_id: 'job_1', content_type: 'video' }, /caption and content_type/],
      [{ url: 'ftp://cdn.example/a.jpg' }, /url must be an absolute http/],
      [{ classification_job_id: 'job_1', callback_url: 'not a url' }, /callback_url/],
    ];
    for (const [body, message] of refusals) {
      const r = await send('acme', 'POST', '/moderate', body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(message) } });
    }
    expect(calls).toEqual([]);
  });

  it('an upload the bytes call an image is held to the image size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const r = await send('acme', 'POST', '/moderate', form({ external_id: 'big' }, { data: big, name: 'big.png', type: 'image/png' }));
    expect(r).toMatchObject({ status: 413, body: { error: 'payload_too_large', message: expect.stringMatching(/images up to/) } });
    expect(calls).toEqual([]);
  });

  it('an Idempotency-Key goes to ingest; the fingerprint changes with what only the moderation uses', async () => {
    const headers = { 'Idempotency-Key': 'moderate-1' };
    await send('acme', 'POST', '/moderate', JSON.stringify({ url: 'https://cdn.example/a.jpg', external_id: 'a' }), { ...headers, 'Content-Type': 'application/json' });
    await send('acme', 'POST', '/moderate', JSON.stringify({ url: 'https://cdn.example/a.jpg', external_id: 'a' }), { ...headers, 'Content-Type': 'application/json' });
    await send('acme', 'POST', '/moderate', JSON.stringify({ url: 'https://cdn.example/a.jpg', external_id: 'b' }), { ...headers, 'Content-Type': 'application/json' });
    const idem = called('submitUrl').map((c) => (c.args[0] as SubmitOptions).idempotency);
    expect(idem.map((i) => i?.key)).toEqual(['moderate-1', 'moderate-1', 'moderate-1']);
    expect(idem[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(idem[1]?.fingerprint).toBe(idem[0]?.fingerprint);
    expect(idem[2]?.fingerprint).not.toBe(idem[0]?.fingerprint);
    const bad = await send('acme', 'POST', '/moderate', { url: 'https://cdn.example/a.jpg' }, { 'Idempotency-Key': '' });
    expect(bad).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/Idempotency-Key/) } });
  });

  it("ingest's refusal of the content is the answer, and no moderation is created", async () => {
    const submitUrl = ingest.submitUrl;
    ingest.submitUrl = async () => {
      throw new ApiError('unsupported_media_type', 'Not an image.');
    };
    try {
      expect(await send('acme', 'POST', '/moderate', { url: 'https://cdn.example/a.jpg' })).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
      expect(called('moderate')).toEqual([]);
    } finally {
      ingest.submitUrl = submitUrl;
    }
  });
});

describe('GET /v1/moderate/{id} and appeals', () => {
  it('answers the current state with its status; 404 JSON for an unknown or malformed id', async () => {
    expect(await send('acme', 'GET', '/moderate/vmod_done')).toMatchObject({ status: 200, body: decided });
    expect(await send('globex', 'GET', '/moderate/vmod_done')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await send('acme', 'GET', '/moderate/job_1')).toMatchObject({ status: 404, body: { error: 'not_found', message: expect.stringMatching(/vmod_/) } });
    expect(called('getModeration').map((c) => c.args)).toEqual([
      ['acme', 'vmod_done'],
      ['globex', 'vmod_done'],
    ]);
  });

  it('an appeal: the reason to the moderator with the token’s tenant; 415 and 422 for bad bodies', async () => {
    expect(await send('acme', 'POST', '/moderate/vmod_done/appeal', { reason: ' wrong call ' })).toMatchObject({ status: 200, body: { moderation_job_id: 'vmod_done' } });
    expect(called('appeal')[0]?.args).toEqual(['acme', 'vmod_done', { reason: 'wrong call' }]);
    expect(await send('globex', 'POST', '/moderate/vmod_done/appeal', { reason: 'mine' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(called('appeal')[1]?.args[0]).toBe('globex');
    expect(await send('acme', 'POST', '/moderate/vmod_done/appeal', new URLSearchParams({ reason: 'x' }))).toMatchObject({ status: 415 });
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(2001) }, { reason: 'x', extra: 1 }]) {
      expect(await send('acme', 'POST', '/moderate/vmod_done/appeal', body), JSON.stringify(body)).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/appeal/) } });
    }
    expect(await send('acme', 'POST', '/moderate/nope/appeal', { reason: 'x' })).toMatchObject({ status: 404 });
    expect(called('appeal')).toHaveLength(2);
  });

  it("the moderator's appeal refusals: 409 for a second appeal or no reviewer left, 429 with Retry-After past the hourly cap", async () => {
    const appeal = moderator.appeal;
    const refusals = [
      new ApiError('conflict', 'Moderation job vmod_done has been appealed once, the most this account allows per item (review.appeals_per_item: 1); its decision is final.'),
      new ApiError('conflict', 'No reviewer is left to decide an appeal of moderation job vmod_done: every reviewer of this account (alice) decided it before.'),
      new ApiError('rate_limited', 'This account made 100 appeals in the last hour, the most it allows (review.appeals_per_hour: 100); appeal again in 1200 s.', { retryAfterSeconds: 1200 }),
    ];
    try {
      for (const refusal of refusals) {
        moderator.appeal = async () => {
          throw refusal;
        };
        const r = await send('acme', 'POST', '/moderate/vmod_done/appeal', { reason: 'again' });
        expect(r).toMatchObject({ status: refusal.status, body: { error: refusal.code, message: refusal.message } });
        if (refusal.code === 'rate_limited') expect(r.headers.get('retry-after')).toBe('1200');
      }
    } finally {
      moderator.appeal = appeal;
    }
  });
});

describe('POST /v1/feedback', () => {
  const body = { job_id: 'job_1', category: 'WEAPONS', correct: false, note: 'a toy' };

  it('records the caller or the reviewer as the actor and answers 201', async () => {
    expect(await send('acme', 'POST', '/feedback', body)).toMatchObject({ status: 201, body: { source: 'caller', actor_id: 'acme' } });
    expect(await send('alice', 'POST', '/feedback', body)).toMatchObject({ status: 201, body: { source: 'reviewer', actor_id: 'alice' } });
    expect(called('feedback').map((c) => c.args)).toEqual([
      ['acme', { kind: 'caller', id: 'acme' }, body],
      ['acme', { kind: 'reviewer', id: 'alice' }, body],
    ]);
  });

  it('refuses a body that is not JSON (415) or not valid (422 naming the problem)', async () => {
    expect(await send('acme', 'POST', '/feedback', new URLSearchParams({ job_id: 'job_1' }))).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const bad: [unknown, RegExp][] = [
      [{ job_id: 'job_1', correct: true }, /exactly one of "class" or "category"/],
      [{ job_id: 'job_1', class: 'gun', category: 'WEAPONS', correct: true }, /exactly one/],
      [{ job_id: 'job 1', class: 'gun', correct: true }, /job_id/],
      [{ job_id: 'job_1', class: 'gun', correct: 'yes' }, /correct/],
      [{ job_id: 'job_1', class: 'gun', correct: true, actor: 'someone' }, /actor/],
    ];
    for (const [b, message] of bad) {
      expect(await send('alice', 'POST', '/feedback', b), JSON.stringify(b)).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(message) } });
    }
    expect(called('feedback')).toEqual([]);
  });
});

describe('GET /v1/audit', () => {
  it("the token's tenant's records, filtered by the query", async () => {
    const r = await send('acme', 'GET', '/audit?moderation_job_id=vmod_abc&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00%2B01:00&limit=10');
    expect(r).toMatchObject({ status: 200, body: { records: [{ tenant_id: 'acme' }], next_cursor: 'c1' } });
    expect(called('audit')[0]?.args).toEqual(['acme', { moderation_job_id: 'vmod_abc', from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00+01:00', limit: 10 }]);
    await send('globex', 'GET', '/audit');
    expect(called('audit')[1]?.args).toEqual(['globex', { limit: 200 }]);
    expect(await send('acme', 'GET', '/audit?cursor=c1')).toMatchObject({ status: 200, body: { next_cursor: null } });
    expect(called('audit')[2]?.args).toEqual(['acme', { limit: 200, cursor: 'c1' }]);
  });

  it('refuses bad queries with 422 naming the parameter', async () => {
    const bad: [string, RegExp][] = [
      ['moderation_job_id=job_1', /moderation_job_id/],
      ['from=yesterday', /from/],
      ['limit=0', /limit/],
      ['limit=1001', /limit/],
      ['tenant=globex', /tenant/],
      ['limit=1&limit=2', /limit/],
      ['cursor=not%20a%20cursor', /cursor/],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', /from is after to/],
    ];
    for (const [q, message] of bad) {
      expect(await send('acme', 'GET', `/audit?${q}`), q).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(message) } });
    }
    expect(called('audit')).toEqual([]);
  });
});
