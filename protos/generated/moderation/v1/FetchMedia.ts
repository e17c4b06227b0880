// Original file: moderation/v1/bus.proto


export interface FetchMedia {
  'jobId'?: (string);
}

export interface FetchMedia__Output {
  'jobId': (string);
}
