// Original file: moderation/v1/text.proto


export interface TextSpan {
  'start'?: (number);
  'end'?: (number);
  'text'?: (string);
}

export interface TextSpan__Output {
  'start': (number);
  'end': (number);
  'text': (string);
}
