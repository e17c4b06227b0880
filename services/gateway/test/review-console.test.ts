// The reviewer console: how the gateway serves it (types, security headers, redirect, nothing outside its
// directory), its scripts type-checked with the DOM library, and its behaviour in headless Chromium
// against the real gateway with a recording in-memory moderator behind it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Logger } from '@modsvc/common/logger';
import { ApiError } from '@modsvc/common/errors';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { TokenIssuer } from '@modsvc/common/tokens';
import type { ModeratorApi, ReviewerRef } from '@modsvc/common/contracts';
import type { ModerationOutcome, ReviewBankMatch, ReviewDecisionInput, ReviewItem, ReviewItemDetail, ReviewQueueFilter, ReviewStats } from '@modsvc/common/domain/index';
import { CONSOLE_DIR } from '../src/review-console.ts';
import { makeJpeg } from '../../../test/helpers/media.ts';
import {
  assertMediaHidden,
  assertMediaRevealed,
  closeConsole,
  consoleErrors,
  decideByKeyboard,
  docsScreenshot,
  hasChromium,
  mediaState,
  openConsole,
  openFirstItem,
  pageErrors,
  reveal,
  screenshot,
  signIn,
  statusText,
} from '../../../test/helpers/review-console.ts';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KEYS = { caller: 'acme-caller-key-0123456789', reviewer: 'acme-reviewer-key-0123456789', boss: 'acme-boss-key-0123456789abc' };
const CSP = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
const silent = { debug() {}, info() {}, warn() {}, error() {}, fatal() {} } as unknown as Logger;

// The item the fake moderator holds: a 1600x1200 frame (shown scaled down), one box, a caption span.
const FRAME = { width: 1600, height: 1200 };
const BOX: [number, number, number, number] = [800, 300, 400, 600];
const CAPTION = 'Buy the new L1pstick shade today';
const OVERDUE_ID = 'vmod_overdue0';
const ITEM_ID = 'vmod_lipstick1';
const HELD_ID = 'vmod_heldbyother';
const VIDEO_ID = 'vmod_video3';
const APPEAL_ID = 'vmod_appeal4';
const MIN = 60_000;
const HOUR = 60 * MIN;
const SLA: Record<ReviewItem['kind'], number> = { escalation: 4 * HOUR, quality_sample: 72 * HOUR, appeal: 24 * HOUR };
const BANK_MATCH: ReviewBankMatch = {
  bank_id: 'bank_takedowns',
  bank_name: 'takedowns',
  category: 'KNOWN_HARMFUL',
  risk_level: 'MEDIUM',
  threshold: 31,
  content_id: 'c_17',
  note: 'case 17: leaked photo',
  added_at: '2026-02-03T04:05:06.000Z',
  signal_type: 'pdq',
  distance: 7,
  quality: 92,
  frame_timestamp: 0,
  vpdq: null,
  sets_category: true,
};

/** A queue entry queued `ago` ms ago, due after its kind's SLA (the fake's only tenant uses the defaults). */
function queueEntry(id: string, externalId: string, priority: number, ago: number, kind: ReviewItem['kind'] = 'escalation'): ReviewItem {
  const queuedAt = Date.now() - ago;
  return {
    moderation_job_id: id,
    classification_job_id: `job_${id}`,
    content_type: 'image',
    external_id: externalId,
    kind,
    state: 'queued',
    priority,
    reasons: kind === 'appeal' ? ['appeal'] : ['medium_risk_COSMETICS', 'not_covered_ARMS_AMMO'],
    queued_at: new Date(queuedAt).toISOString(),
    claimed_by: null,
    lease_expires_at: null,
    queue: 'reviewers',
    due_at: new Date(queuedAt + SLA[kind]).toISOString(),
    overdue: queuedAt + SLA[kind] < Date.now(),
    appeal_reason: null,
    automated: null,
    decisions: [],
  };
}

/** What the category filter reads for each fake item. */
const CATEGORIES: Record<string, string[]> = {
  [OVERDUE_ID]: ['KNOWN_HARMFUL'],
  [ITEM_ID]: ['ARMS_AMMO', 'COSMETICS'],
  [HELD_ID]: ['ARMS_AMMO', 'COSMETICS'],
  [VIDEO_ID]: ['ARMS_AMMO'],
  [APPEAL_ID]: ['COSMETICS'],
};

const EARLIER: ReviewItem['decisions'][number] = { reviewer_id: 'rev-3', kind: 'escalation', decision: 'reject', categories: [{ name: 'COSMETICS', risk_level: 'high' }], reason: 'explicit ad', at: '2026-03-04T09:10:00.000Z' };

