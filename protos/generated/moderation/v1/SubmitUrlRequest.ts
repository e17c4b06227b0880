// Original file: moderation/v1/ingest.proto

import type { JobOptions as _moderation_v1_JobOptions, JobOptions__Output as _moderation_v1_JobOptions__Output } from '../../moderation/v1/JobOptions';

export interface SubmitUrlRequest {
  'options'?: (_moderation_v1_JobOptions | null);
  'url'?: (string);
}

export interface SubmitUrlRequest__Output {
  'options': (_moderation_v1_JobOptions__Output | null);
  'url': (string);
}
