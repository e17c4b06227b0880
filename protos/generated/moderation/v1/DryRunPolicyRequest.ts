// Original file: moderation/v1/policies.proto


export interface DryRunPolicyRequest {
  'tenantId'?: (string);
  'documentJson'?: (string);
  'items'?: (number);
}

export interface DryRunPolicyRequest__Output {
  'tenantId': (string);
  'documentJson': (string);
  'items': (number);
}
