// Original file: moderation/v1/text.proto


export interface CoverageRequest {
}

export interface CoverageRequest__Output {
}
