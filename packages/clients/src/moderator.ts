// Moderator over gRPC: the virtual moderator and its human review. Inputs and results travel as JSON in
// the public shapes and are parsed with the domain schemas on receipt.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type FrameReply__Output, type JsonReply, type JsonReply__Output, type ModeratorHandlers, type ModerationReply__Output } from '@modsvc/protos';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { ModeratorApi, ReviewerRef } from '@modsvc/common/contracts';
import {
  AppealInputSchema,
  AuditQuerySchema,
  AuditPageSchema,
  FeedbackInputSchema,
  FeedbackRecordSchema,
  ModerationOutcomeSchema,
  parseAs,
  parseModerationReply,
  ReviewDecisionInputSchema,
  ReviewItemDetailSchema,
  ReviewItemSchema,
  ReviewQueueFilterSchema,
  ReviewQueuePageSchema,
  ReviewStatsSchema,
} from '@modsvc/common/domain/index';

const MODERATE_DEADLINE_MS = 40_000;
const DEADLINE_MS = 10_000;

const found = (value: unknown): JsonReply => ({ found: true, json: JSON.stringify(value) });
const NOT_FOUND: JsonReply = { found: false, json: '' };
const reviewerOf = (r: { tenantId: string; reviewerId: string } | null | undefined): ReviewerRef => ({ tenantId: r?.tenantId ?? '', reviewerId: r?.reviewerId ?? '' });

export function moderatorBinding(api: ModeratorApi): GrpcBinding {
  const handlers: ModeratorHandlers = {
    Moderate: unaryHandler(async (req) => {
      const r = await api.moderate({
        tenantId: req.tenantId,
        classificationJobId: req.classificationJobId || null,
        externalId: req.externalId,
        callbackUrl: req.callbackUrl || null,
        idempotencyKey: req.idempotencyKey || null,
      });
      return { resultJson: JSON.stringify(r.result), httpStatus: r.httpStatus, found: true };
    }),
    GetModeration: unaryHandler(async (req) => {
      const r = await api.getModeration(req.tenantId, req.moderationJobId);
      return r ? { resultJson: JSON.stringify(r.result), httpStatus: r.httpStatus, found: true } : { resultJson: '', httpStatus: 0, found: false };
    }),
    Appeal: unaryHandler(async (req) => found(await api.appeal(req.tenantId, req.moderationJobId, parseAs(AppealInputSchema, 'AppealInput', JSON.parse(req.inputJson))))),
    ReviewQueue: unaryHandler(async (req) => {
      const filter = req.filterJson ? parseAs(ReviewQueueFilterSchema, 'ReviewQueueFilter', JSON.parse(req.filterJson)) : {};
      return found(await api.reviewQueue(reviewerOf(req.reviewer), req.limit, filter));
    }),
    ReviewStats: unaryHandler(async (req) => found(await api.reviewStats(reviewerOf(req.reviewer)))),
    GetReviewItem: unaryHandler(async (req) => {
      const item = await api.reviewItem(reviewerOf(req.reviewer), req.moderationJobId);
      return item ? found(item) : NOT_FOUND;
    }),
    Claim: unaryHandler(async (req) => found(await api.claim(reviewerOf(req.reviewer), req.moderationJobId))),
    Release: unaryHandler(async (req) => found(await api.release(reviewerOf(req.reviewer), req.moderationJobId))),
    Decide: unaryHandler(async (req) =>
      found(await api.decide(reviewerOf(req.reviewer), req.moderationJobId, parseAs(ReviewDecisionInputSchema, 'ReviewDecisionInput', JSON.parse(req.inputJson)))),
    ),
    GetReviewFrame: unaryHandler(async (req) => {
      const data = await api.reviewFrame(reviewerOf(req.reviewer), req.moderationJobId, req.index);
      return data ? { found: true, data } : { found: false, data: Buffer.alloc(0) };
    }),
    Feedback: unaryHandler(async (req) => {
      const kind = req.actorKind === 'reviewer' ? 'reviewer' : 'caller';
      return found(await api.feedback(req.tenantId, { kind, id: req.actorId }, parseAs(FeedbackInputSchema, 'FeedbackInput', JSON.parse(req.inputJson))));
    }),
    ListAudit: unaryHandler(async (req) => found(await api.audit(req.tenantId, parseAs(AuditQuerySchema, 'AuditQuery', JSON.parse(req.queryJson))))),
  };
  return { name: 'moderation.v1.Moderator', definition: moderationGrpc().Moderator.service, handlers, callers: callersOf('moderation.v1.Moderator') };
}

