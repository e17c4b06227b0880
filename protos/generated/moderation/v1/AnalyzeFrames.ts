// Original file: moderation/v1/bus.proto

import type { FrameRef as _moderation_v1_FrameRef, FrameRef__Output as _moderation_v1_FrameRef__Output } from '../../moderation/v1/FrameRef';

export interface AnalyzeFrames {
  'jobId'?: (string);
  'frames'?: (_moderation_v1_FrameRef)[];
}

export interface AnalyzeFrames__Output {
  'jobId': (string);
  'frames': (_moderation_v1_FrameRef__Output)[];
}
