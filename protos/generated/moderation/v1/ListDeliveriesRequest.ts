// Original file: moderation/v1/webhook.proto


export interface ListDeliveriesRequest {
  'tenantId'?: (string);
  'jobId'?: (string);
}

export interface ListDeliveriesRequest__Output {
  'tenantId': (string);
  'jobId': (string);
}
