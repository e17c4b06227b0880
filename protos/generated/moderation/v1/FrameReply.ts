// Original file: moderation/v1/moderator.proto


export interface FrameReply {
  'found'?: (boolean);
  'data'?: (Buffer | Uint8Array | string);
}

export interface FrameReply__Output {
  'found': (boolean);
  'data': (Buffer);
}
