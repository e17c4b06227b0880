// Original file: moderation/v1/text.proto


export interface LanguageSource {
  'source'?: (string);
  'rows'?: (number);
  'toxic'?: (number);
  'toxicityMeans'?: (string);
}

export interface LanguageSource__Output {
  'source': (string);
  'rows': (number);
  'toxic': (number);
  'toxicityMeans': (string);
}
