// Original file: moderation/v1/bus.proto


export interface FrameRef {
  'key'?: (string);
  'timestamp'?: (number | string);
  'width'?: (number);
  'height'?: (number);
}

export interface FrameRef__Output {
  'key': (string);
  'timestamp': (number);
  'width': (number);
  'height': (number);
}
