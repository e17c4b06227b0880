// Original file: moderation/v1/banks.proto

import type { HashEntry as _moderation_v1_HashEntry, HashEntry__Output as _moderation_v1_HashEntry__Output } from '../../moderation/v1/HashEntry';

export interface AddHashesRequest {
  'tenantId'?: (string);
  'bankId'?: (string);
  'hashes'?: (_moderation_v1_HashEntry)[];
}

export interface AddHashesRequest__Output {
  'tenantId': (string);
  'bankId': (string);
  'hashes': (_moderation_v1_HashEntry__Output)[];
}
