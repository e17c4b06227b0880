// A small client of the public REST API, used the way a caller would use it.
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export class ApiClient {
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  private headers(): Record<string, string> {
    return this.token ? { Authorization: `Bearer ${this.token}` } : {};
  }

  private async parse<T>(res: Response): Promise<ApiResponse<T>> {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, body: body as T };
  }

  async authenticate(key: string): Promise<ApiResponse<{ api_token: string; expiry: string }>> {
    const res = await fetch(`${this.baseUrl}/v1/authenticate`, { method: 'POST', body: new URLSearchParams({ key }) });
    const parsed = await this.parse<{ api_token: string; expiry: string }>(res);
    if (parsed.status === 200) this.token = parsed.body.api_token;
    return parsed;
  }

  async submitFile(path: string, file: { data: Buffer; filename: string; type: string }, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return this.parse(await fetch(`${this.baseUrl}/v1${path}`, { method: 'POST', body: form, headers: { ...this.headers(), ...headers } }));
  }

  async submitForm(path: string, fields: Record<string, string>): Promise<ApiResponse> {
    return this.parse(await fetch(`${this.baseUrl}/v1${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: this.headers() }));
  }

  async get(path: string): Promise<ApiResponse> {
    return this.parse(await fetch(`${this.baseUrl}/v1${path}`, { headers: this.headers() }));
  }

  async postJson(path: string, body: unknown): Promise<ApiResponse> {
    return this.parse(await fetch(`${this.baseUrl}/v1${path}`, { method: 'POST', body: JSON.stringify(body), headers: { ...this.headers(), 'Content-Type': 'application/json' } }));
  }

  /** Any other call: a method, a path under /v1, and an optional raw body with its content type. */
  async request(method: string, path: string, body?: { data: string | Buffer; type: string }): Promise<ApiResponse> {
    const headers = { ...this.headers(), ...(body ? { 'Content-Type': body.type } : {}) };
    const payload = body ? (typeof body.data === 'string' ? body.data : new Uint8Array(body.data)) : undefined;
    return this.parse(await fetch(`${this.baseUrl}/v1${path}`, { method, body: payload, headers }));
  }

  /** Polls until the job is no longer queued. */
  async waitForJob(path: string, timeoutMs = 90_000): Promise<ApiResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await this.get(path);
      if (r.status !== 200 || r.body.status !== 'queued') return r;
      if (Date.now() > deadline) throw new Error(`job ${path} still queued after ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 250));
    }
  }
}
