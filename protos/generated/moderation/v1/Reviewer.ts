// Original file: moderation/v1/moderator.proto


export interface Reviewer {
  'tenantId'?: (string);
  'reviewerId'?: (string);
}

export interface Reviewer__Output {
  'tenantId': (string);
  'reviewerId': (string);
}
