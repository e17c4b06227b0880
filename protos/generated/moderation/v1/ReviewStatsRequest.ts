// Original file: moderation/v1/moderator.proto

import type { Reviewer as _moderation_v1_Reviewer, Reviewer__Output as _moderation_v1_Reviewer__Output } from '../../moderation/v1/Reviewer';

export interface ReviewStatsRequest {
  'reviewer'?: (_moderation_v1_Reviewer | null);
}

export interface ReviewStatsRequest__Output {
  'reviewer': (_moderation_v1_Reviewer__Output | null);
}
