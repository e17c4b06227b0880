// Original file: moderation/v1/banks.proto


export interface BanksOfTenant {
  'tenantId'?: (string);
}

export interface BanksOfTenant__Output {
  'tenantId': (string);
}
