// Original file: moderation/v1/bus.proto


export interface ExtractMedia {
  'jobId'?: (string);
}

export interface ExtractMedia__Output {
  'jobId': (string);
}
