// Original file: moderation/v1/common.proto


export interface MediaMetadata {
  'width'?: (number);
  'height'?: (number);
  'fps'?: (number | string);
  'duration'?: (number | string);
  'secondsProcessed'?: (number | string);
}

export interface MediaMetadata__Output {
  'width': (number);
  'height': (number);
  'fps': (number);
  'duration': (number);
  'secondsProcessed': (number);
}
