// Original file: moderation/v1/webhook.proto

import type { DeliveryAttempt as _moderation_v1_DeliveryAttempt, DeliveryAttempt__Output as _moderation_v1_DeliveryAttempt__Output } from '../../moderation/v1/DeliveryAttempt';

export interface RedeliverReply {
  'webhookId'?: (string);
  'state'?: (string);
  'attempt'?: (_moderation_v1_DeliveryAttempt | null);
}

export interface RedeliverReply__Output {
  'webhookId': (string);
  'state': (string);
  'attempt': (_moderation_v1_DeliveryAttempt__Output | null);
}
