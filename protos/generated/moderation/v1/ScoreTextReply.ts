// Original file: moderation/v1/text.proto

import type { TextScore as _moderation_v1_TextScore, TextScore__Output as _moderation_v1_TextScore__Output } from '../../moderation/v1/TextScore';

export interface ScoreTextReply {
  'results'?: (_moderation_v1_TextScore)[];
  'model'?: (string);
}

export interface ScoreTextReply__Output {
  'results': (_moderation_v1_TextScore__Output)[];
  'model': (string);
}
