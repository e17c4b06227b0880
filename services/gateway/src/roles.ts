// Who may use which route: a reviewer's token only the review routes of its tenant and POST /v1/feedback;
// a caller's token everything else. The routes read the tenant and reviewer from the token, never from
// the request.
import type { Request } from 'express';
import type { FeedbackActor, ReviewerRef } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import type { Tenant } from '@modsvc/common/tenants';
import type { TokenPrincipal } from '@modsvc/common/tokens';

export type AuthedRequest = Request & { tenant?: Tenant; principal?: TokenPrincipal };

// Express matches routes case-insensitively and ignores a trailing slash, so the checks do too.
const REVIEW_PATH = /^\/review(\/|$)/i;
const FEEDBACK_PATH = /^\/feedback\/?$/i;

/** Why this principal may not use the route (a path under /v1), or null when it may. */
export function roleRefusal(principal: TokenPrincipal, method: string, path: string): ApiError | null {
  const review = REVIEW_PATH.test(path);
  if (principal.role === 'reviewer') {
    if (review || (method === 'POST' && FEEDBACK_PATH.test(path))) return null;
    return new ApiError('forbidden', 'Reviewer tokens may only use the review routes (/v1/review/...) and POST /v1/feedback; use a caller API key for this route.');
  }
  if (review) return new ApiError('forbidden', "The review routes need a reviewer's token: authenticate with a reviewer's key (a tenant's \"reviewers\" in the tenants file).");
  return null;
}

/** The reviewer behind the request's token, with the token's tenant. */
export function reviewerOf(req: AuthedRequest): ReviewerRef {
  const p = req.principal;
  if (p?.role !== 'reviewer') throw new ApiError('forbidden', "This route needs a reviewer's token.");
  return { tenantId: p.tenantId, reviewerId: p.reviewerId };
}

/** The tenant of a caller's token (reviewers are refused before they get here; this keeps it so). */
export function callerTenantOf(req: AuthedRequest): string {
  if (req.principal?.role !== 'caller') throw new ApiError('forbidden', 'Reviewer tokens may only use the review routes (/v1/review/...) and POST /v1/feedback.');
  return req.principal.tenantId;
}

/** Who gives feedback: the caller (the tenant) or the reviewer. */
export function feedbackActorOf(req: AuthedRequest): FeedbackActor {
  const p = req.principal!;
  return p.role === 'reviewer' ? { kind: 'reviewer', id: p.reviewerId } : { kind: 'caller', id: p.tenantId };
}
