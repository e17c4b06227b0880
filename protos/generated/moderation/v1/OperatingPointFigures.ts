// Original file: moderation/v1/text.proto


export interface OperatingPointFigures {
  'level'?: (string);
  'threshold'?: (number | string);
  'target'?: (string);
  'reached'?: (boolean);
  'recall'?: (number | string);
  'precision'?: (number | string);
  'falsePositiveRate'?: (number | string);
  'benignFlaggedRate'?: (number | string);
  '_benignFlaggedRate'?: "benignFlaggedRate";
}

export interface OperatingPointFigures__Output {
  'level': (string);
  'threshold': (number);
  'target': (string);
  'reached': (boolean);
  'recall': (number);
  'precision': (number);
  'falsePositiveRate': (number);
  'benignFlaggedRate'?: (number);
  '_benignFlaggedRate'?: "benignFlaggedRate";
}
