// Original file: moderation/v1/policies.proto


export interface PublishPolicyRequest {
  'tenantId'?: (string);
  'documentJson'?: (string);
}

export interface PublishPolicyRequest__Output {
  'tenantId': (string);
  'documentJson': (string);
}
