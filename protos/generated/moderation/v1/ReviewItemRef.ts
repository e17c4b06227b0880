// Original file: moderation/v1/moderator.proto

import type { Reviewer as _moderation_v1_Reviewer, Reviewer__Output as _moderation_v1_Reviewer__Output } from '../../moderation/v1/Reviewer';

export interface ReviewItemRef {
  'reviewer'?: (_moderation_v1_Reviewer | null);
  'moderationJobId'?: (string);
}

export interface ReviewItemRef__Output {
  'reviewer': (_moderation_v1_Reviewer__Output | null);
  'moderationJobId': (string);
}