function detailOf(entry: ReviewItem): ReviewItemDetail {
  const none = { bank_matches: [], appealed_decision: null };
  if (entry.moderation_job_id === VIDEO_ID) {
    // Three frames; evidence on the first (no box) and the last (a box): the timeline lists those two.
    return {
      ...entry,
      ...none,
      caption: null,
      policy_categories: [{ name: 'ARMS_AMMO', description: 'Weapons', score: 0.55, risk_level: 'MEDIUM', triggered_by: 'firearm' }],
      transcript: 'put the gun down now',
      speech_segments: [{ start: 0.5, end: 1.8, text: 'put the gun down now' }],
      ocr_text: null,
      text_spans: [{ source: 'speech', label: 'threat', score: 0.7, start: 8, end: 11, text: 'gun' }],
      evidence: [
        { class: 'firearm', timestamp: 0.1, score: 0.4, box: null },
        { class: 'firearm', timestamp: 1.9, score: 0.55, box: [100, 100, 200, 200] },
      ],
      frames: [0, 1, 2].map((index) => ({ index, timestamp: index })),
      media_available: true,
    };
  }
  if (entry.moderation_job_id === OVERDUE_ID) {
    return {
      ...entry,
      ...none,
      caption: 'a photo',
      policy_categories: [
        { name: 'KNOWN_HARMFUL', description: 'Known content: matched an item of the hash bank "takedowns"', score: 1, risk_level: 'MEDIUM', triggered_by: `bank:${BANK_MATCH.bank_id}` },
        { name: 'SEXUAL', description: 'Sexual content', score: 0.03, risk_level: 'NONE', triggered_by: 'neutral' },
      ],
      transcript: null,
      speech_segments: [],
      ocr_text: null,
      text_spans: [],
      evidence: [],
      frames: [{ index: 0, timestamp: 0 }],
      media_available: true,
      bank_matches: [BANK_MATCH],
    };
  }
  return {
    ...entry,
    ...none,
    caption: CAPTION,
    policy_categories: [
      { name: 'COSMETICS', description: 'Cosmetic products', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'terms:lipstick' },
      { name: 'ARMS_AMMO', description: 'Weapons', score: null, risk_level: 'UNKNOWN', triggered_by: null },
      { name: 'SEXUAL', description: 'Sexual content', score: 0.03, risk_level: 'NONE', triggered_by: 'neutral' },
    ],
    transcript: null,
    speech_segments: [],
    ocr_text: 'SALE 50%',
    text_spans: [{ source: 'caption', label: 'terms:COSMETICS', score: 0.6, start: 8, end: 16, text: 'L1pstick' }],
    evidence: [{ class: 'lipstick', timestamp: 0, score: 0.91, box: BOX }],
    frames: [{ index: 0, timestamp: 0 }],
    media_available: true,
    appealed_decision:
      entry.kind === 'appeal'
        ? { decision: 'reject', decided_by: 'reviewer', reviewer_id: EARLIER.reviewer_id, kind: EARLIER.kind, reason: EARLIER.reason!, reasons: [], categories: EARLIER.categories, at: EARLIER.at }
        : null,
  };
}

const LEASE_END = new Date(Date.now() + 3600_000).toISOString();

const STATS: ReviewStats = {
  generated_at: new Date().toISOString(),
  queues: [
    { kind: 'escalation', sla_hours: 4, depth: 4, overdue: 1, oldest_queued_at: new Date(Date.now() - 5 * HOUR).toISOString(), oldest_age_seconds: 5 * 3600 },
    { kind: 'quality_sample', sla_hours: 72, depth: 0, overdue: 0, oldest_queued_at: null, oldest_age_seconds: null },
    { kind: 'appeal', sla_hours: 24, depth: 1, overdue: 0, oldest_queued_at: new Date(Date.now() - HOUR).toISOString(), oldest_age_seconds: 3600 },
  ],
  window_from: new Date(Math.floor(Date.now() / HOUR) * HOUR - 23 * HOUR).toISOString(),
  hours: Array.from({ length: 24 }, (_, i) => new Date(Math.floor(Date.now() / HOUR) * HOUR - (23 - i) * HOUR).toISOString()),
  reviewers: [
    { reviewer_id: 'rev-1', decisions: 12, per_hour: [...Array<number>(20).fill(0), 3, 4, 3, 2], compared: 4, overturned: 1, overturn_rate: 0.25 },
    { reviewer_id: 'rev-3', decisions: 5, per_hour: [...Array<number>(18).fill(0), 5, 0, 0, 0, 0, 0], compared: 0, overturned: 0, overturn_rate: null },
    { reviewer_id: 'boss', decisions: 0, per_hour: Array<number>(24).fill(0), compared: 0, overturned: 0, overturn_rate: null },
  ],
  overturns: [
    { kind: 'escalation', decisions: 13, compared: 0, overturned: 0, overturn_rate: null },
    { kind: 'quality_sample', decisions: 2, compared: 2, overturned: 0, overturn_rate: 0 },
    { kind: 'appeal', decisions: 2, compared: 2, overturned: 1, overturn_rate: 0.5 },
  ],
  decisions: 17,
  compared: 4,
  overturned: 1,
  overturn_rate: 0.25,
  truncated: false,
};

/**
 * An in-memory moderator with five items in review: one overdue (a hash-bank match), three escalations
 * due later (the second held by another reviewer), an appeal due tomorrow. Its queue answers as the real
 * one does (earliest due first, the filters, the facets); it records what it is asked.
 */
