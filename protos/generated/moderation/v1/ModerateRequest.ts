// Original file: moderation/v1/moderator.proto


export interface ModerateRequest {
  'tenantId'?: (string);
  'classificationJobId'?: (string);
  'externalId'?: (string);
  'callbackUrl'?: (string);
  'idempotencyKey'?: (string);
}

export interface ModerateRequest__Output {
  'tenantId': (string);
  'classificationJobId': (string);
  'externalId': (string);
  'callbackUrl': (string);
  'idempotencyKey': (string);
}
