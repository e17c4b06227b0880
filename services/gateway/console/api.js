// @ts-check
// The review routes of the REST API as the console uses them. The token lives in sessionStorage only:
// it ends with the tab, and a reviewer's token never outlives the session on a shared machine.

/**
 * @typedef {{ name: string, risk_level: string }} ModerationCategory
 * @typedef {{ reviewer_id: string, kind: string, decision: 'approve' | 'reject', categories: ModerationCategory[], reason: string, at: string }} DecisionRecord
 * @typedef {{ decision?: string, decision_type: string, is_error: boolean, escalate_reasons?: string[], reject_reasons?: string[], error_message?: string | null, policy_version?: string }} Outcome
 * @typedef {{
 *   moderation_job_id: string, classification_job_id: string, content_type: 'image' | 'video', external_id: string,
 *   kind: 'escalation' | 'quality_sample' | 'appeal', state: 'queued' | 'claimed' | 'done', priority: number, reasons: string[],
 *   queued_at: string, claimed_by: string | null, lease_expires_at: string | null, appeal_reason: string | null,
 *   automated: Outcome | null, decisions: DecisionRecord[]
 * }} ReviewItem
 * @typedef {{ name: string, description: string, score: number | null, risk_level: string, triggered_by: string | null }} PolicyCategory
 * @typedef {{ source: 'caption' | 'ocr' | 'speech', label: string, score: number | null, start: number, end: number, text: string }} TextSpan
 * @typedef {{ class: string, timestamp: number, score: number, box: [number, number, number, number] | null }} Evidence
 * @typedef {{ index: number, timestamp: number }} Frame
 * @typedef {ReviewItem & {
 *   caption: string | null, policy_categories: PolicyCategory[], transcript: string | null,
 *   speech_segments: { start: number, end: number, text: string }[], ocr_text: string | null, text_spans: TextSpan[],
 *   evidence: Evidence[], frames: Frame[], media_available: boolean
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

  /** @returns {Promise<ReviewItem[]>} */
  async queue(limit = 50) {
    const body = await this.json('GET', `/review/queue?limit=${limit}`);
    return Array.isArray(body.items) ? body.items : [];
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
