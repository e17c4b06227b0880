// Every authenticated call: the bearer token added, one retry with a new token when the service answers
// 401 (the token expired or the key's tenant was reloaded), refusals turned into typed errors.
import { apiErrorFor } from './errors.ts';
import { readAnswer, type Answer, type BodyKind } from './read-answer.ts';
import type { TokenSource } from './token-source.ts';

export type QueryValue = string | number | boolean | undefined;

export interface CallOptions {
  query?: Record<string, QueryValue>;
  /** A JSON value (sent as application/json), or a form / raw body as fetch takes it. */
  json?: unknown;
  body?: FormData | URLSearchParams | string;
  contentType?: string;
  headers?: Record<string, string>;
  answer?: BodyKind;
  signal?: AbortSignal;
}

export class Transport {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: TokenSource,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** Any 2xx answer (202 included: callers decide what "not finished" means); anything else throws. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const url = this.url(path, options.query);
    let token = await this.tokens.token();
    let res = await this.send(method, url, token, options);
    if (res.status === 401) {
      await res.text().catch(() => ''); // read to the end, so the connection can be reused
      this.tokens.invalidate(token);
      token = await this.tokens.token();
      res = await this.send(method, url, token, options);
    }
    const answer = await readAnswer(res, options.answer);
    if (!res.ok) throw apiErrorFor(answer.status, answer.body, answer.retryAfterSeconds, method, path);
    return answer;
  }

  /** `call`, answering only the body, typed as the route documents it. */
  async body<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    return (await this.call(method, path, options)).body as T;
  }

  private send(method: string, url: string, token: string, options: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...options.headers };
    let body: FormData | URLSearchParams | string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }
    if (options.contentType) headers['Content-Type'] = options.contentType;
    return this.fetchImpl(url, { method, headers, body, signal: options.signal });
  }

  private url(path: string, query: Record<string, QueryValue> = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    const search = params.size > 0 ? `?${params}` : '';
    return `${this.baseUrl}/v1${path}${search}`;
  }
}
