// Original file: moderation/v1/vision.proto


export interface EmbeddingVector {
  'values'?: (number | string)[];
}

export interface EmbeddingVector__Output {
  'values': (number)[];
}
