// Original file: moderation/v1/vision.proto


export interface ListModelsRequest {
}

export interface ListModelsRequest__Output {
}
