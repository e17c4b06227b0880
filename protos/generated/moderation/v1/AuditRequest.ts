// Original file: moderation/v1/moderator.proto


export interface AuditRequest {
  'tenantId'?: (string);
  'queryJson'?: (string);
}

export interface AuditRequest__Output {
  'tenantId': (string);
  'queryJson': (string);
}
