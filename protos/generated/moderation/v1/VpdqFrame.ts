// Original file: moderation/v1/banks.proto


export interface VpdqFrame {
  'frameNumber'?: (number);
  'quality'?: (number);
  'pdq'?: (string);
  'timestamp'?: (number | string);
}

export interface VpdqFrame__Output {
  'frameNumber': (number);
  'quality': (number);
  'pdq': (string);
  'timestamp': (number);
}
