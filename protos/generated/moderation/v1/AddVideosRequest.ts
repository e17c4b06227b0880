// Original file: moderation/v1/banks.proto

import type { VideoEntry as _moderation_v1_VideoEntry, VideoEntry__Output as _moderation_v1_VideoEntry__Output } from '../../moderation/v1/VideoEntry';

export interface AddVideosRequest {
  'tenantId'?: (string);
  'bankId'?: (string);
  'videos'?: (_moderation_v1_VideoEntry)[];
}

export interface AddVideosRequest__Output {
  'tenantId': (string);
  'bankId': (string);
  'videos': (_moderation_v1_VideoEntry__Output)[];
}
