// A fetch that answers from a script per route and records every request, for the client's unit tests.

export interface RecordedRequest {
  method: string;
  /** The path under the origin, with its query string. */
  path: string;
  headers: Headers;
  request: Request;
  /** Date.now() when it was made. */
  at: number;
}

type Reply = Response | ((req: RecordedRequest) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Answers for `METHOD /v1/path` (no query), used in order; the last one repeats. */
  on(route: string, ...replies: Reply[]): FakeFetch;
  /** The requests made to a route. */
  to(route: string): RecordedRequest[];
}

export const ORIGIN = 'http://modsvc.test';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** A token answer as POST /v1/authenticate gives it, expiring `lifetimeMs` from now (24 h). */
export function tokenAnswer(token: string, lifetimeMs = 24 * 3_600_000): Response {
  return json(200, { api_token: token, expiry: new Date(Date.now() + lifetimeMs).toISOString() });
}

export function fakeFetch(): FakeFetch {
  const replies = new Map<string, Reply[]>();
  const requests: RecordedRequest[] = [];
  const routeOf = (r: RecordedRequest) => `${r.method} ${r.path.split('?')[0]}`;
  const fake: FakeFetch = {
    requests,
    on(route, ...answers) {
      replies.set(route, answers);
      return fake;
    },
    to: (route) => requests.filter((r) => routeOf(r) === route),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const recorded = { method: request.method, path: `${url.pathname}${url.search}`, headers: request.headers, request, at: Date.now() };
      requests.push(recorded);
      const queue = replies.get(routeOf(recorded));
      if (!queue || queue.length === 0) return json(404, { error: 'not_found', message: `no fake answer for ${routeOf(recorded)}` });
      const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
      // A Response body can be read once: a repeated reply is cloned.
      return typeof reply === 'function' ? reply(recorded) : reply.clone();
    },
  };
  return fake;
}
