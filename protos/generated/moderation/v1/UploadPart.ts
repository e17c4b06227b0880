// Original file: moderation/v1/ingest.proto

import type { UploadHeader as _moderation_v1_UploadHeader, UploadHeader__Output as _moderation_v1_UploadHeader__Output } from '../../moderation/v1/UploadHeader';

export interface UploadPart {
  'header'?: (_moderation_v1_UploadHeader | null);
  'chunk'?: (Buffer | Uint8Array | string);
  'part'?: "header"|"chunk";
}

export interface UploadPart__Output {
  'header'?: (_moderation_v1_UploadHeader__Output | null);
  'chunk'?: (Buffer);
  'part'?: "header"|"chunk";
}
