// Original file: moderation/v1/moderator.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AppealRequest as _moderation_v1_AppealRequest, AppealRequest__Output as _moderation_v1_AppealRequest__Output } from '../../moderation/v1/AppealRequest';
import type { AuditRequest as _moderation_v1_AuditRequest, AuditRequest__Output as _moderation_v1_AuditRequest__Output } from '../../moderation/v1/AuditRequest';
import type { DecideRequest as _moderation_v1_DecideRequest, DecideRequest__Output as _moderation_v1_DecideRequest__Output } from '../../moderation/v1/DecideRequest';
import type { FeedbackRequest as _moderation_v1_FeedbackRequest, FeedbackRequest__Output as _moderation_v1_FeedbackRequest__Output } from '../../moderation/v1/FeedbackRequest';
import type { FrameReply as _moderation_v1_FrameReply, FrameReply__Output as _moderation_v1_FrameReply__Output } from '../../moderation/v1/FrameReply';
import type { JsonReply as _moderation_v1_JsonReply, JsonReply__Output as _moderation_v1_JsonReply__Output } from '../../moderation/v1/JsonReply';
import type { ModerateRequest as _moderation_v1_ModerateRequest, ModerateRequest__Output as _moderation_v1_ModerateRequest__Output } from '../../moderation/v1/ModerateRequest';
import type { ModerationRef as _moderation_v1_ModerationRef, ModerationRef__Output as _moderation_v1_ModerationRef__Output } from '../../moderation/v1/ModerationRef';
import type { ModerationReply as _moderation_v1_ModerationReply, ModerationReply__Output as _moderation_v1_ModerationReply__Output } from '../../moderation/v1/ModerationReply';
import type { ReviewFrameRequest as _moderation_v1_ReviewFrameRequest, ReviewFrameRequest__Output as _moderation_v1_ReviewFrameRequest__Output } from '../../moderation/v1/ReviewFrameRequest';
import type { ReviewItemRef as _moderation_v1_ReviewItemRef, ReviewItemRef__Output as _moderation_v1_ReviewItemRef__Output } from '../../moderation/v1/ReviewItemRef';
import type { ReviewQueueRequest as _moderation_v1_ReviewQueueRequest, ReviewQueueRequest__Output as _moderation_v1_ReviewQueueRequest__Output } from '../../moderation/v1/ReviewQueueRequest';
import type { ReviewStatsRequest as _moderation_v1_ReviewStatsRequest, ReviewStatsRequest__Output as _moderation_v1_ReviewStatsRequest__Output } from '../../moderation/v1/ReviewStatsRequest';

