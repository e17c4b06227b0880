// Original file: moderation/v1/policies.proto


export interface PoliciesOfTenant {
  'tenantId'?: (string);
}

export interface PoliciesOfTenant__Output {
  'tenantId': (string);
}
