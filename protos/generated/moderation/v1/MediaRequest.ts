// Original file: moderation/v1/banks.proto


export interface MediaRequest {
  'tenantId'?: (string);
  'bankId'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'url'?: (string);
  'note'?: (string);
  'source'?: "data"|"url";
  '_note'?: "note";
}

export interface MediaRequest__Output {
  'tenantId': (string);
  'bankId': (string);
  'data'?: (Buffer);
  'url'?: (string);
  'note'?: (string);
  'source'?: "data"|"url";
  '_note'?: "note";
}
