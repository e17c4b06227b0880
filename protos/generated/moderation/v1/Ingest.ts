// Original file: moderation/v1/ingest.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetJobRequest as _moderation_v1_GetJobRequest, GetJobRequest__Output as _moderation_v1_GetJobRequest__Output } from '../../moderation/v1/GetJobRequest';
import type { JobView as _moderation_v1_JobView, JobView__Output as _moderation_v1_JobView__Output } from '../../moderation/v1/JobView';
import type { SubmitReply as _moderation_v1_SubmitReply, SubmitReply__Output as _moderation_v1_SubmitReply__Output } from '../../moderation/v1/SubmitReply';
import type { SubmitUrlRequest as _moderation_v1_SubmitUrlRequest, SubmitUrlRequest__Output as _moderation_v1_SubmitUrlRequest__Output } from '../../moderation/v1/SubmitUrlRequest';
import type { UploadPart as _moderation_v1_UploadPart, UploadPart__Output as _moderation_v1_UploadPart__Output } from '../../moderation/v1/UploadPart';

export interface IngestClient extends grpc.Client {
  GetJob(argument: _moderation_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _moderation_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _moderation_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _moderation_v1_GetJobRequest, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  getJob(argument: _moderation_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  getJob(argument: _moderation_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  getJob(argument: _moderation_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  getJob(argument: _moderation_v1_GetJobRequest, callback: grpc.requestCallback<_moderation_v1_JobView__Output>): grpc.ClientUnaryCall;
  
  SubmitUpload(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  SubmitUpload(metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  SubmitUpload(options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  SubmitUpload(callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  submitUpload(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  submitUpload(metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  submitUpload(options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  submitUpload(callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientWritableStream<_moderation_v1_UploadPart>;
  
  SubmitUrl(argument: _moderation_v1_SubmitUrlRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  SubmitUrl(argument: _moderation_v1_SubmitUrlRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  SubmitUrl(argument: _moderation_v1_SubmitUrlRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  SubmitUrl(argument: _moderation_v1_SubmitUrlRequest, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  submitUrl(argument: _moderation_v1_SubmitUrlRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  submitUrl(argument: _moderation_v1_SubmitUrlRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  submitUrl(argument: _moderation_v1_SubmitUrlRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  submitUrl(argument: _moderation_v1_SubmitUrlRequest, callback: grpc.requestCallback<_moderation_v1_SubmitReply__Output>): grpc.ClientUnaryCall;
  
}

export interface IngestHandlers extends grpc.UntypedServiceImplementation {
  GetJob: grpc.handleUnaryCall<_moderation_v1_GetJobRequest__Output, _moderation_v1_JobView>;
  
  SubmitUpload: grpc.handleClientStreamingCall<_moderation_v1_UploadPart__Output, _moderation_v1_SubmitReply>;
  
  SubmitUrl: grpc.handleUnaryCall<_moderation_v1_SubmitUrlRequest__Output, _moderation_v1_SubmitReply>;
  
}

export interface IngestDefinition extends grpc.ServiceDefinition {
  GetJob: MethodDefinition<_moderation_v1_GetJobRequest, _moderation_v1_JobView, _moderation_v1_GetJobRequest__Output, _moderation_v1_JobView__Output>
  SubmitUpload: MethodDefinition<_moderation_v1_UploadPart, _moderation_v1_SubmitReply, _moderation_v1_UploadPart__Output, _moderation_v1_SubmitReply__Output>
  SubmitUrl: MethodDefinition<_moderation_v1_SubmitUrlRequest, _moderation_v1_SubmitReply, _moderation_v1_SubmitUrlRequest__Output, _moderation_v1_SubmitReply__Output>
}
