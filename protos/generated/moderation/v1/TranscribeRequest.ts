// Original file: moderation/v1/speech.proto


export interface TranscribeRequest {
  'wav'?: (Buffer | Uint8Array | string);
}

export interface TranscribeRequest__Output {
  'wav': (Buffer);
}
