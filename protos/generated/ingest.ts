import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ErrorInfo as _moderation_v1_ErrorInfo, ErrorInfo__Output as _moderation_v1_ErrorInfo__Output } from './moderation/v1/ErrorInfo';
import type { GetJobRequest as _moderation_v1_GetJobRequest, GetJobRequest__Output as _moderation_v1_GetJobRequest__Output } from './moderation/v1/GetJobRequest';
import type { IngestClient as _moderation_v1_IngestClient, IngestDefinition as _moderation_v1_IngestDefinition } from './moderation/v1/Ingest';
import type { JobOptions as _moderation_v1_JobOptions, JobOptions__Output as _moderation_v1_JobOptions__Output } from './moderation/v1/JobOptions';
import type { JobView as _moderation_v1_JobView, JobView__Output as _moderation_v1_JobView__Output } from './moderation/v1/JobView';
import type { MediaMetadata as _moderation_v1_MediaMetadata, MediaMetadata__Output as _moderation_v1_MediaMetadata__Output } from './moderation/v1/MediaMetadata';
import type { SubmitReply as _moderation_v1_SubmitReply, SubmitReply__Output as _moderation_v1_SubmitReply__Output } from './moderation/v1/SubmitReply';
import type { SubmitUrlRequest as _moderation_v1_SubmitUrlRequest, SubmitUrlRequest__Output as _moderation_v1_SubmitUrlRequest__Output } from './moderation/v1/SubmitUrlRequest';
import type { UploadHeader as _moderation_v1_UploadHeader, UploadHeader__Output as _moderation_v1_UploadHeader__Output } from './moderation/v1/UploadHeader';
import type { UploadPart as _moderation_v1_UploadPart, UploadPart__Output as _moderation_v1_UploadPart__Output } from './moderation/v1/UploadPart';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      ErrorInfo: MessageTypeDefinition<_moderation_v1_ErrorInfo, _moderation_v1_ErrorInfo__Output>
      GetJobRequest: MessageTypeDefinition<_moderation_v1_GetJobRequest, _moderation_v1_GetJobRequest__Output>
      Ingest: SubtypeConstructor<typeof grpc.Client, _moderation_v1_IngestClient> & { service: _moderation_v1_IngestDefinition }
      JobOptions: MessageTypeDefinition<_moderation_v1_JobOptions, _moderation_v1_JobOptions__Output>
      JobView: MessageTypeDefinition<_moderation_v1_JobView, _moderation_v1_JobView__Output>
      MediaKind: EnumTypeDefinition
      MediaMetadata: MessageTypeDefinition<_moderation_v1_MediaMetadata, _moderation_v1_MediaMetadata__Output>
      Product: EnumTypeDefinition
      SubmitReply: MessageTypeDefinition<_moderation_v1_SubmitReply, _moderation_v1_SubmitReply__Output>
      SubmitUrlRequest: MessageTypeDefinition<_moderation_v1_SubmitUrlRequest, _moderation_v1_SubmitUrlRequest__Output>
      UploadHeader: MessageTypeDefinition<_moderation_v1_UploadHeader, _moderation_v1_UploadHeader__Output>
      UploadPart: MessageTypeDefinition<_moderation_v1_UploadPart, _moderation_v1_UploadPart__Output>
    }
  }
}

