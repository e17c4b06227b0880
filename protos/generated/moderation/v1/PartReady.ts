// Original file: moderation/v1/bus.proto


export interface PartReady {
  'jobId'?: (string);
  'part'?: (string);
}

export interface PartReady__Output {
  'jobId': (string);
  'part': (string);
}
