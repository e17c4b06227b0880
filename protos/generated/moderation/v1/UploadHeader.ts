// Original file: moderation/v1/ingest.proto

import type { JobOptions as _moderation_v1_JobOptions, JobOptions__Output as _moderation_v1_JobOptions__Output } from '../../moderation/v1/JobOptions';
import type { Long } from '@grpc/proto-loader';

export interface UploadHeader {
  'options'?: (_moderation_v1_JobOptions | null);
  'filename'?: (string);
  'declaredContentType'?: (string);
  'size'?: (number | string | Long);
}

export interface UploadHeader__Output {
  'options': (_moderation_v1_JobOptions__Output | null);
  'filename': (string);
  'declaredContentType': (string);
  'size': (string);
}
