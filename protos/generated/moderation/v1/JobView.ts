// Original file: moderation/v1/ingest.proto


export interface JobView {
  'jobId'?: (string);
  'status'?: (string);
  'msg'?: (string);
  'hasMsg'?: (boolean);
  'resultsJson'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
}

export interface JobView__Output {
  'jobId': (string);
  'status': (string);
  'msg': (string);
  'hasMsg': (boolean);
  'resultsJson': (string);
  'createdAt': (string);
  'updatedAt': (string);
}
