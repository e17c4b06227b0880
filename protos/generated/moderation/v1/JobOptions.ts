// Original file: moderation/v1/ingest.proto

import type { Product as _moderation_v1_Product, Product__Output as _moderation_v1_Product__Output } from '../../moderation/v1/Product';
import type { MediaKind as _moderation_v1_MediaKind, MediaKind__Output as _moderation_v1_MediaKind__Output } from '../../moderation/v1/MediaKind';

export interface JobOptions {
  'tenantId'?: (string);
  'product'?: (_moderation_v1_Product);
  'media'?: (_moderation_v1_MediaKind);
  'caption'?: (string);
  'callbackUrl'?: (string);
  'idempotencyKey'?: (string);
  'fingerprint'?: (string);
}

export interface JobOptions__Output {
  'tenantId': (string);
  'product': (_moderation_v1_Product__Output);
  'media': (_moderation_v1_MediaKind__Output);
  'caption': (string);
  'callbackUrl': (string);
  'idempotencyKey': (string);
  'fingerprint': (string);
}
