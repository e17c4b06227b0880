// Safe outbound HTTP for addresses supplied by API callers (media URLs, webhook callback URLs).
//
// The threat is server-side request forgery: a caller hands us a URL that points (directly, through
// DNS, or through a redirect) at the cloud metadata service, a loopback admin port or a private
// network. Every hop is therefore checked the same way:
//   1. the URL itself (http/https only, no credentials);
//   2. every address the host name resolves to (one bad address refuses the whole request);
//   3. the connection is pinned to the checked addresses through a custom `lookup`, so a second DNS
//      answer (DNS rebinding) can never be used; Host header and TLS SNI stay the original host name.
// Redirects are followed by hand and re-checked from step 1.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type EgressErrorCode =
  | 'blocked_address'
  | 'bad_url'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'unreachable'
  | 'http_error';

export class EgressError extends Error {
  readonly code: EgressErrorCode;
  /** HTTP status for `http_error` raised by `failOnHttpError`. */
  readonly status: number | undefined;
  /** The refused address for `blocked_address`. */
  readonly address: string | undefined;

  constructor(
    code: EgressErrorCode,
    message: string,
    extra: { status?: number; address?: string; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EgressError';
    this.code = code;
    this.status = extra.status;
    this.address = extra.address;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface AddressVerdict {
  allowed: boolean;
  /** The address after unwrapping IPv4-mapped IPv6 (`::ffff:10.0.0.1` -> `10.0.0.1`). */
  normalized: string;
  /** ipaddr.js range name (`private`, `loopback`, `linkLocal`, ...), `unicast` for public addresses. */
  range: string;
  /** True when the address is special but lies inside an allowed CIDR. */
  viaAllowList: boolean;
}

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified (0.0.0.0/8 or ::)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local / cloud metadata',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private network',
  reserved: 'reserved',
  uniqueLocal: 'unique-local (fc00::/7)',
  ipv4Mapped: 'IPv4-mapped',
  rfc6145: 'IPv4-translated',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
  benchmarking: 'benchmarking',
  deprecatedSiteLocal: 'site-local',
  ipv4Compatible: 'IPv4-compatible IPv6',
  notGlobalUnicast: 'outside global unicast 2000::/3',
};

/** IPv6 global unicast is 2000::/3; everything else is special-purpose or unassigned. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** Deprecated IPv4-compatible IPv6 (::a.b.c.d); ipaddr.js does not name it. */
const IPV6_V4_COMPATIBLE = ipaddr.parseCIDR('::/96');

function classify(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  const range = addr.range();
  if (addr.kind() === 'ipv6' && range === 'unicast') {
    if (addr.match(IPV6_V4_COMPATIBLE)) return 'ipv4Compatible';
    if (!addr.match(IPV6_GLOBAL_UNICAST)) return 'notGlobalUnicast';
  }
  return range;
}

export interface EgressGuardOptions {
  /** CIDRs that may be reached even though they are private or reserved (for example `10.20.0.0/16`). */
  allowCidrs?: string[];
}

export class EgressGuard {
  private readonly allow: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  readonly allowCidrs: readonly string[];

  constructor(opts: EgressGuardOptions = {}) {
    const cidrs = (opts.allowCidrs ?? []).map((c) => c.trim()).filter((c) => c.length > 0);
    this.allow = cidrs.map((c) => {
      try {
        // A bare address means a single host.
        if (!c.includes('/') && ipaddr.isValid(c)) {
          const a = ipaddr.parse(c);
          return [a, a.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
        }
        return ipaddr.parseCIDR(c);
      } catch {
        throw new Error(`EGRESS_ALLOW_CIDRS: "${c}" is not a CIDR (expected for example 10.0.0.0/8 or fd00::/8)`);
      }
    });
    this.allowCidrs = cidrs;
  }

  /** Classifies an address without throwing. Anything that is not a plain IP literal is refused. */
  verdict(ip: string): AddressVerdict {
    const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
    if (net.isIP(bare) === 0) {
      return { allowed: false, normalized: bare, range: 'invalid', viaAllowList: false };
    }
    let addr: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      // process() unwraps IPv4-mapped IPv6, so ::ffff:169.254.169.254 is judged as 169.254.169.254.
      addr = ipaddr.process(bare);
    } catch {
      return { allowed: false, normalized: bare, range: 'invalid', viaAllowList: false };
    }
    const normalized = addr.toString();
    const range = classify(addr);
    if (range === 'unicast') return { allowed: true, normalized, range, viaAllowList: false };
    const inAllow = this.allow.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
    return { allowed: inAllow, normalized, range, viaAllowList: inAllow };
  }

  /** Throws `EgressError('blocked_address')` unless the address is public or inside an allowed CIDR. */
  checkAddress(ip: string): void {
    const v = this.verdict(ip);
    if (v.allowed) return;
    if (v.range === 'invalid') {
      throw new EgressError('blocked_address', `"${ip}" is not an IP address; refusing to connect`, { address: ip });
    }
    throw new EgressError(
      'blocked_address',
      `URL resolves to a private or reserved address (${v.normalized}, ${RANGE_WORDS[v.range] ?? v.range}); ` +
        'refusing to fetch. If this network is meant to be reachable, add it to EGRESS_ALLOW_CIDRS',
      { address: v.normalized },
    );
  }

  /**
   * Validates a URL: http or https only, no user name or password, a host present. An IP-literal host
   * is checked right away. Returns the parsed URL.
   */
  checkUrl(url: string | URL): URL {
    let u: URL;
    try {
      u = typeof url === 'string' ? new URL(url) : new URL(url.href);
    } catch {
      throw new EgressError('bad_url', `"${truncate(String(url))}" is not a valid absolute URL`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      throw new EgressError('bad_url', `URL scheme "${u.protocol.replace(/:$/, '')}" is not allowed; use http or https`);
    }
    if (u.username !== '' || u.password !== '') {
      throw new EgressError('bad_url', 'URL must not contain a user name or password');
    }
    const host = hostOf(u);
    if (host === '') throw new EgressError('bad_url', 'URL has no host');
    if (net.isIP(host) !== 0) this.checkAddress(host);
    return u;
  }
}

function truncate(s: string, n = 200): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}

/** URL host name without IPv6 brackets. */
function hostOf(u: URL): string {
  const h = u.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Default resolver: the system resolver (`dns.lookup` with all addresses, in resolver order). */
export const systemResolver: Resolver = async (hostname) => {
  const res = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return res.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

export interface SafeFetchOptions {
  guard: EgressGuard;
  /** Largest response body accepted. */
  maxBytes: number;
  /** Total time for DNS, every redirect hop and the body. */
  timeoutMs: number;
  maxRedirects?: number;
  /** When false, 3xx responses are returned as they are. Default true. */
  followRedirects?: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** 'error' (default): a body over maxBytes is `too_large`. 'truncate': keep the first maxBytes and stop reading. */
  overflow?: 'error' | 'truncate';
  /** Throw `http_error` for a final status outside 200-299. Default false. */
  failOnHttpError?: boolean;
  /** Name resolution; defaults to dns.lookup (all addresses). Injectable for tests. */
  resolve?: Resolver;
  /** Extra trusted CA certificates for https (self-hosted receivers with a private CA). */
  ca?: string | Buffer | (string | Buffer)[];
  /** Aborts the request like a timeout does. */
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** URL of the last hop (after redirects). */
  finalUrl: string;
  /** Only with overflow 'truncate': the body was cut at maxBytes. */
  truncated: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CROSS_ORIGIN_DROP = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * GET (or other method) a caller-supplied URL without letting it reach private or reserved networks.
 * Throws EgressError for every refusal or failure; HTTP error statuses are returned unless
 * `failOnHttpError` is set.
 */
export async function safeFetch(url: string | URL, opts: SafeFetchOptions): Promise<SafeFetchResponse> {
  const { guard, maxBytes, timeoutMs } = opts;
  const maxRedirects = opts.maxRedirects ?? 5;
  const resolve = opts.resolve ?? systemResolver;
  const deadline = Date.now() + timeoutMs;

  let current = guard.checkUrl(url);
  let method = (opts.method ?? 'GET').toUpperCase();
  let body: Buffer | undefined = opts.body === undefined ? undefined : Buffer.from(opts.body);
  let headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;

  for (let redirects = 0; ; redirects++) {
    const addresses = await resolveChecked(current, guard, resolve, deadline, timeoutMs, opts.signal);
    const follow = opts.followRedirects !== false;
    const res = await requestOnce({
      url: current,
      addresses,
      method,
      headers,
      body,
      maxBytes,
      overflow: opts.overflow ?? 'error',
      deadline,
      timeoutMs,
      ca: opts.ca,
      signal: opts.signal,
      skipBody: (status, h) => follow && REDIRECT_STATUSES.has(status) && typeof h.location === 'string',
    });

    if (follow && REDIRECT_STATUSES.has(res.status) && typeof res.headers.location === 'string') {
      if (redirects >= maxRedirects) {
        throw new EgressError(
          'too_many_redirects',
          `more than ${maxRedirects} redirects (last hop ${truncate(current.href)}); refusing to follow further`,
        );
      }
      let next: URL;
      try {
        next = new URL(res.headers.location, current);
      } catch {
        throw new EgressError('bad_url', `redirect to an invalid URL "${truncate(res.headers.location)}"`);
      }
      next = guard.checkUrl(next);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method !== 'GET' && method !== 'HEAD')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        const { 'content-type': _ct, 'content-length': _cl, ...rest } = headers;
        headers = rest;
      }
      if (next.origin !== current.origin) {
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CROSS_ORIGIN_DROP.has(k)));
      }
      current = next;
      continue;
    }

    if (opts.failOnHttpError === true && (res.status < 200 || res.status > 299)) {
      throw new EgressError('http_error', `${truncate(current.href)} answered HTTP ${res.status}`, {
        status: res.status,
      });
    }
    return { ...res, finalUrl: current.href };
  }
}

function timeoutError(timeoutMs: number): EgressError {
  return new EgressError('timeout', `no complete response within ${timeoutMs} ms; giving up`);
}

/**
 * Checks a URL and every address its host resolves to, without fetching it (for example to refuse a
 * submitted URL at once). safeFetch runs the same check on every hop.
 */
export async function resolveAndCheck(url: string | URL, guard: EgressGuard, opts: { timeoutMs: number; resolve?: Resolver }): Promise<ResolvedAddress[]> {
  const parsed = guard.checkUrl(url);
  return resolveChecked(parsed, guard, opts.resolve ?? systemResolver, Date.now() + opts.timeoutMs, opts.timeoutMs, undefined);
}

function abortedError(): EgressError {
  return new EgressError('timeout', 'request aborted by the caller');
}

async function resolveChecked(
  url: URL,
  guard: EgressGuard,
  resolve: Resolver,
  deadline: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ResolvedAddress[]> {
  const host = hostOf(url);
  const literal = net.isIP(host);
  if (literal !== 0) {
    guard.checkAddress(host); // already done by checkUrl; repeated so this function stands alone
    return [{ address: host, family: literal === 6 ? 6 : 4 }];
  }
  if (signal?.aborted) throw abortedError();
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw timeoutError(timeoutMs);

  let timer: NodeJS.Timeout | undefined;
  let addresses: ResolvedAddress[];
  try {
    addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError(timeoutMs)), remaining);
      }),
    ]);
  } catch (err) {
    if (err instanceof EgressError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new EgressError('unreachable', `could not resolve host "${host}" (${code})`, { cause: err });
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (addresses.length === 0) {
    throw new EgressError('unreachable', `host "${host}" has no addresses`);
  }
  // One bad address refuses the request: the resolver could hand the bad one out next time.
  for (const a of addresses) guard.checkAddress(a.address);
  return addresses;
}

/** A `lookup` for http(s).request that only ever answers with the already-checked addresses. */
function pinnedLookup(addresses: ResolvedAddress[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const fam = options.family === 4 || options.family === 6 ? options.family : 0;
    const list = fam === 0 ? addresses : addresses.filter((a) => a.family === fam);
    const first = list[0];
    if (!first) {
      const err: NodeJS.ErrnoException = new Error(`no checked IPv${fam} address`);
      err.code = 'ENOTFOUND';
      callback(err, '', 0);
      return;
    }
    if (options.all) callback(null, list.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, first.address, first.family);
  };
}

interface RequestOnceArgs {
  url: URL;
  addresses: ResolvedAddress[];
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  maxBytes: number;
  overflow: 'error' | 'truncate';
  deadline: number;
  timeoutMs: number;
  ca: SafeFetchOptions['ca'];
  signal: AbortSignal | undefined;
  skipBody: (status: number, headers: http.IncomingHttpHeaders) => boolean;
}

type HopResult = Omit<SafeFetchResponse, 'finalUrl'>;

const TLS_ERROR = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_OSSL)/;

