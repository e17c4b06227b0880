// Original file: moderation/v1/policies.proto


export interface DryRunPolicyReply {
  'reportJson'?: (string);
}

export interface DryRunPolicyReply__Output {
  'reportJson': (string);
}
