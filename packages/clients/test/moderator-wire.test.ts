// The review routes of the Moderator API over gRPC: the queue's filter reaches the moderator and its page
// (items with due times, facets) comes back whole; the supervisor statistics arrive as answered, and
// their refusal for a reviewer who is no admin stays a 403; an item keeps its bank matches and the
// decision an appeal contests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { ModeratorApi, ReviewerRef } from '@modsvc/common/contracts';
import type { ReviewItem, ReviewItemDetail, ReviewQueueFilter, ReviewQueuePage, ReviewStats } from '@modsvc/common/domain/index';
import { moderatorBinding, moderatorClient } from '../src/moderator.ts';

const ITEM: ReviewItem = {
  moderation_job_id: 'vmod_1',
  classification_job_id: 'job_1',
  content_type: 'image',
  external_id: 'ext-1',
  kind: 'appeal',
  state: 'queued',
  priority: 100,
  reasons: ['appeal'],
  queued_at: '2026-01-02T03:04:05.000Z',
  claimed_by: null,
  lease_expires_at: null,
  queue: 'reviewers',
  due_at: '2026-01-03T03:04:05.000Z',
  overdue: true,
  appeal_reason: 'a toy',
  automated: null,
  decisions: [{ reviewer_id: 'alice', kind: 'escalation', decision: 'reject', categories: [], reason: 'gun', at: '2026-01-01T00:00:00.000Z' }],
};
const PAGE: ReviewQueuePage = { items: [ITEM], overdue: 1, categories: [{ name: 'ARMS_AMMO', count: 3 }], reasons: [{ name: 'appeal', count: 1 }] };
const DETAIL: ReviewItemDetail = {
  ...ITEM,
  caption: null,
  policy_categories: [],
  transcript: null,
  speech_segments: [],
  ocr_text: null,
  text_spans: [],
  evidence: [],
  frames: [],
  media_available: false,
  bank_matches: [
    {
      bank_id: 'bank_1',
      bank_name: 'takedowns',
      category: 'KNOWN_HARMFUL',
      risk_level: 'HIGH',
      threshold: 31,
      content_id: 'c_1',
      note: 'case 17',
      added_at: '2026-01-01T00:00:00.000Z',
      signal_type: 'vpdq',
      distance: 4,
      quality: 90,
      frame_timestamp: 2.5,
      vpdq: { query_match_percent: 92.5, compared_match_percent: 88 },
      sets_category: true,
    },
  ],
  appealed_decision: { decision: 'reject', decided_by: 'reviewer', reviewer_id: 'alice', kind: 'escalation', reason: 'gun', reasons: [], categories: [], at: '2026-01-01T00:00:00.000Z' },
};
const STATS: ReviewStats = {
  generated_at: '2026-01-02T03:04:05.000Z',
  queues: [{ kind: 'escalation', sla_hours: 4, depth: 2, overdue: 1, oldest_queued_at: '2026-01-01T00:00:00.000Z', oldest_age_seconds: 97445 }],
  window_from: '2026-01-01T04:00:00.000Z',
  hours: ['2026-01-01T04:00:00.000Z'],
  reviewers: [{ reviewer_id: 'alice', decisions: 3, per_hour: [3], compared: 2, overturned: 1, overturn_rate: 0.5 }],
  overturns: [{ kind: 'appeal', decisions: 2, compared: 2, overturned: 1, overturn_rate: 0.5 }],
  decisions: 3,
  compared: 2,
  overturned: 1,
  overturn_rate: 0.5,
  truncated: false,
};

describe('the review routes of the moderator over gRPC', () => {
  let server: GrpcServer;
  let client: ModeratorApi;
  const queries: { reviewer: ReviewerRef; limit: number; filter: ReviewQueueFilter | undefined }[] = [];
  const unused = () => Promise.reject(new Error('not used'));
  const api: ModeratorApi = {
    moderate: unused,
    getModeration: unused,
    appeal: unused,
    claim: unused,
    release: unused,
    decide: unused,
    reviewFrame: unused,
    feedback: unused,
    audit: unused,
    async reviewQueue(reviewer, limit, filter) {
      queries.push({ reviewer, limit, filter });
      return PAGE;
    },
    async reviewStats(reviewer) {
      if (reviewer.reviewerId !== 'ada') throw new ApiError('forbidden', 'The review statistics are for tenant admins.');
      return STATS;
    },
    async reviewItem(reviewer, id) {
      return reviewer.tenantId === 'acme' && id === 'vmod_1' ? DETAIL : null;
    },
  };

  beforeAll(async () => {
    server = await startGrpcServer([moderatorBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = moderatorClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('carries the queue filter both ways, and the page with due times and facets', async () => {
    const alice = { tenantId: 'acme', reviewerId: 'alice' };
    expect(await client.reviewQueue(alice, 20, { category: 'ARMS_AMMO', reason: 'appeal', kind: 'appeal' })).toEqual(PAGE);
    expect(await client.reviewQueue(alice, 5)).toEqual(PAGE);
    expect(await client.reviewQueue(alice, 5, {})).toEqual(PAGE);
    expect(queries).toEqual([
      { reviewer: alice, limit: 20, filter: { category: 'ARMS_AMMO', reason: 'appeal', kind: 'appeal' } },
      { reviewer: alice, limit: 5, filter: {} },
      { reviewer: alice, limit: 5, filter: {} },
    ]);
  });

  it('carries the statistics, and their refusal as a 403', async () => {
    expect(await client.reviewStats({ tenantId: 'acme', reviewerId: 'ada' })).toEqual(STATS);
    const refusal = await client.reviewStats({ tenantId: 'acme', reviewerId: 'alice' }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('carries an item with its bank matches and the decision appealed', async () => {
    expect(await client.reviewItem({ tenantId: 'acme', reviewerId: 'bob' }, 'vmod_1')).toEqual(DETAIL);
    expect(await client.reviewItem({ tenantId: 'globex', reviewerId: 'bob' }, 'vmod_1')).toBeNull();
  });
});
