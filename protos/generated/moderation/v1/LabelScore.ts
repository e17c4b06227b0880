// Original file: moderation/v1/text.proto


export interface LabelScore {
  'label'?: (string);
  'score'?: (number | string);
  'scored'?: (boolean);
}

export interface LabelScore__Output {
  'label': (string);
  'score': (number);
  'scored': (boolean);
}
