// Original file: moderation/v1/bus.proto


export interface ScoreCaption {
  'jobId'?: (string);
}

export interface ScoreCaption__Output {
  'jobId': (string);
}
