// What a moderation result (and so its webhook) says about the reviewer who decided it, per the tenant's
// review.reviewer_in_results: by default a stable pseudonym and no reason, so results that travel on to
// other systems carry neither a person's id nor free text; `identified` gives the reviewer id and reason.
// The audit trail always names the reviewer: it is the tenant's own account of who did what.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@modsvc/common/config';
import type { ReviewDecisionRecord, ReviewItem } from '@modsvc/common/domain/index';
import type { ReviewSettings } from '@modsvc/common/tenants';
import type { ModeratorSettings } from './settings.ts';

/** The reviewer's pseudonym in a tenant: `rvw_` and 22 base64url characters (128 bits of an HMAC). */
export type Pseudonymizer = (tenantId: string, reviewerId: string) => string;

export const PSEUDONYM_PATTERN = /^rvw_[A-Za-z0-9_-]{22}$/;
export const PSEUDONYM_KEY_FILE = 'reviewer-pseudonym.key';
const DERIVATION_LABEL = 'modsvc reviewer pseudonym key v1';

export function pseudonymizer(key: string): Pseudonymizer {
  return (tenantId, reviewerId) => `rvw_${crypto.createHmac('sha256', key).update(`${tenantId}\u0000${reviewerId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The pseudonym key: REVIEWER_PSEUDONYM_KEY; else one derived from SERVICE_AUTH_KEY (the same in every
 * service of a cluster); else a random key kept in DATA_DIR (one process: all-in-one). Changing the key
 * changes every pseudonym from then on (results already sent keep theirs).
 */
export function pseudonymKey(settings: Pick<ModeratorSettings, 'REVIEWER_PSEUDONYM_KEY'>, config: Pick<Config, 'SERVICE_AUTH_KEY' | 'dataDir'> | undefined): string {
  if (settings.REVIEWER_PSEUDONYM_KEY) return settings.REVIEWER_PSEUDONYM_KEY;
  if (config?.SERVICE_AUTH_KEY) return crypto.createHmac('sha256', config.SERVICE_AUTH_KEY).update(DERIVATION_LABEL).digest('hex');
  if (!config?.dataDir) throw new Error('reviewer pseudonyms need REVIEWER_PSEUDONYM_KEY, SERVICE_AUTH_KEY or a DATA_DIR to keep a generated key in');
  const file = path.join(config.dataDir, PSEUDONYM_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key (32+ characters); delete it to generate one`);
  return key;
}

/** The reviewer fields of a human_reviewed result. */
export function reviewerFields(settings: ReviewSettings, pseudonym: Pseudonymizer, tenantId: string, reviewerId: string, reason: string): { reviewed_by: string; review_reason?: string } {
  if (settings.reviewerInResults === 'identified') return { reviewed_by: reviewerId, review_reason: reason };
  return { reviewed_by: pseudonym(tenantId, reviewerId) };
}

/** An item as a caller sees it (an appeal's answer): the earlier decisions say of their reviewers what results say. */
export function callerViewOf(item: ReviewItem, settings: ReviewSettings, pseudonym: Pseudonymizer, tenantId: string): ReviewItem {
  if (settings.reviewerInResults === 'identified') return item;
  const decision = ({ reason: _reason, ...d }: ReviewDecisionRecord): ReviewDecisionRecord => ({ ...d, reviewer_id: pseudonym(tenantId, d.reviewer_id) });
  return { ...item, claimed_by: item.claimed_by === null ? null : pseudonym(tenantId, item.claimed_by), decisions: item.decisions.map(decision) };
}
