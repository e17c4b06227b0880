// Original file: moderation/v1/text.proto


export interface OperatingPointBasis {
  'part'?: (string);
  'positives'?: (number);
  'negatives'?: (number);
}

export interface OperatingPointBasis__Output {
  'part': (string);
  'positives': (number);
  'negatives': (number);
}
