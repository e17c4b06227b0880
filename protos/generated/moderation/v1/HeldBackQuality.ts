// Original file: moderation/v1/vision.proto


export interface HeldBackQuality {
  'images'?: (number);
  'positives'?: (number);
  'rocAuc'?: (number | string);
  'averagePrecision'?: (number | string);
  'calibrationError'?: (number | string);
  '_rocAuc'?: "rocAuc";
  '_averagePrecision'?: "averagePrecision";
  '_calibrationError'?: "calibrationError";
}

export interface HeldBackQuality__Output {
  'images': (number);
  'positives': (number);
  'rocAuc'?: (number);
  'averagePrecision'?: (number);
  'calibrationError'?: (number);
  '_rocAuc'?: "rocAuc";
  '_averagePrecision'?: "averagePrecision";
  '_calibrationError'?: "calibrationError";
}
