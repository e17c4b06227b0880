// Original file: moderation/v1/speech.proto


export interface TranscriptSegment {
  'start'?: (number | string);
  'end'?: (number | string);
  'text'?: (string);
}

export interface TranscriptSegment__Output {
  'start': (number);
  'end': (number);
  'text': (string);
}
