// Original file: moderation/v1/webhook.proto

import type { Long } from '@grpc/proto-loader';

export interface DeliveryAttempt {
  'attempt'?: (number);
  'at'?: (string);
  'httpStatus'?: (number);
  'error'?: (string);
  'durationMs'?: (number | string | Long);
  'outcome'?: (string);
  'redelivery'?: (boolean);
}

export interface DeliveryAttempt__Output {
  'attempt': (number);
  'at': (string);
  'httpStatus': (number);
  'error': (string);
  'durationMs': (string);
  'outcome': (string);
  'redelivery': (boolean);
}
