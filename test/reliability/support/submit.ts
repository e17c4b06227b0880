// Submitting as a careful caller does: retry what the service asks to retry (429/503 with Retry-After)
// and connection failures, with the same Idempotency-Key, and tell apart failures after which a job
// may exist (the request reached the service) from those after which none can.

export interface Upload {
  data: Buffer;
  filename: string;
  type: string;
}

export interface SubmitRequest {
  baseUrl: string;
  token: string;
  /** `/classify/items-characteristics/image` and the like. */
  path: string;
  file: Upload;
  fields?: Record<string, string>;
  idempotencyKey?: string;
}

export interface SubmitOutcome {
  status: number;
  body: Record<string, unknown>;
  /** Requests sent, the last one included. */
  attempts: number;
  /** 429 and 503 answers: the service refused and asked to come back. */
  refusals: number;
  /** Failures after which the service may have created a job nonetheless (connection lost mid-request, 503). */
  ambiguous: number;
  /** Requests that got no answer at all (connection refused or lost: the service was down). */
  unanswered: number;
}

const RETRY_STATUSES = new Set([429, 503]);

function retryAfterMs(res: Response | null, attempt: number): number {
  const header = Number(res?.headers.get('retry-after'));
  const fallback = Math.min(5_000, 250 * 2 ** attempt);
  return Number.isFinite(header) && header > 0 ? Math.min(header * 1000, 30_000) : fallback;
}

/** True when the connection was refused outright: the request never reached a server. */
function neverSent(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

export async function submitWithRetries(req: SubmitRequest, deadlineMs: number): Promise<SubmitOutcome> {
  const deadline = Date.now() + deadlineMs;
  let attempts = 0;
  let refusals = 0;
  let ambiguous = 0;
  let unanswered = 0;
  for (;;) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(req.file.data)], { type: req.file.type }), req.file.filename);
    for (const [k, v] of Object.entries(req.fields ?? {})) form.append(k, v);
    const headers: Record<string, string> = { Authorization: `Bearer ${req.token}` };
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    attempts++;
    let res: Response | null = null;
    try {
      res = await fetch(`${req.baseUrl}/v1${req.path}`, { method: 'POST', body: form, headers, signal: AbortSignal.timeout(60_000) });
      const text = await res.text();
      if (!RETRY_STATUSES.has(res.status)) {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { raw: text };
        }
        return { status: res.status, body, attempts, refusals, ambiguous, unanswered };
      }
      refusals++;
      if (res.status === 503) ambiguous++;
    } catch (err) {
      unanswered++;
      if (!neverSent(err)) ambiguous++;
    }
    if (Date.now() > deadline) throw new Error(`submit to ${req.path} still failing after ${attempts} attempts (${deadlineMs} ms)`);
    await new Promise((r) => setTimeout(r, retryAfterMs(res, attempts)));
  }
}