function mapNetworkError(err: NodeJS.ErrnoException, url: URL): EgressError {
  const code = err.code ?? '';
  const where = `${url.host}`;
  if (code.startsWith('HPE_')) {
    return new EgressError('http_error', `malformed HTTP response from ${where} (${code})`, { cause: err });
  }
  if (TLS_ERROR.test(code)) {
    return new EgressError('unreachable', `TLS connection to ${where} failed (${code}: ${err.message})`, { cause: err });
  }
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the server',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed by the server',
    ENOTFOUND: 'no usable address',
  };
  const what = words[code] ?? err.message;
  return new EgressError('unreachable', `could not reach ${where}: ${what}${code ? ` (${code})` : ''}`, { cause: err });
}

function requestOnce(a: RequestOnceArgs): Promise<HopResult> {
  return new Promise<HopResult>((resolvePromise, rejectPromise) => {
    const remaining = a.deadline - Date.now();
    if (remaining <= 0) {
      rejectPromise(timeoutError(a.timeoutMs));
      return;
    }
    if (a.signal?.aborted) {
      rejectPromise(abortedError());
      return;
    }
    const isHttps = a.url.protocol === 'https:';
    const host = hostOf(a.url);
    const headers: Record<string, string> = { ...a.headers };
    if (a.body !== undefined && headers['content-length'] === undefined) {
      headers['content-length'] = String(a.body.length);
    }
    const options: https.RequestOptions = {
      method: a.method,
      hostname: host, // keeps Host header (and SNI below) as the original name
      port: a.url.port === '' ? (isHttps ? 443 : 80) : Number(a.url.port),
      path: `${a.url.pathname}${a.url.search}`,
      headers,
      lookup: pinnedLookup(a.addresses),
      agent: false, // no pooled sockets: every connection goes through the pinned lookup
    };
    if (isHttps) {
      if (net.isIP(host) === 0) options.servername = host;
      if (a.ca !== undefined) options.ca = a.ca;
    }

    let settled = false;
    let req: http.ClientRequest | undefined;
    const finish = (err: EgressError | null, value?: HopResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      a.signal?.removeEventListener('abort', onAbort);
      if (err) {
        req?.destroy();
        rejectPromise(err);
      } else {
        resolvePromise(value as HopResult);
      }
    };
    const timer = setTimeout(() => finish(timeoutError(a.timeoutMs)), remaining);
    const onAbort = (): void => finish(abortedError());
    a.signal?.addEventListener('abort', onAbort, { once: true });

    try {
      req = (isHttps ? https : http).request(options);
    } catch (err) {
      finish(new EgressError('bad_url', `cannot build request: ${(err as Error).message}`, { cause: err }));
      return;
    }
    req.on('error', (err: NodeJS.ErrnoException) => finish(mapNetworkError(err, a.url)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (a.skipBody(status, res.headers)) {
        res.resume();
        finish(null, { status, headers: res.headers, body: Buffer.alloc(0), truncated: false });
        req?.destroy();
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (a.overflow === 'error' && Number.isFinite(declared) && declared > a.maxBytes) {
        finish(
          new EgressError(
            'too_large',
            `response body is ${declared} bytes (Content-Length), over the limit of ${a.maxBytes} bytes`,
          ),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length > a.maxBytes) {
          if (a.overflow === 'truncate') {
            chunks.push(chunk.subarray(0, a.maxBytes - size));
            finish(null, { status, headers: res.headers, body: Buffer.concat(chunks), truncated: true });
            req?.destroy();
            return;
          }
          finish(new EgressError('too_large', `response body exceeds the limit of ${a.maxBytes} bytes; stopped reading`));
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks), truncated: false }));
      res.on('error', (err: NodeJS.ErrnoException) => finish(mapNetworkError(err, a.url)));
      res.on('aborted', () =>
        finish(new EgressError('unreachable', `connection to ${a.url.host} closed before the body was complete`)),
      );
    });
    if (a.body !== undefined) req.end(a.body);
    else req.end();
  });
}
