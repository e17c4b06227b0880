// @ts-check
// The review routes of the REST API as the console uses them. The token lives in sessionStorage only:
// it ends with the tab, and a reviewer's token never outlives the session on a shared machine.

/**
 * @typedef {{ name: string, risk_level: string }} ModerationCategory
 * @typedef {{ reviewer_id: string, kind: string, decision: 'approve' | 'reject', categories: ModerationCategory[], reason?: string, at: string }} DecisionRecord
 * @typedef {{ decision?: string, decision_type: string, is_error: boolean, escalate_reasons?: string[], reject_reasons?: string[], error_message?: string | null, policy_version?: string }} Outcome
 * @typedef {{
 *   moderation_job_id: string, classification_job_id: string, content_type: 'image' | 'video', external_id: string,
 *   kind: 'escalation' | 'quality_sample' | 'appeal', state: 'queued' | 'claimed' | 'done', priority: number, reasons: string[],
 *   queued_at: string, claimed_by: string | null, lease_expires_at: string | null, queue: 'reviewers' | 'admins',
 *   due_at: string, overdue: boolean, appeal_reason: string | null,
 *   automated: Outcome | null, decisions: DecisionRecord[]
 * }} ReviewItem
 * @typedef {{ name: string, count: number }} Facet
 * @typedef {{ items: ReviewItem[], overdue: number, categories: Facet[], reasons: Facet[] }} QueuePage
 * @typedef {{ category?: string, reason?: string, kind?: string }} QueueFilter
 * @typedef {{
 *   bank_id: string, bank_name: string, category: string | null, risk_level: string | null, threshold: number | null,
 *   content_id: string, note: string | null, added_at: string | null, signal_type: 'pdq' | 'vpdq' | null,
 *   distance: number, quality: number, frame_timestamp: number,
 *   vpdq: { query_match_percent: number, compared_match_percent: number } | null, sets_category: boolean
 * }} BankMatch
 * @typedef {{
 *   decision: 'approve' | 'reject', decided_by: 'reviewer' | 'rules', reviewer_id: string | null, kind: string | null,
 *   reason: string | null, reasons: string[], categories: ModerationCategory[], at: string | null
 * }} AppealedDecision
 * @typedef {{ tenant_id: string, reviewer_id: string, admin: boolean, issued_at: string, expires_at: string, sla_hours: Record<string, number> }} Me
 * @typedef {{ kind: string, sla_hours: number, depth: number, overdue: number, oldest_queued_at: string | null, oldest_age_seconds: number | null }} KindStats
 * @typedef {{ reviewer_id: string, decisions: number, per_hour: number[], compared: number, overturned: number, overturn_rate: number | null }} ReviewerStats
 * @typedef {{ kind: string, decisions: number, compared: number, overturned: number, overturn_rate: number | null }} OverturnStats
 * @typedef {{
 *   generated_at: string, queues: KindStats[], window_from: string, hours: string[], reviewers: ReviewerStats[], overturns: OverturnStats[],
 *   decisions: number, compared: number, overturned: number, overturn_rate: number | null, truncated: boolean
 * }} Stats
 * @typedef {{ name: string, description: string, score: number | null, risk_level: string, triggered_by: string | null }} PolicyCategory
 * @typedef {{ source: 'caption' | 'ocr' | 'speech', label: string, score: number | null, start: number, end: number, text: string }} TextSpan
 * @typedef {{ class: string, timestamp: number, score: number, box: [number, number, number, number] | null }} Evidence
 * @typedef {{ index: number, timestamp: number }} Frame
 * @typedef {ReviewItem & {
 *   caption: string | null, policy_categories: PolicyCategory[], transcript: string | null,
 *   speech_segments: { start: number, end: number, text: string }[], ocr_text: string | null, text_spans: TextSpan[],
 *   evidence: Evidence[], frames: Frame[], media_available: boolean, bank_matches: BankMatch[], appealed_decision: AppealedDecision | null
 * }} ReviewItemDetail
 * @typedef {{ decision: 'approve' | 'reject', categories: ModerationCategory[], reason: string }} DecisionInput
 * @typedef {{ token: string, expiry: string }} Session
 */

const SESSION_KEY = 'modsvc.review.session';

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** @returns {Session | null} the stored session while its token is still valid */
export function loadSession() {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
    if (s && typeof s.token === 'string' && Date.parse(s.expiry) > Date.now()) return { token: s.token, expiry: String(s.expiry) };
  } catch {
    // a damaged entry is the same as none
  }
  sessionStorage.removeItem(SESSION_KEY);
  return null;
}

export function clearSession() {
  sessionStorage.removeItem(SESSION_KEY);
}

/**
 * What a reviewer token says (unverified: for display only; the server checks every request itself).
 * @param {string} token
 * @returns {{ rid: string | null, tenant: string | null, issuedAt: string | null, expiresAt: string | null }}
 */
