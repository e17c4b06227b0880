// Original file: moderation/v1/ingest.proto


export interface SubmitReply {
  'jobId'?: (string);
}

export interface SubmitReply__Output {
  'jobId': (string);
}
