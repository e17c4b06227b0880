// Original file: moderation/v1/ingest.proto

import type { Product as _moderation_v1_Product, Product__Output as _moderation_v1_Product__Output } from '../../moderation/v1/Product';
import type { MediaKind as _moderation_v1_MediaKind, MediaKind__Output as _moderation_v1_MediaKind__Output } from '../../moderation/v1/MediaKind';

export interface GetJobRequest {
  'tenantId'?: (string);
  'jobId'?: (string);
  'product'?: (_moderation_v1_Product);
  'media'?: (_moderation_v1_MediaKind);
}

export interface GetJobRequest__Output {
  'tenantId': (string);
  'jobId': (string);
  'product': (_moderation_v1_Product__Output);
  'media': (_moderation_v1_MediaKind__Output);
}
