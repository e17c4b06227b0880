// Original file: moderation/v1/text.proto


export interface LabelCoverage {
  'label'?: (string);
  'scored'?: (boolean);
  'note'?: (string);
}

export interface LabelCoverage__Output {
  'label': (string);
  'scored': (boolean);
  'note': (string);
}