class FakeModerator {
  queue = [
    { ...queueEntry(OVERDUE_ID, 'ext-overdue-0', 70, 5 * HOUR), reasons: ['medium_risk_known_harmful'] },
    queueEntry(ITEM_ID, 'ext-lipstick-1', 10, 10 * MIN),
    { ...queueEntry(HELD_ID, 'ext-held-2', 5, 5 * MIN), state: 'claimed' as const, claimed_by: 'rev-2', lease_expires_at: LEASE_END },
    { ...queueEntry(VIDEO_ID, 'ext-video-3', 1, 2 * MIN), content_type: 'video' as const },
    { ...queueEntry(APPEAL_ID, 'ext-appeal-4', 100, HOUR, 'appeal'), appeal_reason: 'It is our own product shoot', decisions: [EARLIER] },
  ];
  frames: number[] = [];
  claims: { reviewer: ReviewerRef; id: string }[] = [];
  releases: { reviewer: ReviewerRef; id: string }[] = [];
  decisions: { reviewer: ReviewerRef; id: string; input: ReviewDecisionInput }[] = [];
  queueCalls: ReviewQueueFilter[] = [];
  statsCalls: ReviewerRef[] = [];
  frame: Buffer = Buffer.alloc(0);

  api(): ModeratorApi {
    const unused = () => Promise.reject(new Error('not used by the console'));
    const find = (id: string) => this.queue.find((q) => q.moderation_job_id === id) ?? null;
    const facets = (names: string[]) =>
      [...names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>())].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    return {
      moderate: unused,
      getModeration: unused,
      appeal: unused,
      feedback: unused,
      audit: unused,
      reviewQueue: async (_reviewer, limit, filter = {}) => {
        this.queueCalls.push(filter);
        const open = this.queue.filter((q) => q.state !== 'done').sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || b.priority - a.priority);
        const items = open.filter(
          (q) =>
            (!filter.category || CATEGORIES[q.moderation_job_id]!.includes(filter.category)) &&
            (!filter.reason || q.reasons.some((r) => r.toLowerCase() === filter.reason)) &&
            (!filter.kind || q.kind === filter.kind),
        );
        return {
          items: items.slice(0, limit),
          overdue: items.filter((q) => q.overdue).length,
          categories: facets(open.flatMap((q) => CATEGORIES[q.moderation_job_id]!)),
          reasons: facets(open.flatMap((q) => q.reasons.map((r) => r.toLowerCase()))),
        };
      },
      reviewStats: async (reviewer) => {
        this.statsCalls.push(reviewer);
        return STATS;
      },
      reviewItem: async (_reviewer, id) => {
        const q = find(id);
        return q ? detailOf(q) : null;
      },
      claim: async (reviewer, id) => {
        const q = find(id);
        if (!q) throw new ApiError('not_found', `No review item ${id}.`);
        if (id === HELD_ID) throw new ApiError('conflict', 'Claimed by reviewer rev-2 until 12:00; pick another item.');
        this.claims.push({ reviewer, id });
        Object.assign(q, { state: 'claimed', claimed_by: reviewer.reviewerId, lease_expires_at: LEASE_END });
        return q;
      },
      release: async (reviewer, id) => {
        const q = find(id);
        if (!q) throw new ApiError('not_found', `No review item ${id}.`);
        if (q.claimed_by !== reviewer.reviewerId) throw new ApiError('conflict', `You hold no claim on ${id}.`);
        this.releases.push({ reviewer, id });
        Object.assign(q, { state: 'queued', claimed_by: null, lease_expires_at: null });
        return q;
      },
      decide: async (reviewer, id, input): Promise<ModerationOutcome> => {
        const q = find(id);
        if (!q || q.claimed_by !== reviewer.reviewerId) throw new ApiError('conflict', 'Claim the item first.');
        this.decisions.push({ reviewer, id, input });
        q.state = 'done';
        return {
          classification_job_id: q.classification_job_id,
          content_type: 'image',
          external_id: q.external_id,
          moderation_job_id: id,
          decision: input.decision,
          decision_type: 'human_reviewed',
          escalate: false,
          escalate_reasons: [],
          is_error: false,
          policy_categories: [],
          policy_version: 'std-1',
          reviewed_by: reviewer.reviewerId,
          review_reason: input.reason,
        };
      },
      reviewFrame: async (_reviewer, id, index) => {
        const q = find(id);
        if (!q || index >= detailOf(q).frames.length) return null;
        this.frames.push(index);
        return this.frame;
      },
    };
  }
}

const moderator = new FakeModerator();
let gateway: ServedGateway;
let base: string;

beforeAll(async () => {
  moderator.frame = await makeJpeg(FRAME.width, FRAME.height);
  const tenants = new TenantRegistry(
    null,
    parseTenants({
      tenants: [
        {
          id: 'acme',
          api_keys: [KEYS.caller],
          reviewers: [
            { id: 'rev-1', api_keys: [KEYS.reviewer] },
            { id: 'boss', api_keys: [KEYS.boss], admin: true },
          ],
        },
      ],
    }),
  );
  gateway = await serveGateway({ log: silent, tenants, tokens: new TokenIssuer('k'.repeat(40)), moderator: moderator.api() });
  base = gateway.origin;
});

afterAll(async () => {
  await closeConsole();
  await gateway.close();
});

