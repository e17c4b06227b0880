// Original file: moderation/v1/speech.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { TranscribeRequest as _moderation_v1_TranscribeRequest, TranscribeRequest__Output as _moderation_v1_TranscribeRequest__Output } from '../../moderation/v1/TranscribeRequest';
import type { Transcript as _moderation_v1_Transcript, Transcript__Output as _moderation_v1_Transcript__Output } from '../../moderation/v1/Transcript';

export interface SpeechToTextClient extends grpc.Client {
  Transcribe(argument: _moderation_v1_TranscribeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  Transcribe(argument: _moderation_v1_TranscribeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  Transcribe(argument: _moderation_v1_TranscribeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  Transcribe(argument: _moderation_v1_TranscribeRequest, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  transcribe(argument: _moderation_v1_TranscribeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  transcribe(argument: _moderation_v1_TranscribeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  transcribe(argument: _moderation_v1_TranscribeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  transcribe(argument: _moderation_v1_TranscribeRequest, callback: grpc.requestCallback<_moderation_v1_Transcript__Output>): grpc.ClientUnaryCall;
  
}

export interface SpeechToTextHandlers extends grpc.UntypedServiceImplementation {
  Transcribe: grpc.handleUnaryCall<_moderation_v1_TranscribeRequest__Output, _moderation_v1_Transcript>;
  
}

export interface SpeechToTextDefinition extends grpc.ServiceDefinition {
  Transcribe: MethodDefinition<_moderation_v1_TranscribeRequest, _moderation_v1_Transcript, _moderation_v1_TranscribeRequest__Output, _moderation_v1_Transcript__Output>
}
