// Original file: moderation/v1/moderator.proto


export interface FeedbackRequest {
  'tenantId'?: (string);
  'actorKind'?: (string);
  'actorId'?: (string);
  'inputJson'?: (string);
}

export interface FeedbackRequest__Output {
  'tenantId': (string);
  'actorKind': (string);
  'actorId': (string);
  'inputJson': (string);
}