export function moderatorClient(address: string, auth: ServiceAuth | null): ModeratorApi {
  const client = new (moderationGrpc().Moderator)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  const json = async <S extends Parameters<typeof parseAs>[0]>(schema: S, name: string, fn: Parameters<typeof callUnary<JsonReply__Output>>[0]): Promise<ReturnType<S['parse']> | null> => {
    const r = await callUnary<JsonReply__Output>(fn, DEADLINE_MS);
    return r.found ? (parseAs(schema, name, JSON.parse(r.json)) as ReturnType<S['parse']>) : null;
  };
  const present = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`moderator answered no ${what} where one always comes back`);
    return value;
  };
  return {
    async moderate(input) {
      const request = { tenantId: input.tenantId, classificationJobId: input.classificationJobId ?? '', externalId: input.externalId, callbackUrl: input.callbackUrl ?? '', idempotencyKey: input.idempotencyKey ?? '' };
      const r = await callUnary<ModerationReply__Output>((md, o, cb) => client.Moderate(request, md, o, cb), MODERATE_DEADLINE_MS);
      return parseModerationReply(r.httpStatus, JSON.parse(r.resultJson));
    },
    async getModeration(tenantId, moderationJobId) {
      const r = await callUnary<ModerationReply__Output>((md, o, cb) => client.GetModeration({ tenantId, moderationJobId }, md, o, cb), DEADLINE_MS);
      return r.found ? parseModerationReply(r.httpStatus, JSON.parse(r.resultJson)) : null;
    },
    async appeal(tenantId, moderationJobId, input) {
      return present(await json(ReviewItemSchema, 'ReviewItem', (md, o, cb) => client.Appeal({ tenantId, moderationJobId, inputJson: JSON.stringify(input) }, md, o, cb)), 'review item');
    },
    async reviewQueue(reviewer, limit, filter) {
      const request = { reviewer, limit, filterJson: filter && Object.keys(filter).length ? JSON.stringify(filter) : '' };
      return present(await json(ReviewQueuePageSchema, 'ReviewQueuePage', (md, o, cb) => client.ReviewQueue(request, md, o, cb)), 'queue');
    },
    async reviewStats(reviewer) {
      return present(await json(ReviewStatsSchema, 'ReviewStats', (md, o, cb) => client.ReviewStats({ reviewer }, md, o, cb)), 'review stats');
    },
    async reviewItem(reviewer, moderationJobId) {
      return json(ReviewItemDetailSchema, 'ReviewItemDetail', (md, o, cb) => client.GetReviewItem({ reviewer, moderationJobId }, md, o, cb));
    },
    async claim(reviewer, moderationJobId) {
      return present(await json(ReviewItemSchema, 'ReviewItem', (md, o, cb) => client.Claim({ reviewer, moderationJobId }, md, o, cb)), 'review item');
    },
    async release(reviewer, moderationJobId) {
      return present(await json(ReviewItemSchema, 'ReviewItem', (md, o, cb) => client.Release({ reviewer, moderationJobId }, md, o, cb)), 'review item');
    },
    async decide(reviewer, moderationJobId, input) {
      const request = { reviewer, moderationJobId, inputJson: JSON.stringify(input) };
      return present(await json(ModerationOutcomeSchema, 'ModerationResult', (md, o, cb) => client.Decide(request, md, o, cb)), 'moderation result');
    },
    async reviewFrame(reviewer, moderationJobId, index) {
      const r = await callUnary<FrameReply__Output>((md, o, cb) => client.GetReviewFrame({ reviewer, moderationJobId, index }, md, o, cb), DEADLINE_MS);
      return r.found ? Buffer.from(r.data) : null;
    },
    async feedback(tenantId, actor, input) {
      const request = { tenantId, actorKind: actor.kind, actorId: actor.id, inputJson: JSON.stringify(input) };
      return present(await json(FeedbackRecordSchema, 'FeedbackRecord', (md, o, cb) => client.Feedback(request, md, o, cb)), 'feedback record');
    },
    async audit(tenantId, query) {
      return present(await json(AuditPageSchema, 'AuditPage', (md, o, cb) => client.ListAudit({ tenantId, queryJson: JSON.stringify(query) }, md, o, cb)), 'audit records');
    },
  };
}
