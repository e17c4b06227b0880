// Original file: moderation/v1/text.proto


export interface LanguageHeldBack {
  'part'?: (string);
  'rows'?: (number);
  'positives'?: (number);
  'rocAuc'?: (number | string);
  'label'?: (string);
  '_rocAuc'?: "rocAuc";
}

export interface LanguageHeldBack__Output {
  'part': (string);
  'rows': (number);
  'positives': (number);
  'rocAuc'?: (number);
  'label': (string);
  '_rocAuc'?: "rocAuc";
}
