// Original file: moderation/v1/moderator.proto


export interface AppealRequest {
  'tenantId'?: (string);
  'moderationJobId'?: (string);
  'inputJson'?: (string);
}

export interface AppealRequest__Output {
  'tenantId': (string);
  'moderationJobId': (string);
  'inputJson': (string);
}
