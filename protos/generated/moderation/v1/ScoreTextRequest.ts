// Original file: moderation/v1/text.proto


export interface ScoreTextRequest {
  'texts'?: (string)[];
  'source'?: (string);
}

export interface ScoreTextRequest__Output {
  'texts': (string)[];
  'source': (string);
}
