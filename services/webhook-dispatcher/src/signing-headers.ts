// The identification and signature headers of one delivery attempt: Standard Webhooks' webhook-id,
// webhook-timestamp and webhook-signature, and X-Hub-Signature-256 for receivers written before them.
import { SIGNATURE_HEADER, signBody } from '@modsvc/common/webhook-signature';
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, standardSignatureHeader } from '@modsvc/common/standard-webhooks';

/**
 * `secrets`: the tenant's signing secrets, current first. Without any, only webhook-id and
 * webhook-timestamp are sent. X-Hub-Signature-256 is signed with the current secret only.
 */
export function signingHeaders(webhookId: string, startedAt: Date, body: Buffer, secrets: readonly string[]): Record<string, string> {
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const headers: Record<string, string> = { [WEBHOOK_ID_HEADER]: webhookId, [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp) };
  const current = secrets[0];
  if (current === undefined) return headers;
  headers[WEBHOOK_SIGNATURE_HEADER] = standardSignatureHeader(webhookId, timestamp, body, secrets);
  headers[SIGNATURE_HEADER] = signBody(body, current);
  return headers;
}