/** A GET with the path sent exactly as written (fetch would normalise dot segments away). */
function rawGet(pathAndQuery: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathAndQuery}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('serving the console', () => {
  it('/review redirects to /review/, keeping the query', async () => {
    const r = await rawGet('/review?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/review/?x=1');
  });

  it.each([
    ['/review/', 'text/html; charset=utf-8'],
    ['/review/index.html', 'text/html; charset=utf-8'],
    ['/review/console.js', 'text/javascript; charset=utf-8'],
    ['/review/api.js', 'text/javascript; charset=utf-8'],
    ['/review/view.js', 'text/javascript; charset=utf-8'],
    ['/review/console.css', 'text/css; charset=utf-8'],
  ])('%s: %s with the security headers', async (p, type) => {
    const r = await rawGet(p);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(type);
    expect(r.headers['content-security-policy']).toBe(CSP);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.body).toBe(fs.readFileSync(path.join(CONSOLE_DIR, p === '/review/' ? 'index.html' : path.basename(p)), 'utf8'));
  });

  it('every file the page and its modules load is served', async () => {
    const html = (await rawGet('/review/')).body;
    const refs = [...html.matchAll(/(?:src|href)="([^":]+)"/g)].map((m) => m[1]!);
    for (const file of fs.readdirSync(CONSOLE_DIR).filter((f) => f.endsWith('.js'))) {
      refs.push(...[...fs.readFileSync(path.join(CONSOLE_DIR, file), 'utf8').matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]!));
    }
    expect(refs).toEqual(expect.arrayContaining(['console.css', 'console.js', 'api.js', 'view.js']));
    for (const ref of new Set(refs)) expect((await rawGet(`/review/${ref}`)).status, ref).toBe(200);
  });

  it.each(['/review/..%2fpackage.json', '/review/%2e%2e/package.json', '/review/../package.json', '/review/..%2f..%2f..%2fpackage.json', '/review/tsconfig.json', '/review/nope.js', '/review/console.js/'])(
    '%s: 404, nothing outside the console files',
    async (p) => {
      const r = await rawGet(p);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body)).toMatchObject({ error: 'not_found' });
    },
  );

  it('the API refuses a caller token on the review routes the console calls', async () => {
    const auth = await fetch(`${base}/v1/authenticate`, { method: 'POST', body: new URLSearchParams({ key: KEYS.caller }) });
    const { api_token } = (await auth.json()) as { api_token: string };
    const r = await fetch(`${base}/v1/review/queue`, { headers: { Authorization: `Bearer ${api_token}` } });
    expect(r.status).toBe(403);
  });
});

describe('the console scripts', () => {
  it('type-check with the DOM library (// @ts-check, JSDoc types)', async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const r = await run(process.execPath, [tsc, '-p', path.join(CONSOLE_DIR, 'tsconfig.json')], { cwd: ROOT }).then(
      () => '',
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(r).toBe('');
  });
});

if (!hasChromium()) console.warn('review console browser test skipped: /usr/bin/chromium is missing (make test installs it, see mk/browser.mk)');

