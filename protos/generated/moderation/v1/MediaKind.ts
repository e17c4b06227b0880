// Original file: moderation/v1/common.proto

export const MediaKind = {
  MEDIA_KIND_UNSPECIFIED: 'MEDIA_KIND_UNSPECIFIED',
  IMAGE: 'IMAGE',
  VIDEO: 'VIDEO',
} as const;

export type MediaKind =
  | 'MEDIA_KIND_UNSPECIFIED'
  | 0
  | 'IMAGE'
  | 1
  | 'VIDEO'
  | 2

export type MediaKind__Output = typeof MediaKind[keyof typeof MediaKind]
