// Original file: moderation/v1/bus.proto


export interface TranscribeAudio {
  'jobId'?: (string);
  'audioKey'?: (string);
  'duration'?: (number | string);
}

export interface TranscribeAudio__Output {
  'jobId': (string);
  'audioKey': (string);
  'duration': (number);
}
