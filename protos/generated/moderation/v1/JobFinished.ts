// Original file: moderation/v1/bus.proto


export interface JobFinished {
  'jobId'?: (string);
}

export interface JobFinished__Output {
  'jobId': (string);
}
