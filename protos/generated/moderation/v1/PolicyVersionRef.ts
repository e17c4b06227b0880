// Original file: moderation/v1/policies.proto


export interface PolicyVersionRef {
  'tenantId'?: (string);
  'version'?: (string);
}

export interface PolicyVersionRef__Output {
  'tenantId': (string);
  'version': (string);
}
