// The human review workflow on a real embedded workflow store: queue, claim and lease, decision and its
// webhook, appeal to a different reviewer, feedback from decisions, and the audit trail of every step.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyResult } from '@modsvc/common/domain/index';
import type { JobRecord } from '@modsvc/common/jobs';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { PSEUDONYM_PATTERN } from '../src/reviewer-identity.ts';
import { moderatorOver, useWorkflowStore } from './moderator-runtime.ts';

const RESULTS: PolicyResult = {
  policy_categories: [
    { name: 'SEXUAL', description: 'Adult', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'suggestive' },
    { name: 'DRUGS', description: 'Drugs', score: 0.05, risk_level: 'NONE', triggered_by: 'pills' },
  ],
  url: 'https://example.com/a.jpg',
  tier: 'standard',
  policy_table_version: 'standard-2026-11-22',
  policy_version: 'standard-2026-11-22',
};

const workflowStore = useWorkflowStore();

afterEach(() => {
  vi.useRealTimers();
});

const setup = (jobs: JobRecord[]) => moderatorOver(jobs, workflowStore.store(), { REVIEW_LEASE_SECONDS: 60, MODERATION_WAIT_SECONDS: 1 });

const alice = { tenantId: 't1', reviewerId: 'alice' };
const bob = { tenantId: 't1', reviewerId: 'bob' };
const mallory = { tenantId: 't2', reviewerId: 'mallory' };

async function escalated() {
  const job = newJobRecord({ product: 'policy', status: 'done', results: RESULTS, caption: 'hello' });
  const s = setup([job]);
  const reply = await s.moderator.moderate({ tenantId: 't1', classificationJobId: job.id, externalId: 'ext-1', callbackUrl: 'https://hooks.example.com/m' });
  expect(reply.result).toMatchObject({ decision: 'pending_review', escalate: true });
  return { ...s, job, id: reply.result.moderation_job_id };
}

