// Original file: moderation/v1/common.proto


export interface ErrorInfo {
  'code'?: (string);
  'message'?: (string);
}

export interface ErrorInfo__Output {
  'code': (string);
  'message': (string);
}
