// Original file: moderation/v1/text.proto


export interface OperatingPoints {
  'low'?: (number | string);
  'medium'?: (number | string);
  'high'?: (number | string);
}

export interface OperatingPoints__Output {
  'low': (number);
  'medium': (number);
  'high': (number);
}