export interface ModeratorClient extends grpc.Client {
  Appeal(argument: _moderation_v1_AppealRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Appeal(argument: _moderation_v1_AppealRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Appeal(argument: _moderation_v1_AppealRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Appeal(argument: _moderation_v1_AppealRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  appeal(argument: _moderation_v1_AppealRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  appeal(argument: _moderation_v1_AppealRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  appeal(argument: _moderation_v1_AppealRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  appeal(argument: _moderation_v1_AppealRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  Claim(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Claim(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Claim(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Claim(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  claim(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  claim(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  claim(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  claim(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  Decide(argument: _moderation_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Decide(argument: _moderation_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Decide(argument: _moderation_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Decide(argument: _moderation_v1_DecideRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  decide(argument: _moderation_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  decide(argument: _moderation_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  decide(argument: _moderation_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  decide(argument: _moderation_v1_DecideRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  Feedback(argument: _moderation_v1_FeedbackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Feedback(argument: _moderation_v1_FeedbackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Feedback(argument: _moderation_v1_FeedbackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Feedback(argument: _moderation_v1_FeedbackRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  feedback(argument: _moderation_v1_FeedbackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  feedback(argument: _moderation_v1_FeedbackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  feedback(argument: _moderation_v1_FeedbackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  feedback(argument: _moderation_v1_FeedbackRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  GetModeration(argument: _moderation_v1_ModerationRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  GetModeration(argument: _moderation_v1_ModerationRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  GetModeration(argument: _moderation_v1_ModerationRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  GetModeration(argument: _moderation_v1_ModerationRef, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  getModeration(argument: _moderation_v1_ModerationRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  getModeration(argument: _moderation_v1_ModerationRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  getModeration(argument: _moderation_v1_ModerationRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  getModeration(argument: _moderation_v1_ModerationRef, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  
  GetReviewFrame(argument: _moderation_v1_ReviewFrameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  GetReviewFrame(argument: _moderation_v1_ReviewFrameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  GetReviewFrame(argument: _moderation_v1_ReviewFrameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  GetReviewFrame(argument: _moderation_v1_ReviewFrameRequest, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  getReviewFrame(argument: _moderation_v1_ReviewFrameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  getReviewFrame(argument: _moderation_v1_ReviewFrameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  getReviewFrame(argument: _moderation_v1_ReviewFrameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  getReviewFrame(argument: _moderation_v1_ReviewFrameRequest, callback: grpc.requestCallback<_moderation_v1_FrameReply__Output>): grpc.ClientUnaryCall;
  
  GetReviewItem(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  GetReviewItem(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  GetReviewItem(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  GetReviewItem(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  getReviewItem(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  getReviewItem(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  getReviewItem(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  getReviewItem(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  ListAudit(argument: _moderation_v1_AuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _moderation_v1_AuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _moderation_v1_AuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _moderation_v1_AuditRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _moderation_v1_AuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _moderation_v1_AuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _moderation_v1_AuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _moderation_v1_AuditRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  Moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  
  Release(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Release(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Release(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  Release(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  release(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  release(argument: _moderation_v1_ReviewItemRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  release(argument: _moderation_v1_ReviewItemRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  release(argument: _moderation_v1_ReviewItemRef, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  ReviewQueue(argument: _moderation_v1_ReviewQueueRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewQueue(argument: _moderation_v1_ReviewQueueRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewQueue(argument: _moderation_v1_ReviewQueueRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewQueue(argument: _moderation_v1_ReviewQueueRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewQueue(argument: _moderation_v1_ReviewQueueRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewQueue(argument: _moderation_v1_ReviewQueueRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewQueue(argument: _moderation_v1_ReviewQueueRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewQueue(argument: _moderation_v1_ReviewQueueRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
  ReviewStats(argument: _moderation_v1_ReviewStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewStats(argument: _moderation_v1_ReviewStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewStats(argument: _moderation_v1_ReviewStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  ReviewStats(argument: _moderation_v1_ReviewStatsRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewStats(argument: _moderation_v1_ReviewStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewStats(argument: _moderation_v1_ReviewStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewStats(argument: _moderation_v1_ReviewStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  reviewStats(argument: _moderation_v1_ReviewStatsRequest, callback: grpc.requestCallback<_moderation_v1_JsonReply__Output>): grpc.ClientUnaryCall;
  
}

export interface ModeratorHandlers extends grpc.UntypedServiceImplementation {
  Appeal: grpc.handleUnaryCall<_moderation_v1_AppealRequest__Output, _moderation_v1_JsonReply>;
  
  Claim: grpc.handleUnaryCall<_moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply>;
  
  Decide: grpc.handleUnaryCall<_moderation_v1_DecideRequest__Output, _moderation_v1_JsonReply>;
  
  Feedback: grpc.handleUnaryCall<_moderation_v1_FeedbackRequest__Output, _moderation_v1_JsonReply>;
  
  GetModeration: grpc.handleUnaryCall<_moderation_v1_ModerationRef__Output, _moderation_v1_ModerationReply>;
  
  GetReviewFrame: grpc.handleUnaryCall<_moderation_v1_ReviewFrameRequest__Output, _moderation_v1_FrameReply>;
  
  GetReviewItem: grpc.handleUnaryCall<_moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply>;
  
  ListAudit: grpc.handleUnaryCall<_moderation_v1_AuditRequest__Output, _moderation_v1_JsonReply>;
  
  Moderate: grpc.handleUnaryCall<_moderation_v1_ModerateRequest__Output, _moderation_v1_ModerationReply>;
  
  Release: grpc.handleUnaryCall<_moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply>;
  
  ReviewQueue: grpc.handleUnaryCall<_moderation_v1_ReviewQueueRequest__Output, _moderation_v1_JsonReply>;
  
  ReviewStats: grpc.handleUnaryCall<_moderation_v1_ReviewStatsRequest__Output, _moderation_v1_JsonReply>;
  
}

export interface ModeratorDefinition extends grpc.ServiceDefinition {
  Appeal: MethodDefinition<_moderation_v1_AppealRequest, _moderation_v1_JsonReply, _moderation_v1_AppealRequest__Output, _moderation_v1_JsonReply__Output>
  Claim: MethodDefinition<_moderation_v1_ReviewItemRef, _moderation_v1_JsonReply, _moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply__Output>
  Decide: MethodDefinition<_moderation_v1_DecideRequest, _moderation_v1_JsonReply, _moderation_v1_DecideRequest__Output, _moderation_v1_JsonReply__Output>
  Feedback: MethodDefinition<_moderation_v1_FeedbackRequest, _moderation_v1_JsonReply, _moderation_v1_FeedbackRequest__Output, _moderation_v1_JsonReply__Output>
  GetModeration: MethodDefinition<_moderation_v1_ModerationRef, _moderation_v1_ModerationReply, _moderation_v1_ModerationRef__Output, _moderation_v1_ModerationReply__Output>
  GetReviewFrame: MethodDefinition<_moderation_v1_ReviewFrameRequest, _moderation_v1_FrameReply, _moderation_v1_ReviewFrameRequest__Output, _moderation_v1_FrameReply__Output>
  GetReviewItem: MethodDefinition<_moderation_v1_ReviewItemRef, _moderation_v1_JsonReply, _moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply__Output>
  ListAudit: MethodDefinition<_moderation_v1_AuditRequest, _moderation_v1_JsonReply, _moderation_v1_AuditRequest__Output, _moderation_v1_JsonReply__Output>
  Moderate: MethodDefinition<_moderation_v1_ModerateRequest, _moderation_v1_ModerationReply, _moderation_v1_ModerateRequest__Output, _moderation_v1_ModerationReply__Output>
  Release: MethodDefinition<_moderation_v1_ReviewItemRef, _moderation_v1_JsonReply, _moderation_v1_ReviewItemRef__Output, _moderation_v1_JsonReply__Output>
  ReviewQueue: MethodDefinition<_moderation_v1_ReviewQueueRequest, _moderation_v1_JsonReply, _moderation_v1_ReviewQueueRequest__Output, _moderation_v1_JsonReply__Output>
  ReviewStats: MethodDefinition<_moderation_v1_ReviewStatsRequest, _moderation_v1_JsonReply, _moderation_v1_ReviewStatsRequest__Output, _moderation_v1_JsonReply__Output>
}
