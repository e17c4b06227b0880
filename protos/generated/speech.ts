import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { SpeechToTextClient as _moderation_v1_SpeechToTextClient, SpeechToTextDefinition as _moderation_v1_SpeechToTextDefinition } from './moderation/v1/SpeechToText';
import type { TranscribeRequest as _moderation_v1_TranscribeRequest, TranscribeRequest__Output as _moderation_v1_TranscribeRequest__Output } from './moderation/v1/TranscribeRequest';
import type { Transcript as _moderation_v1_Transcript, Transcript__Output as _moderation_v1_Transcript__Output } from './moderation/v1/Transcript';
import type { TranscriptSegment as _moderation_v1_TranscriptSegment, TranscriptSegment__Output as _moderation_v1_TranscriptSegment__Output } from './moderation/v1/TranscriptSegment';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      SpeechToText: SubtypeConstructor<typeof grpc.Client, _moderation_v1_SpeechToTextClient> & { service: _moderation_v1_SpeechToTextDefinition }
      TranscribeRequest: MessageTypeDefinition<_moderation_v1_TranscribeRequest, _moderation_v1_TranscribeRequest__Output>
      Transcript: MessageTypeDefinition<_moderation_v1_Transcript, _moderation_v1_Transcript__Output>
      TranscriptSegment: MessageTypeDefinition<_moderation_v1_TranscriptSegment, _moderation_v1_TranscriptSegment__Output>
    }
  }
}

