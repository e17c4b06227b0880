// Original file: moderation/v1/vision.proto


export interface ClassCoverage {
  'className'?: (string);
  'group'?: (string);
  'model'?: (string);
  'note'?: (string);
}

export interface ClassCoverage__Output {
  'className': (string);
  'group': (string);
  'model': (string);
  'note': (string);
}
