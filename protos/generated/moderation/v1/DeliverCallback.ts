// Original file: moderation/v1/bus.proto


export interface DeliverCallback {
  'id'?: (string);
  'tenantId'?: (string);
  'url'?: (string);
  'body'?: (Buffer | Uint8Array | string);
  'createdAt'?: (string);
}

export interface DeliverCallback__Output {
  'id': (string);
  'tenantId': (string);
  'url': (string);
  'body': (Buffer);
  'createdAt': (string);
}
