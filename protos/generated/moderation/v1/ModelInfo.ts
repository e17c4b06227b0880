// Original file: moderation/v1/vision.proto


export interface ModelInfo {
  'id'?: (string);
  'version'?: (string);
  'runtime'?: (string);
  'classes'?: (string)[];
  'loaded'?: (boolean);
  'error'?: (string);
}

export interface ModelInfo__Output {
  'id': (string);
  'version': (string);
  'runtime': (string);
  'classes': (string)[];
  'loaded': (boolean);
  'error': (string);
}
