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
import type { ModerationOutcome, ReviewDecisionInput, ReviewItem, ReviewItemDetail } from '@modsvc/common/domain/index';
import { CONSOLE_DIR } from '../src/review-console.ts';
import { makeJpeg } from '../../../test/helpers/media.ts';
import {
  assertMediaHidden,
  assertMediaRevealed,
  closeConsole,
  consoleErrors,
  decideByKeyboard,
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
const KEYS = { caller: 'acme-caller-key-0123456789', reviewer: 'acme-reviewer-key-0123456789' };
const CSP = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
const silent = { debug() {}, info() {}, warn() {}, error() {}, fatal() {} } as unknown as Logger;

// The item the fake moderator holds: a 1600x1200 frame (shown scaled down), one box, a caption span.
const FRAME = { width: 1600, height: 1200 };
const BOX: [number, number, number, number] = [800, 300, 400, 600];
const CAPTION = 'Buy the new L1pstick shade today';
const ITEM_ID = 'vmod_lipstick1';
const HELD_ID = 'vmod_heldbyother';
const VIDEO_ID = 'vmod_video3';
const NOW = new Date().toISOString();

function queueEntry(id: string, externalId: string, priority: number): ReviewItem {
  return {
    moderation_job_id: id,
    classification_job_id: `job_${id}`,
    content_type: 'image',
    external_id: externalId,
    kind: 'escalation',
    state: 'queued',
    priority,
    reasons: ['medium_risk_COSMETICS', 'not_covered_ARMS_AMMO'],
    queued_at: NOW,
    claimed_by: null,
    lease_expires_at: null,
    appeal_reason: null,
    automated: null,
    decisions: [],
  };
}

function detailOf(entry: ReviewItem): ReviewItemDetail {
  if (entry.moderation_job_id === VIDEO_ID) {
    // Three frames; evidence on the first (no box) and the last (a box): the timeline lists those two.
    return {
      ...entry,
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
  return {
    ...entry,
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
  };
}

/** An in-memory moderator with two queued items, the second held by another reviewer; it records claims and decisions. */
class FakeModerator {
  queue = [queueEntry(ITEM_ID, 'ext-lipstick-1', 10), queueEntry(HELD_ID, 'ext-held-2', 5), { ...queueEntry(VIDEO_ID, 'ext-video-3', 1), content_type: 'video' as const }];
  frames: number[] = [];
  claims: { reviewer: ReviewerRef; id: string }[] = [];
  decisions: { reviewer: ReviewerRef; id: string; input: ReviewDecisionInput }[] = [];
  frame: Buffer = Buffer.alloc(0);

  api(): ModeratorApi {
    const unused = () => Promise.reject(new Error('not used by the console'));
    const find = (id: string) => this.queue.find((q) => q.moderation_job_id === id) ?? null;
    return {
      moderate: unused,
      getModeration: unused,
      appeal: unused,
      feedback: unused,
      audit: unused,
      reviewQueue: async (_reviewer, limit) => this.queue.filter((q) => q.state !== 'done').slice(0, limit),
      reviewItem: async (_reviewer, id) => {
        const q = find(id);
        return q ? detailOf(q) : null;
      },
      claim: async (reviewer, id) => {
        const q = find(id);
        if (!q) throw new ApiError('not_found', `No review item ${id}.`);
        if (id === HELD_ID) throw new ApiError('conflict', 'Claimed by reviewer rev-2 until 12:00; pick another item.');
        this.claims.push({ reviewer, id });
        Object.assign(q, { state: 'claimed', claimed_by: reviewer.reviewerId });
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
    parseTenants({ tenants: [{ id: 'acme', api_keys: [KEYS.caller], reviewers: [{ id: 'rev-1', api_keys: [KEYS.reviewer] }] }] }),
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

  beforeAll(async () => {
    page = await openConsole(base);
  });

  it('refuses a wrong key and says so', async () => {
    await page.getByTestId('key').fill('not-a-key-0123456789');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('status').filter({ hasText: 'Sign-in failed' }).waitFor();
    expect(await page.getByTestId('workspace').isHidden()).toBe(true);
  });

  it('signs in with the reviewer key, keeping the token in sessionStorage only', async () => {
    await signIn(page, KEYS.reviewer);
    const stored = await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length }));
    expect(stored).toEqual({ session: 1, local: 0 });
    await page.locator('[data-testid="queue-item"]').nth(2).waitFor();
    const first = page.locator('[data-testid="queue-item"]').first();
    expect(await first.getAttribute('data-moderation-job-id')).toBe(ITEM_ID);
    expect(await first.textContent()).toMatch(/escalation.*priority 10.*ext-lipstick-1.*ago.*medium_risk_COSMETICS, not_covered_ARMS_AMMO/);
  });

  it('opening an item claims it and shows it with the media blurred and greyscale', async () => {
    expect(await openFirstItem(page, 'ext-lipstick-1')).toBe(ITEM_ID);
    expect(moderator.claims).toEqual([{ reviewer: { tenantId: 'acme', reviewerId: 'rev-1' }, id: ITEM_ID }]);
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

  it('saves a screenshot of an item with its media hidden', async () => {
    const file = process.env.REVIEW_CONSOLE_SCREENSHOT ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-shot-')), 'console.png');
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

  it('a decision without a reason is refused in the page, and shortcuts do not fire while typing', async () => {
    await page.getByTestId('reject').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reason');
    expect(await statusText(page)).toMatch(/reason is required/);
    await page.keyboard.type('a r n v');
    expect(moderator.decisions).toEqual([]);
    await assertMediaHidden(page);
    expect(await page.locator('[data-testid="item"]').getAttribute('data-moderation-job-id')).toBe(ITEM_ID);
    await page.getByTestId('reason').fill('');
  });

  it('rejects by keyboard with a reason and the reviewer’s own level: the decision JSON reaches the moderator', async () => {
    await page.getByLabel('Your level for COSMETICS').selectOption('high');
    const shown = await decideByKeyboard(page, 'reject', 'Lipstick advert, cosmetics are not allowed');
    expect(shown).toMatch(/Rejected \(human_reviewed\)/);
    expect(moderator.decisions).toEqual([
      {
        reviewer: { tenantId: 'acme', reviewerId: 'rev-1' },
        id: ITEM_ID,
        input: { decision: 'reject', categories: [{ name: 'COSMETICS', risk_level: 'high' }], reason: 'Lipstick advert, cosmetics are not allowed' },
      },
    ]);
    await page.locator(`[data-testid="queue-item"][data-moderation-job-id="${ITEM_ID}"]`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('approve').isDisabled()).toBe(true);
  });

  it('n opens the next item; one held by someone else is shown without the decision buttons', async () => {
    await page.keyboard.press('n');
    await page.locator(`[data-testid="item"][data-moderation-job-id="${HELD_ID}"]`).waitFor();
    await page.getByTestId('status').filter({ hasText: 'Claimed by reviewer rev-2' }).waitFor();
    expect(await page.getByTestId('reject').isDisabled()).toBe(true);
    await page.keyboard.press('r');
    expect(moderator.decisions).toHaveLength(1);
  });

  it('a video shows a timeline of its evidence frames; a click shows that frame', async () => {
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
  });

  it('a decision asked for before the reason is typed is submitted with Ctrl+Enter from the field', async () => {
    await page.keyboard.press('a');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'reason');
    await page.keyboard.type('Toy gun in a film scene');
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="decision-result"][data-decision="approve"]').waitFor();
    expect(moderator.decisions.at(-1)).toEqual({
      reviewer: { tenantId: 'acme', reviewerId: 'rev-1' },
      id: VIDEO_ID,
      input: { decision: 'approve', categories: [], reason: 'Toy gun in a film scene' },
    });
  });

  it('? opens the shortcut help', async () => {
    await page.keyboard.press('?');
    await page.getByTestId('help').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.getByTestId('help').waitFor({ state: 'hidden' });
    expect(pageErrors(page)).toEqual([]);
    // The browser logged the refusals the tests caused (wrong key, the claim held by someone else) and nothing else.
    expect(consoleErrors(page).map((e) => /status of (\d+)/.exec(e)?.[1] ?? e)).toEqual(['401', '409']);
  });
});
