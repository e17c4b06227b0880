// Original file: moderation/v1/moderator.proto

import type { Reviewer as _moderation_v1_Reviewer, Reviewer__Output as _moderation_v1_Reviewer__Output } from '../../moderation/v1/Reviewer';

export interface ReviewQueueRequest {
  'reviewer'?: (_moderation_v1_Reviewer | null);
  'limit'?: (number);
  'filterJson'?: (string);
}

export interface ReviewQueueRequest__Output {
  'reviewer': (_moderation_v1_Reviewer__Output | null);
  'limit': (number);
  'filterJson': (string);
}
