// Original file: moderation/v1/webhook.proto


export interface RedeliverRequest {
  'tenantId'?: (string);
  'jobId'?: (string);
}

export interface RedeliverRequest__Output {
  'tenantId': (string);
  'jobId': (string);
}