describe.skipIf(!hasChromium())('the console in headless Chromium', () => {
  let page: Page;
  const rev1 = { tenantId: 'acme', reviewerId: 'rev-1' };
  const queueIds = () => page.getByTestId('queue-item').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-moderation-job-id')));
  const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);
  /** Presses a key with the focus on the page (not a field), as a reviewer working by keyboard. */
  const press = async (key: string) => {
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    await page.keyboard.press(key);
  };
  /** Waits for the queue answer after the `n`-th request the fake moderator saw. */
  const queueLoadedAfter = async (calls: number) => {
    await expect.poll(() => moderator.queueCalls.length).toBeGreaterThan(calls);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="queue"]')?.getAttribute('data-loaded') ?? 0) >= n, 1);
  };

  beforeAll(async () => {
    page = await openConsole(base);
  });

  it('refuses a wrong key and says so', async () => {
    await page.getByTestId('key').fill('not-a-key-0123456789');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('status').filter({ hasText: 'Sign-in failed' }).waitFor();
    expect(await page.getByTestId('workspace').isHidden()).toBe(true);
  });

  it('signs in with the reviewer key, keeping the token in sessionStorage only; the sign-in line says who, since when and until when', async () => {
    const before = Date.now();
    await signIn(page, KEYS.reviewer);
    const stored = await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length }));
    expect(stored).toEqual({ session: 1, local: 0 });
    const who = page.getByTestId('who');
    await who.filter({ hasText: 'Signed in as rev-1 (acme) since' }).waitFor();
    const issued = Date.parse((await who.getAttribute('data-issued-at'))!);
    const expires = Date.parse((await who.getAttribute('data-expires-at'))!);
    expect(issued).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(issued).toBeLessThanOrEqual(Date.now());
    expect(expires - issued).toBe(24 * HOUR);
    // The dates as the page writes them (the browser's locale), not only the times.
    const shown = await page.evaluate(
      ([i, e]) => [i, e].map((t) => new Date(t!).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })),
      [issued, expires],
    );
    expect(await who.textContent()).toBe(`Signed in as rev-1 (acme) since ${shown[0]}; session ends ${shown[1]}`);
    expect(await page.getByTestId('supervisor-button').isHidden()).toBe(true);
  });

  it('overdue items first: the queue comes earliest due first, each item with its age and when it is due, the overdue one marked', async () => {
    await page.locator('[data-testid="queue-item"]').nth(4).waitFor();
    expect(await queueIds()).toEqual([OVERDUE_ID, ITEM_ID, HELD_ID, VIDEO_ID, APPEAL_ID]);
    const items = page.getByTestId('queue-item');
    expect(await items.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-overdue')))).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(await items.first().getByTestId('overdue').textContent()).toBe('OVERDUE');
    expect(await page.getByTestId('overdue').count()).toBe(1);
    expect(await items.first().getByTestId('queue-due').textContent()).toMatch(/^overdue 1 h 0 min$|^overdue 59 min$/);
    expect(await items.first().getByTestId('queue-age').textContent()).toMatch(/^(5 h 0 min|4 h 59 min) old$/);
    expect(await items.nth(1).getByTestId('queue-due').textContent()).toMatch(/^due in 3 h (49|50) min$/);
    expect(await items.nth(4).getByTestId('queue-due').textContent()).toMatch(/^due in 2[23] h \d+ min$/);
    expect(await page.getByTestId('queue-overdue').textContent()).toBe('1 overdue');
    expect(await items.nth(1).textContent()).toMatch(/escalation.*priority 10.*ext-lipstick-1.*old.*due in.*medium_risk_COSMETICS, not_covered_ARMS_AMMO/);
    // The overdue mark is drawn: a red bar down the item.
    expect(await items.first().evaluate((b) => getComputedStyle(b).borderLeftWidth)).toBe('5px');
  });

  it('opening an item shows it without claiming it, with the media blurred and greyscale', async () => {
    expect(await openFirstItem(page, 'ext-lipstick-1')).toBe(ITEM_ID);
    expect(moderator.claims).toEqual([]);
    expect(await statusText(page)).toMatch(/not claimed: c claims it/);
    expect(await page.getByTestId('claim').isDisabled()).toBe(false);
    expect(await page.getByTestId('release').isDisabled()).toBe(true);
    await assertMediaHidden(page);
    expect((await mediaState(page)).filter).toBe('blur(24px) grayscale(1)');
    const rows = await page.getByTestId('category-row').evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 4).map((c) => c.textContent)));
    expect(rows).toEqual([
      ['COSMETICS', 'medium', '0.60', 'terms:lipstick'],
      ['ARMS_AMMO', 'unknown', '—', '—'],
      ['SEXUAL', 'none', '0.03', 'neutral'],
    ]);
    expect(await page.getByTestId('caption').textContent()).toBe(CAPTION);
    expect(await page.getByTestId('caption').locator('mark').allTextContents()).toEqual(['L1pstick']);
    expect(await page.getByTestId('ocr').textContent()).toBe('SALE 50%');
    expect(await page.getByTestId('bank-matches').isHidden()).toBe(true);
    expect(await page.getByTestId('appealed-decision').isHidden()).toBe(true);
  });

  it('draws the box where the source pixels say, however the frame is scaled', async () => {
    const rects = await page.evaluate(() => {
      const r = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
      const img = document.querySelector<HTMLImageElement>('[data-testid="frame"]')!;
      return { img: r(img), natural: [img.naturalWidth, img.naturalHeight], boxes: [...document.querySelectorAll('[data-testid="box"]')].map(r) };
    });
    expect(rects.natural).toEqual([FRAME.width, FRAME.height]);
    expect(rects.img.width).toBeLessThan(FRAME.width);
    expect(rects.boxes).toHaveLength(1);
    const s = rects.img.width / FRAME.width;
    const box = rects.boxes[0]!;
    expect(box.x - rects.img.x).toBeCloseTo(BOX[0] * s, 0);
    expect(box.y - rects.img.y).toBeCloseTo(BOX[1] * s, 0);
    expect(box.width).toBeCloseTo(BOX[2] * s, 0);
    expect(box.height).toBeCloseTo(BOX[3] * s, 0);
    expect(await page.getByTestId('box').textContent()).toBe('lipstick 0.91');
  });

  it('saves a screenshot of an item with its media hidden (into a temporary directory: the docs pictures only with SCREENSHOTS=1)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-shot-')), 'console.png');
    await screenshot(page, file);
    expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
  });

  it('reveals the media on v or a click, and hides it again', async () => {
    await reveal(page, 'key');
    await assertMediaRevealed(page);
    await reveal(page, 'key', false);
    await assertMediaHidden(page);
    await reveal(page, 'click');
    await assertMediaRevealed(page);
    await reveal(page, 'click', false);
    await assertMediaHidden(page);
  });

  it('c claims the item (the queue then shows the lease) and u releases it', async () => {
    await page.keyboard.press('c');
    await page.getByTestId('status').filter({ hasText: 'You hold ext-lipstick-1' }).waitFor();
    expect(moderator.claims).toEqual([{ reviewer: rev1, id: ITEM_ID }]);
    expect(await page.getByTestId('release').isDisabled()).toBe(false);
    await page.getByTestId('queue-lease').filter({ hasText: 'Claimed by you until' }).waitFor();
    await page.keyboard.press('u');
    await page.getByTestId('status').filter({ hasText: 'Released ext-lipstick-1' }).waitFor();
    expect(moderator.releases).toEqual([{ reviewer: rev1, id: ITEM_ID }]);
    expect(await page.getByTestId('release').isDisabled()).toBe(true);
    expect(await page.getByTestId('claim').isDisabled()).toBe(false);
  });

  it('a decision without a reason is refused in the page (the item is claimed as the decision starts), and shortcuts do not fire while typing', async () => {
    await page.getByTestId('reject').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'reason');
    expect(await statusText(page)).toMatch(/reason is required/);
    expect(moderator.claims.map((c) => c.id)).toEqual([ITEM_ID, ITEM_ID]);
    await page.keyboard.type('a r n v g s Q');
    expect(moderator.decisions).toEqual([]);
    await assertMediaHidden(page);
    expect(await page.locator('[data-testid="item"]').getAttribute('data-moderation-job-id')).toBe(ITEM_ID);
    expect(await page.getByTestId('workspace').isVisible()).toBe(true);
    await page.getByTestId('reason').fill('');
  });

  it('rejects by keyboard with a reason and the reviewer’s own level: the decision JSON reaches the moderator', async () => {
    await page.getByLabel('Your level for COSMETICS').selectOption('high');
    const shown = await decideByKeyboard(page, 'reject', 'Lipstick advert, cosmetics are not allowed');
    expect(shown).toMatch(/Rejected \(human_reviewed\)/);
    expect(moderator.decisions).toEqual([
      {
        reviewer: rev1,
        id: ITEM_ID,
        input: { decision: 'reject', categories: [{ name: 'COSMETICS', risk_level: 'high' }], reason: 'Lipstick advert, cosmetics are not allowed' },
      },
    ]);
    await page.locator(`[data-testid="queue-item"][data-moderation-job-id="${ITEM_ID}"]`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('approve').isDisabled()).toBe(true);
  });

  it('n opens the item that took the decided one’s place; one held by someone else is shown without the decision buttons, and claiming it says why not', async () => {
    await page.keyboard.press('n');
    await page.locator(`[data-testid="item"][data-moderation-job-id="${HELD_ID}"]`).waitFor();
    await page.getByTestId('status').filter({ hasText: 'Claimed by rev-2 until' }).waitFor();
    expect(await page.getByTestId('reject').isDisabled()).toBe(true);
    expect(await page.getByTestId('claim').isDisabled()).toBe(true);
    await page.keyboard.press('r');
    expect(moderator.decisions).toHaveLength(1);
    await page.keyboard.press('c');
    await page.getByTestId('status').filter({ hasText: 'Could not claim this item: Claimed by reviewer rev-2' }).waitFor();
    expect(moderator.claims.map((c) => c.id)).not.toContain(HELD_ID);
  });

  it('a video shows a timeline of its evidence frames; a click, [ and ] show them', async () => {
    await page.keyboard.press('n');
    await page.locator(`[data-testid="item"][data-moderation-job-id="${VIDEO_ID}"]`).waitFor();
    await page.locator('[data-testid="media"][data-frame-index="2"]').waitFor();
    expect(await page.getByTestId('timeline-frame').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Frame at 0:00.0: firearm 0.40',
      'Frame at 0:02.0: firearm 0.55',
    ]);
    await assertMediaHidden(page);
    expect(await page.getByTestId('box').count()).toBe(1);
    await page.getByTestId('timeline-frame').first().click();
    await page.locator('[data-testid="media"][data-frame-index="0"]').waitFor();
    expect(await page.getByTestId('box').count()).toBe(0);
    await assertMediaHidden(page);
    expect(moderator.frames.slice(-2)).toEqual([2, 0]);
    expect(await page.getByTestId('transcript').locator('mark').allTextContents()).toEqual(['gun']);
    await press(']');
    await page.locator('[data-testid="media"][data-frame-index="2"]').waitFor();
    await press('[');
    await page.locator('[data-testid="media"][data-frame-index="0"]').waitFor();
    await assertMediaHidden(page);
  });

  it('a decision asked for before the reason is typed is submitted with Ctrl+Enter from the field', async () => {
    await page.keyboard.press('a');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'reason');
    await page.keyboard.type('Toy gun in a film scene');
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="decision-result"][data-decision="approve"]').waitFor();
    expect(moderator.decisions.at(-1)).toEqual({
      reviewer: rev1,
      id: VIDEO_ID,
      input: { decision: 'approve', categories: [], reason: 'Toy gun in a film scene' },
    });
  });

  it('the category filter: the queue asks for the category and shows its items only; the options count every item; x clears it', async () => {
    await page.locator(`[data-testid="queue-item"][data-moderation-job-id="${VIDEO_ID}"]`).waitFor({ state: 'detached' });
    const options = await page.getByTestId('filter-category').locator('option').allTextContents();
    expect(options).toEqual(['any', 'COSMETICS (2)', 'ARMS_AMMO (1)', 'KNOWN_HARMFUL (1)']);
    const calls = moderator.queueCalls.length;
    await page.getByTestId('filter-category').selectOption('KNOWN_HARMFUL');
    await queueLoadedAfter(calls);
    await expect.poll(queueIds).toEqual([OVERDUE_ID]);
    expect(moderator.queueCalls.at(-1)).toEqual({ category: 'KNOWN_HARMFUL' });
    expect(await page.getByTestId('filter-category').inputValue()).toBe('KNOWN_HARMFUL');
    expect(await page.getByTestId('queue-overdue').textContent()).toBe('1 overdue');
    await page.getByTestId('filter-category').selectOption('COSMETICS');
    await expect.poll(queueIds).toEqual([HELD_ID, APPEAL_ID]);
    expect(await page.getByTestId('queue-overdue').textContent()).toBe('');
    // The reason filter, by keyboard: w, then the arrow keys.
    await press('w');
    expect(await focusedTestId()).toBe('filter-reason');
    expect(await page.getByTestId('filter-reason').locator('option').allTextContents()).toEqual([
      'any',
      'appeal (1)',
      'medium_risk_cosmetics (1)',
      'medium_risk_known_harmful (1)',
      'not_covered_arms_ammo (1)',
    ]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => moderator.queueCalls.at(-1)).toEqual({ category: 'COSMETICS', reason: 'appeal' });
    await expect.poll(queueIds).toEqual([APPEAL_ID]);
    await page.keyboard.press('Escape');
    await press('x');
    await expect.poll(queueIds).toEqual([OVERDUE_ID, HELD_ID, APPEAL_ID]);
    expect(moderator.queueCalls.at(-1)).toEqual({});
    expect(await page.getByTestId('filter-category').inputValue()).toBe('');
  });

  it('the bank match beside the item: the banked entry’s bank, category, note and when it was added, and the distance; b shows the frame that matched', async () => {
    await openFirstItem(page, OVERDUE_ID);
    const panel = page.getByTestId('bank-matches');
    await panel.waitFor({ state: 'visible' });
    const match = page.getByTestId('bank-match');
    expect(await match.count()).toBe(1);
    const facts = await match.locator('dt, dd').allTextContents();
    const added = await page.evaluate((t) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), BANK_MATCH.added_at!);
    expect(facts).toEqual([
      'Bank',
      'takedowns',
      'Category',
      'KNOWN_HARMFUL (medium)',
      'Note',
      'case 17: leaked photo',
      'Added',
      added,
      'Distance',
      '7 of 256 bits (matches up to 31)',
      'Frame',
      '0:00.0',
    ]);
    expect(await match.textContent()).toContain('set a category');
    // Beside the media: to its right, level with it.
    const [frameBox, panelBox] = await Promise.all([page.getByTestId('frame-wrap').boundingBox(), panel.boundingBox()]);
    expect(panelBox!.x).toBeGreaterThanOrEqual(frameBox!.x + frameBox!.width);
    expect(panelBox!.y).toBeLessThan(frameBox!.y + frameBox!.height);
    // The item's facts say it is overdue.
    expect(await page.getByTestId('item-facts').textContent()).toMatch(/Due.*overdue/);
    await press('b');
    await page.getByTestId('status').filter({ hasText: 'that matched takedowns (7 bits apart)' }).waitFor();
    await assertMediaHidden(page);
    await docsScreenshot(page, 'review-console');
  });

  it('an appeal shows the decision appealed first: who decided, when, why, then the appeal', async () => {
    await openFirstItem(page, APPEAL_ID);
    const appealed = page.getByTestId('appealed-decision');
    await appealed.waitFor({ state: 'visible' });
    const at = await page.evaluate((t) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), EARLIER.at);
    expect(await appealed.getByTestId('appealed-what').textContent()).toBe(`Rejected by rev-3 on ${at} (escalation): “explicit ad”`);
    expect(await appealed.getByTestId('appeal-reason').textContent()).toBe('Appeal: “It is our own product shoot”');
    // First thing under the title, above the facts; the facts no longer lead with the rules' pending_review.
    const order = await page.evaluate(() => [...document.querySelector('[data-testid="item"]')!.children].filter((c) => !(c as HTMLElement).hidden).map((c) => c.getAttribute('data-testid')));
    expect(order.slice(0, 3)).toEqual(['item-title', 'appealed-decision', 'item-facts']);
    expect(await page.getByTestId('item-facts').locator('dt').allTextContents()).not.toContain('Automated');
  });

  it('every action has a key: claim, release, reason, levels, previous and next, refresh, the filters and clearing them', async () => {
    // The appeal is open and nobody holds it.
    await press('c');
    await page.getByTestId('status').filter({ hasText: 'You hold ext-appeal-4' }).waitFor();
    expect(moderator.claims.at(-1)).toEqual({ reviewer: rev1, id: APPEAL_ID });
    await press('u');
    await page.getByTestId('status').filter({ hasText: 'Released ext-appeal-4' }).waitFor();
    await press('m');
    expect(await focusedTestId()).toBe('reason');
    await page.keyboard.press('Escape');
    await press('l');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-category'))).toBe('COSMETICS');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Your level for COSMETICS').inputValue()).toBe('high');
    await page.keyboard.press('Escape');
    await press('b');
    await page.getByTestId('status').filter({ hasText: 'matched no hash bank' }).waitFor();
    await press('p');
    await page.locator(`[data-testid="item"][data-moderation-job-id="${HELD_ID}"]`).waitFor();
    await press('n');
    await page.locator(`[data-testid="item"][data-moderation-job-id="${APPEAL_ID}"]`).waitFor();
    const calls = moderator.queueCalls.length;
    await press('g');
    await queueLoadedAfter(calls);
    await press('f');
    expect(await focusedTestId()).toBe('filter-category');
    await page.keyboard.press('Escape');
    await press('t');
    expect(await focusedTestId()).toBe('filter-kind');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => moderator.queueCalls.at(-1)).toEqual({ kind: 'escalation' });
    await expect.poll(queueIds).toEqual([OVERDUE_ID, HELD_ID]);
    await page.keyboard.press('Escape');
    await press('x');
    await expect.poll(queueIds).toEqual([OVERDUE_ID, HELD_ID, APPEAL_ID]);
    // Not an admin: s says so and shows nothing else.
    await press('s');
    await page.getByTestId('status').filter({ hasText: 'for tenant admins' }).waitFor();
    expect(await page.getByTestId('supervisor').isHidden()).toBe(true);
    expect(moderator.statsCalls).toEqual([]);
  });

  it('? lists every key a button or field of the page offers', async () => {
    const offered = await page.evaluate(() => [...new Set([...document.querySelectorAll('[aria-keyshortcuts]')].map((e) => e.getAttribute('aria-keyshortcuts')!))]);
    await page.keyboard.press('?');
    await page.getByTestId('help').waitFor({ state: 'visible' });
    const listed = await page.getByTestId('help-keys').locator('dt').allTextContents();
    for (const key of offered) expect(listed, key).toContain(key === 'Shift+Q' ? 'Q' : key);
    expect(offered.length).toBeGreaterThanOrEqual(19);
    await page.keyboard.press('Escape');
    await page.getByTestId('help').waitFor({ state: 'hidden' });
    expect(pageErrors(page)).toEqual([]);
    // The browser logged the refusals the tests caused (wrong key, the claim held by someone else) and nothing else.
    expect(consoleErrors(page).map((e) => /status of (\d+)/.exec(e)?.[1] ?? e)).toEqual(['401', '409']);
  });

  it('Q signs out: the token is gone and the sign-in form is back', async () => {
    await press('Shift+Q');
    await page.getByTestId('sign-in').waitFor({ state: 'visible' });
    expect(await page.getByTestId('workspace').isHidden()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});

describe.skipIf(!hasChromium())('the supervisor view in headless Chromium (a tenant admin)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openConsole(base, { width: 1280, height: 800 });
  });

  it('an admin signs in and gets the supervisor view on s: queues per kind, decisions per reviewer per hour, overturn rates', async () => {
    await signIn(page, KEYS.boss);
    await page.getByTestId('who').filter({ hasText: 'Signed in as boss (acme), tenant admin since' }).waitFor();
    await page.getByTestId('supervisor-button').waitFor({ state: 'visible' });
    await page.keyboard.press('s');
    await page.locator('[data-testid="supervisor"][data-loaded]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('workspace').isHidden()).toBe(true);
    expect(moderator.statsCalls).toEqual([{ tenantId: 'acme', reviewerId: 'boss' }]);

    const rows = (testid: string) => page.getByTestId(testid).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    const queues = await rows('supervisor-queue-row');
    expect(queues.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ['escalation', '4', '1', '4 h'],
      ['quality sample', '0', '0', '72 h'],
      ['appeal', '1', '0', '24 h'],
    ]);
    expect(queues[0]![3]).toMatch(/^(5 h 0 min|4 h 59 min) \(/);
    expect(queues[1]![3]).toBe('—');
    expect(await rows('supervisor-reviewer-row')).toEqual([
      ['rev-1', '12', '3.0', '2', '', '1 of 4', '25%'],
      ['rev-3', '5', '5.0', '0', '', '0 of 0', '—'],
      ['boss', '0', '—', '0', '', '0 of 0', '—'],
    ]);
    // 24 bars per reviewer, the tallest hour full height.
    const bars = await page.locator('[data-testid="supervisor-reviewer-row"][data-reviewer-id="rev-1"] .hour-bar').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).style.height));
    expect(bars).toHaveLength(24);
    expect(bars.slice(-4)).toEqual(['75%', '100%', '75%', '50%']);
    expect((await rows('supervisor-overturn-row')).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['escalation', '0', '—'],
      ['quality sample', '0', '0%'],
      ['appeal', '1', '50%'],
      ['all', '1', '25%'],
    ]);
    await docsScreenshot(page, 'review-supervisor');
  });

  it('g refreshes the statistics; s goes back to the queue, where the keys work on items again', async () => {
    await page.keyboard.press('g');
    await expect.poll(() => moderator.statsCalls.length).toBe(2);
    await page.keyboard.press('s');
    await page.getByTestId('workspace').waitFor({ state: 'visible' });
    expect(await page.getByTestId('supervisor').isHidden()).toBe(true);
    await page.locator('[data-testid="queue-item"]').first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    expect(consoleErrors(page)).toEqual([]);
  });
});
