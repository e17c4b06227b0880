// Original file: moderation/v1/vision.proto


export interface HeldBackSource {
  'source'?: (string);
  'positives'?: (number);
  'negatives'?: (number);
  'rocAuc'?: (number | string);
  'fold'?: (string);
  '_rocAuc'?: "rocAuc";
  '_fold'?: "fold";
}

export interface HeldBackSource__Output {
  'source': (string);
  'positives': (number);
  'negatives': (number);
  'rocAuc'?: (number);
  'fold'?: (string);
  '_rocAuc'?: "rocAuc";
  '_fold'?: "fold";
}
