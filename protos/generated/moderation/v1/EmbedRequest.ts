// Original file: moderation/v1/vision.proto


export interface EmbedRequest {
  'images'?: (Buffer | Uint8Array | string)[];
}

export interface EmbedRequest__Output {
  'images': (Buffer)[];
}
