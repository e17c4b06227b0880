// Original file: moderation/v1/speech.proto

import type { TranscriptSegment as _moderation_v1_TranscriptSegment, TranscriptSegment__Output as _moderation_v1_TranscriptSegment__Output } from '../../moderation/v1/TranscriptSegment';

export interface Transcript {
  'text'?: (string);
  'segments'?: (_moderation_v1_TranscriptSegment)[];
  'recognizer'?: (string);
  'speechSeconds'?: (number | string);
}

export interface Transcript__Output {
  'text': (string);
  'segments': (_moderation_v1_TranscriptSegment__Output)[];
  'recognizer': (string);
  'speechSeconds': (number);
}
