// The bearer token of an API key: fetched on first use, fetched again shortly before its expiry (the
// service has no refresh: a token lives 24 h) or when the service refuses it.
import type { TokenAnswer } from './api-types.ts';
import { apiErrorFor } from './errors.ts';
import { readAnswer } from './read-answer.ts';

export interface TokenSourceOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  /** How long before `expiry` a new token is fetched (default 5 min), so a token never lapses mid-request. */
  refreshMarginMs?: number;
  now?: () => number;
}

interface HeldToken {
  token: string;
  expiresAtMs: number;
}

export class TokenSource {
  private held: HeldToken | null = null;
  private pending: Promise<HeldToken> | null = null;
  private readonly refreshMarginMs: number;
  private readonly now: () => number;

  constructor(private readonly options: TokenSourceOptions) {
    this.refreshMarginMs = options.refreshMarginMs ?? 5 * 60_000;
    this.now = options.now ?? (() => Date.now());
  }

  /** A token valid for at least the refresh margin. Concurrent callers share one authentication. */
  async token(): Promise<string> {
    if (this.held && this.now() < this.held.expiresAtMs - this.refreshMarginMs) return this.held.token;
    this.pending ??= this.authenticate().finally(() => (this.pending = null));
    return (await this.pending).token;
  }

  /** Forget `token` (the service refused it), so the next `token()` fetches another. */
  invalidate(token: string): void {
    if (this.held?.token === token) this.held = null;
  }

  private async authenticate(): Promise<HeldToken> {
    const path = '/v1/authenticate';
    const res = await this.options.fetch(`${this.options.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams({ key: this.options.apiKey }) });
    const { status, body, retryAfterSeconds } = await readAnswer(res);
    if (!res.ok) throw apiErrorFor(status, body, retryAfterSeconds, 'POST', path);
    const answer = body as TokenAnswer;
    const expiresAtMs = Date.parse(answer.expiry ?? '');
    if (typeof answer.api_token !== 'string' || Number.isNaN(expiresAtMs)) throw new Error(`${path} answered no api_token and expiry`);
    this.held = { token: answer.api_token, expiresAtMs };
    return this.held;
  }
}