export function tokenClaims(token) {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), '=')));
    const time = (/** @type {unknown} */ s) => (typeof s === 'number' ? new Date(s * 1000).toISOString() : null);
    return {
      rid: typeof claims?.rid === 'string' ? claims.rid : null,
      tenant: typeof claims?.sub === 'string' ? claims.sub : null,
      issuedAt: time(claims?.iat),
      expiresAt: time(claims?.exp),
    };
  } catch {
    return { rid: null, tenant: null, issuedAt: null, expiresAt: null };
  }
}

/**
 * The reviewer id a reviewer token carries (its `rid` claim), to tell the reviewer's own claims from
 * others'; the server checks every claim itself.
 * @param {string} token
 * @returns {string | null}
 */
export function reviewerIdOf(token) {
  return tokenClaims(token).rid;
}

/**
 * Exchanges a reviewer key for a token and keeps it for this tab.
 * @param {string} key
 * @returns {Promise<Session>}
 */
export async function signIn(key) {
  const res = await fetch('/v1/authenticate', { method: 'POST', body: new URLSearchParams({ key }) });
  const body = await readJson(res);
  if (!res.ok) throw errorOf(res.status, body);
  const session = { token: String(body.api_token), expiry: String(body.expiry) };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/**
 * @param {Response} res
 * @returns {Promise<Record<string, any>>}
 */
async function readJson(res) {
  const text = await res.text();
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/**
 * The API's error body is {"error": "<code>", "message": "..."}; an {"error": {code, message}} form is read too.
 * @param {number} status
 * @param {Record<string, any>} body
 */
function errorOf(status, body) {
  const e = body.error;
  const code = typeof e === 'string' ? e : typeof e?.code === 'string' ? e.code : `http_${status}`;
  const message = typeof body.message === 'string' ? body.message : typeof e?.message === 'string' ? e.message : `HTTP ${status}`;
  return new ApiError(status, code, message);
}

export class ReviewApi {
  /**
   * @param {string} token
   * @param {() => void} onUnauthorized called when the token is refused (expired or revoked)
   */
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
  }

  /**
   * @param {string} method
   * @param {string} path under /v1
   * @param {unknown} [body] sent as JSON
   */
  async call(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status === 401) this.onUnauthorized();
    return res;
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async json(method, path, body) {
    const res = await this.call(method, path, body);
    const parsed = await readJson(res);
    if (!res.ok) throw errorOf(res.status, parsed);
    return parsed;
  }

  /**
   * The queue in due order (overdue first), filtered; with the categories and reasons to filter by.
   * @param {QueueFilter} [filter]
   * @returns {Promise<QueuePage>}
   */
  async queue(filter = {}, limit = 50) {
    const params = new URLSearchParams({ limit: String(limit) });
    for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
    const body = await this.json('GET', `/review/queue?${params}`);
    return {
      items: Array.isArray(body.items) ? body.items : [],
      overdue: Number(body.overdue) || 0,
      categories: Array.isArray(body.categories) ? body.categories : [],
      reasons: Array.isArray(body.reasons) ? body.reasons : [],
    };
  }

  /**
   * Who is signed in: reviewer, admin or not, the token's times, the account's SLA.
   * @returns {Promise<Me>}
   */
  me() {
    return this.json('GET', '/review/me');
  }

  /**
   * The supervisor's statistics (tenant admins).
   * @returns {Promise<Stats>}
   */
  stats() {
    return this.json('GET', '/review/stats');
  }

  /**
   * @param {string} id
   * @returns {Promise<ReviewItemDetail>}
   */
  item(id) {
    return this.json('GET', `/review/${encodeURIComponent(id)}`);
  }

  /**
   * @param {string} id
   * @returns {Promise<ReviewItem>}
   */
  claim(id) {
    return this.json('POST', `/review/${encodeURIComponent(id)}/claim`);
  }

  /**
   * Gives the item's claim back to the queue.
   * @param {string} id
   * @returns {Promise<ReviewItem>}
   */
  release(id) {
    return this.json('POST', `/review/${encodeURIComponent(id)}/release`);
  }

  /**
   * @param {string} id
   * @param {DecisionInput} input
   * @returns {Promise<Outcome>}
   */
  decide(id, input) {
    return this.json('POST', `/review/${encodeURIComponent(id)}/decision`, input);
  }

  /**
   * A frame as a Blob: fetched with the bearer header, which an <img src> could not send.
   * @param {string} id
   * @param {number} index
   */
  async frame(id, index) {
    const res = await this.call('GET', `/review/${encodeURIComponent(id)}/frames/${index}`);
    if (!res.ok) throw errorOf(res.status, await readJson(res));
    return res.blob();
  }
}
