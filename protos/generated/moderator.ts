import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AppealRequest as _moderation_v1_AppealRequest, AppealRequest__Output as _moderation_v1_AppealRequest__Output } from './moderation/v1/AppealRequest';
import type { AuditRequest as _moderation_v1_AuditRequest, AuditRequest__Output as _moderation_v1_AuditRequest__Output } from './moderation/v1/AuditRequest';
import type { DecideRequest as _moderation_v1_DecideRequest, DecideRequest__Output as _moderation_v1_DecideRequest__Output } from './moderation/v1/DecideRequest';
import type { FeedbackRequest as _moderation_v1_FeedbackRequest, FeedbackRequest__Output as _moderation_v1_FeedbackRequest__Output } from './moderation/v1/FeedbackRequest';
import type { FrameReply as _moderation_v1_FrameReply, FrameReply__Output as _moderation_v1_FrameReply__Output } from './moderation/v1/FrameReply';
import type { JsonReply as _moderation_v1_JsonReply, JsonReply__Output as _moderation_v1_JsonReply__Output } from './moderation/v1/JsonReply';
import type { ModerateRequest as _moderation_v1_ModerateRequest, ModerateRequest__Output as _moderation_v1_ModerateRequest__Output } from './moderation/v1/ModerateRequest';
import type { ModerationRef as _moderation_v1_ModerationRef, ModerationRef__Output as _moderation_v1_ModerationRef__Output } from './moderation/v1/ModerationRef';
import type { ModerationReply as _moderation_v1_ModerationReply, ModerationReply__Output as _moderation_v1_ModerationReply__Output } from './moderation/v1/ModerationReply';
import type { ModeratorClient as _moderation_v1_ModeratorClient, ModeratorDefinition as _moderation_v1_ModeratorDefinition } from './moderation/v1/Moderator';
import type { ReviewFrameRequest as _moderation_v1_ReviewFrameRequest, ReviewFrameRequest__Output as _moderation_v1_ReviewFrameRequest__Output } from './moderation/v1/ReviewFrameRequest';
import type { ReviewItemRef as _moderation_v1_ReviewItemRef, ReviewItemRef__Output as _moderation_v1_ReviewItemRef__Output } from './moderation/v1/ReviewItemRef';
import type { ReviewQueueRequest as _moderation_v1_ReviewQueueRequest, ReviewQueueRequest__Output as _moderation_v1_ReviewQueueRequest__Output } from './moderation/v1/ReviewQueueRequest';
import type { ReviewStatsRequest as _moderation_v1_ReviewStatsRequest, ReviewStatsRequest__Output as _moderation_v1_ReviewStatsRequest__Output } from './moderation/v1/ReviewStatsRequest';
import type { Reviewer as _moderation_v1_Reviewer, Reviewer__Output as _moderation_v1_Reviewer__Output } from './moderation/v1/Reviewer';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      AppealRequest: MessageTypeDefinition<_moderation_v1_AppealRequest, _moderation_v1_AppealRequest__Output>
      AuditRequest: MessageTypeDefinition<_moderation_v1_AuditRequest, _moderation_v1_AuditRequest__Output>
      DecideRequest: MessageTypeDefinition<_moderation_v1_DecideRequest, _moderation_v1_DecideRequest__Output>
      FeedbackRequest: MessageTypeDefinition<_moderation_v1_FeedbackRequest, _moderation_v1_FeedbackRequest__Output>
      FrameReply: MessageTypeDefinition<_moderation_v1_FrameReply, _moderation_v1_FrameReply__Output>
      JsonReply: MessageTypeDefinition<_moderation_v1_JsonReply, _moderation_v1_JsonReply__Output>
      ModerateRequest: MessageTypeDefinition<_moderation_v1_ModerateRequest, _moderation_v1_ModerateRequest__Output>
      ModerationRef: MessageTypeDefinition<_moderation_v1_ModerationRef, _moderation_v1_ModerationRef__Output>
      ModerationReply: MessageTypeDefinition<_moderation_v1_ModerationReply, _moderation_v1_ModerationReply__Output>
      Moderator: SubtypeConstructor<typeof grpc.Client, _moderation_v1_ModeratorClient> & { service: _moderation_v1_ModeratorDefinition }
      ReviewFrameRequest: MessageTypeDefinition<_moderation_v1_ReviewFrameRequest, _moderation_v1_ReviewFrameRequest__Output>
      ReviewItemRef: MessageTypeDefinition<_moderation_v1_ReviewItemRef, _moderation_v1_ReviewItemRef__Output>
      ReviewQueueRequest: MessageTypeDefinition<_moderation_v1_ReviewQueueRequest, _moderation_v1_ReviewQueueRequest__Output>
      ReviewStatsRequest: MessageTypeDefinition<_moderation_v1_ReviewStatsRequest, _moderation_v1_ReviewStatsRequest__Output>
      Reviewer: MessageTypeDefinition<_moderation_v1_Reviewer, _moderation_v1_Reviewer__Output>
    }
  }
}