describe('human review', () => {
  it('claim, lease and decision: one reviewer at a time, the lease runs out, the decision completes the job and sends its webhook', async () => {
    const { moderator, published, id } = await escalated();
    expect(published.map((p) => p.id)).toEqual([`${id}.1`]);

    await expect(moderator.decide(alice, id, { decision: 'reject', categories: [], reason: 'x' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/[Cc]laim/) });
    const claimed = await moderator.claim(alice, id);
    expect(claimed).toMatchObject({ state: 'claimed', claimed_by: 'alice' });
    await expect(moderator.claim(bob, id)).rejects.toMatchObject({ status: 409 });
    expect((await moderator.reviewQueue(bob, 10)).items).toEqual([]);
    expect((await moderator.reviewQueue(alice, 10)).items.map((i) => i.moderation_job_id)).toEqual([id]);

    // The lease runs out: the item is free again, and bob may take it.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect((await moderator.reviewQueue(bob, 10)).items.map((i) => i.moderation_job_id)).toEqual([id]);
    await moderator.claim(bob, id);
    await expect(moderator.decide(alice, id, { decision: 'approve', categories: [], reason: 'x' })).rejects.toMatchObject({ status: 409 });

    const result = await moderator.decide(bob, id, { decision: 'reject', categories: [{ name: 'SEXUAL', risk_level: 'high' }], reason: 'nudity' });
    expect(result).toMatchObject({
      decision: 'reject',
      decision_type: 'human_reviewed',
      reviewed_by: expect.stringMatching(PSEUDONYM_PATTERN),
      policy_categories: [{ name: 'SEXUAL', risk_level: 'high' }, { name: 'DRUGS', risk_level: 'none' }],
    });
    expect(result).not.toHaveProperty('review_reason');
    expect(published.map((p) => p.id)).toEqual([`${id}.1`, `${id}.2`]);
    expect(published[1]!.body).toEqual(result);
    expect((await moderator.getModeration('t1', id))!.result).toEqual(result);
    await expect(moderator.decide(bob, id, { decision: 'approve', categories: [], reason: 'again' })).rejects.toMatchObject({ status: 409 });
    expect((await moderator.reviewQueue(alice, 10)).items).toEqual([]);
  });

  it('an appeal goes back to the queue for a reviewer other than the first; its outcome is a second webhook', async () => {
    const { moderator, published, id } = await escalated();
    await moderator.claim(alice, id);
    await moderator.decide(alice, id, { decision: 'reject', categories: [], reason: 'nudity' });

    const appealed = await moderator.appeal('t1', id, { reason: 'It is a painting.' });
    expect(appealed).toMatchObject({ kind: 'appeal', state: 'queued', appeal_reason: 'It is a painting.' });
    await expect(moderator.appeal('t1', id, { reason: 'again' })).rejects.toMatchObject({ status: 409 });
    expect((await moderator.reviewQueue(alice, 10)).items).toEqual([]);
    await expect(moderator.claim(alice, id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/another reviewer/) });
    await moderator.claim(bob, id);
    const outcome = await moderator.decide(bob, id, { decision: 'approve', categories: [], reason: 'art' });
    expect(outcome).toMatchObject({ decision: 'approve', decision_type: 'human_reviewed', appeal: true, reviewed_by: expect.stringMatching(PSEUDONYM_PATTERN) });
    expect(published.map((p) => p.id)).toEqual([`${id}.1`, `${id}.2`, `${id}.3`]);
    expect(published[2]!.body).toMatchObject({ decision: 'approve', appeal: true });
  });

  it('a reviewer of another tenant can neither see, claim, decide nor read frames of the item; a caller of another tenant cannot appeal it', async () => {
    const { moderator, id } = await escalated();
    expect((await moderator.reviewQueue(mallory, 10)).items).toEqual([]);
    expect(await moderator.reviewItem(mallory, id)).toBeNull();
    await expect(moderator.claim(mallory, id)).rejects.toMatchObject({ status: 404 });
    await expect(moderator.decide(mallory, id, { decision: 'approve', categories: [], reason: 'x' })).rejects.toMatchObject({ status: 404 });
    expect(await moderator.reviewFrame(mallory, id, 0)).toBeNull();
    await expect(moderator.appeal('t2', id, { reason: 'x' })).rejects.toMatchObject({ status: 404 });
    expect((await moderator.audit('t2', { limit: 100 })).records).toEqual([]);
  });

  it('the item a reviewer sees carries the caption, categories with triggers, and the automated decision', async () => {
    const { moderator, id } = await escalated();
    const item = await moderator.reviewItem(alice, id);
    expect(item).toMatchObject({ caption: 'hello', kind: 'escalation', automated: { decision: 'pending_review' }, media_available: false, frames: [] });
    expect(item!.policy_categories.map((c) => [c.name, c.triggered_by])).toEqual([['SEXUAL', 'suggestive'], ['DRUGS', 'pills']]);
  });

  it('a decision with a category the item does not have is refused', async () => {
    const { moderator, id } = await escalated();
    await moderator.claim(alice, id);
    await expect(moderator.decide(alice, id, { decision: 'reject', categories: [{ name: 'GAMBLING', risk_level: 'high' }], reason: 'x' })).rejects.toMatchObject({ status: 422 });
  });

  it('feedback: from a caller on a category, and from a reviewer\'s levels, with the score the job reported', async () => {
    const { moderator, job, id } = await escalated();
    const fb = await moderator.feedback('t1', { kind: 'caller', id: 't1' }, { job_id: job.id, category: 'SEXUAL', correct: false, note: 'a painting' });
    expect(fb).toMatchObject({ source: 'caller', job_id: job.id, category: 'SEXUAL', correct: false, score: 0.6, risk_level: 'MEDIUM' });
    await expect(moderator.feedback('t1', { kind: 'caller', id: 't1' }, { job_id: job.id, category: 'NOPE', correct: true })).rejects.toMatchObject({ status: 422 });
    await expect(moderator.feedback('t2', { kind: 'caller', id: 't2' }, { job_id: job.id, category: 'SEXUAL', correct: true })).rejects.toMatchObject({ status: 404 });
    await moderator.claim(alice, id);
    // SEXUAL was MEDIUM (flagged): raised to HIGH it is still rightly flagged. DRUGS was NONE: LOW is
    // still not flagged (right), MEDIUM would have been a miss.
    await moderator.decide(alice, id, { decision: 'reject', categories: [{ name: 'SEXUAL', risk_level: 'high' }, { name: 'DRUGS', risk_level: 'low' }], reason: 'r' });
    const all = await workflowStore.store().listFeedback('t1', 10);
    expect(all.map((f) => [f.source, f.category, f.correct])).toEqual([
      ['caller', 'SEXUAL', false],
      ['reviewer', 'SEXUAL', true],
      ['reviewer', 'DRUGS', true],
    ]);
    const { moderator: m2, id: id2 } = await escalated();
    await m2.claim(alice, id2);
    await m2.decide(alice, id2, { decision: 'reject', categories: [{ name: 'SEXUAL', risk_level: 'low' }, { name: 'DRUGS', risk_level: 'medium' }], reason: 'r' });
    const second = (await workflowStore.store().listFeedback('t1', 10)).filter((f) => f.moderation_job_id === id2);
    expect(second.map((f) => [f.category, f.correct])).toEqual([
      ['SEXUAL', false],
      ['DRUGS', false],
    ]);
  });

  it('compares audit times as instants: an offset time before a UTC one is a valid range, the reverse is refused', async () => {
    const { moderator, id } = await escalated();
    // 10:00+05:00 is 05:00Z: before 06:00Z although the string sorts after it.
    const day = new Date().toISOString().slice(0, 10);
    const ok = await moderator.audit('t1', { moderation_job_id: id, from: `${day}T00:00:00+05:00`, to: `${day}T23:59:59Z`, limit: 100 });
    expect(ok.records.length).toBeGreaterThan(0);
    expect((await moderator.audit('t1', { from: '2026-01-01T10:00:00+05:00', to: '2026-01-01T06:00:00Z', limit: 10 })).records).toEqual([]);
    await expect(moderator.audit('t1', { from: '2026-01-01T06:00:00Z', to: '2026-01-01T10:00:00+05:00', limit: 10 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('the audit trail shows every step of a job, in order, with who did it', async () => {
    const { moderator, job, id } = await escalated();
    await moderator.claim(alice, id);
    await moderator.decide(alice, id, { decision: 'reject', categories: [], reason: 'nudity' });
    await moderator.appeal('t1', id, { reason: 'art' });
    await moderator.claim(bob, id);
    await moderator.decide(bob, id, { decision: 'approve', categories: [], reason: 'art' });
    const page = await moderator.audit('t1', { moderation_job_id: id, limit: 100 });
    expect(page.next_cursor).toBeNull();
    const trail = [...page.records].reverse();
    expect(trail.map((r) => [r.action, r.actor.kind, r.actor.id])).toEqual([
      ['moderation.requested', 'caller', 't1'],
      ['moderation.decided', 'system', 'moderator'],
      ['review.queued', 'system', 'moderator'],
      ['review.claimed', 'reviewer', 'alice'],
      ['review.decided', 'reviewer', 'alice'],
      ['appeal.requested', 'caller', 't1'],
      ['review.queued', 'system', 'moderator'],
      ['review.claimed', 'reviewer', 'bob'],
      ['review.decided', 'reviewer', 'bob'],
    ]);
    expect(trail.every((r) => r.classification_job_id === job.id && r.moderation_job_id === id)).toBe(true);
    expect(trail[1]!.policy_version).toBe('standard-2026-11-22');
  });

  it('the item shows the text spans that scored at a risk level (toxicity LOW and above, term matches), not the rest; scores and evidence to 4 decimals', async () => {
    const tox = (score: number, text: string) => ({ scores: { insult: score, toxicity: score / 2 }, topSpan: { start: 0, end: text.length, text }, model: 'toxicity@test' });
    const results: PolicyResult = {
      ...RESULTS,
      policy_categories: [{ name: 'COSMETICS', description: 'Make-up', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'caption:term:"lipstick"@4-12' }],
    };
    const job = newJobRecord({
      product: 'policy',
      status: 'done',
      results,
      caption: 'new L1pstick, you idiot',
      parts: {
        caption: { toxicity: tox(0.70004321, 'you idiot') } as never,
        vision: {
          scores: {},
          evidence: { firearm: [{ timestamp: 0, score: 0.912345678901234, model: 'objects@1', box: [1, 2, 3, 4] }] },
          models: [],
          framesAnalysed: 1,
          ocr: { text: 'hello', toxicity: tox(0.05, 'hello') },
        } as never,
      },
    });
    const s = setup([job]);
    const reply = await s.moderator.moderate({ tenantId: 't1', classificationJobId: job.id, externalId: 'x', callbackUrl: null });
    const item = await s.moderator.reviewItem(alice, reply.result.moderation_job_id);
    expect(item!.text_spans).toEqual([
      { source: 'caption', label: 'insult', score: 0.7, start: 0, end: 9, text: 'you idiot' },
      { source: 'caption', label: 'terms:COSMETICS', score: 0.6, start: 4, end: 12, text: 'L1pstick' },
    ]);
    expect(item!.evidence).toEqual([{ class: 'firearm', timestamp: 0, score: 0.9123, box: [1, 2, 3, 4] }]);
  });

  it("picks and shows a text span by the policy's risk scale: each label read against its own operating points", async () => {
    // OCR: self_harm 0.08 is past its German LOW point (0.05) and toxicity 0.1 below its own (0.3): the span is self_harm's.
    const ocr = { scores: { toxicity: 0.1, self_harm: 0.08 }, operatingPoints: { toxicity: { LOW: 0.3, MEDIUM: 0.6, HIGH: 0.9 }, self_harm: { LOW: 0.05, MEDIUM: 0.1, HIGH: 0.2 } }, topSpan: { start: 0, end: 5, text: 'hello' }, model: 'toxicity@3.0.0' };
    // Caption: 0.15 would read as nothing on the Standard scale, but it is past this label's LOW point.
    const caption = { scores: { insult: 0.15 }, operatingPoints: { insult: { LOW: 0.1, MEDIUM: 0.4, HIGH: 0.7 } }, topSpan: { start: 0, end: 3, text: 'you' }, model: 'toxicity@3.0.0' };
    const job = newJobRecord({
      product: 'policy',
      status: 'done',
      results: RESULTS,
      caption: 'you',
      parts: { caption: { toxicity: caption } as never, vision: { scores: {}, evidence: {}, models: [], framesAnalysed: 1, ocr: { text: 'hello', toxicity: ocr } } as never },
    });
    const s = setup([job]);
    const reply = await s.moderator.moderate({ tenantId: 't1', classificationJobId: job.id, externalId: 'x', callbackUrl: null });
    const item = await s.moderator.reviewItem(alice, reply.result.moderation_job_id);
    expect(item!.text_spans).toEqual([
      { source: 'caption', label: 'insult', score: 0.15, start: 0, end: 3, text: 'you' },
      { source: 'ocr', label: 'self_harm', score: 0.08, start: 0, end: 5, text: 'hello' },
    ]);
  });
});
