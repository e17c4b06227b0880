// Original file: moderation/v1/webhook.proto

import type { DeliveryAttempt as _moderation_v1_DeliveryAttempt, DeliveryAttempt__Output as _moderation_v1_DeliveryAttempt__Output } from '../../moderation/v1/DeliveryAttempt';

export interface ListDeliveriesReply {
  'state'?: (string);
  'attempts'?: (_moderation_v1_DeliveryAttempt)[];
  'webhookId'?: (string);
  'nextAttemptAt'?: (string);
}

export interface ListDeliveriesReply__Output {
  'state': (string);
  'attempts': (_moderation_v1_DeliveryAttempt__Output)[];
  'webhookId': (string);
  'nextAttemptAt': (string);
}
