import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EgressError, EgressGuard, safeFetch, type Resolver } from '../src/egress.ts';
import { loadConfig } from '../src/config.ts';

// Every server in this file listens on 127.0.0.1; nothing here may send traffic anywhere else.
const LOOPBACK_ALLOWED = new EgressGuard({ allowCidrs: ['127.0.0.0/8'] });
const STRICT = new EgressGuard({ allowCidrs: [] });

interface Seen {
  method: string;
  url: string;
  host: string | undefined;
  body: string;
}

let server: http.Server;
let base: string;
let port: number;
const seen: Seen[] = [];

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host, body: Buffer.concat(chunks).toString() });
    const u = new URL(req.url ?? '/', 'http://x');
    switch (u.pathname) {
      case '/hello':
        res.writeHead(200, { 'content-type': 'text/plain', 'x-test': 'yes' });
        res.end(`hello ${u.search}`);
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/to-private-name':
        res.writeHead(301, { location: `http://internal.test:${port}/hello` });
        res.end();
        return;
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://127.0.0.1/file' });
        res.end();
        return;
      case '/relative':
        res.writeHead(307, { location: '/hello?via=relative' });
        res.end();
        return;
      case '/see-other':
        res.writeHead(303, { location: '/hello?after=post' });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/big-declared':
        res.writeHead(200, { 'content-length': '1000000' });
        res.end(Buffer.alloc(1_000_000, 1));
        return;
      case '/big-chunked':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 20; i++) res.write(Buffer.alloc(10_000, 2));
        res.end();
        return;
      case '/hang':
        // Never answers; the client's total timeout must fire.
        return;
      case '/trickle': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const t = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(t));
        return;
      }
      case '/status':
        res.writeHead(Number(u.searchParams.get('code') ?? '500'));
        res.end('status body');
        return;
      default:
        res.writeHead(404);
        res.end('not found');
    }
  });
}

beforeAll(async () => {
  server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

afterEach(() => {
  vi.restoreAllMocks();
  seen.length = 0;
});

/** Records every outgoing TCP connection attempt (TLS sockets go through the same method). */
function spyConnect() {
  return vi.spyOn(net.Socket.prototype, 'connect');
}

async function egressError(p: Promise<unknown>): Promise<EgressError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(EgressError);
    return err as EgressError;
  }
  throw new Error('expected the promise to reject with EgressError');
}

describe('EgressGuard.checkAddress', () => {
  const blocked = [
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '::7f00:1',
    '2001:db8::1',
    'not-an-ip',
    '127.1',
  ];
  it.each(blocked)('refuses %s', (ip) => {
    let err: unknown;
    try {
      STRICT.checkAddress(ip);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EgressError);
    expect((err as EgressError).code).toBe('blocked_address');
  });

  const allowed = ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '11.0.0.1', '2606:4700:4700::1111', '2a00:1450::1'];
  it.each(allowed)('accepts public %s', (ip) => {
    expect(() => STRICT.checkAddress(ip)).not.toThrow();
    expect(STRICT.verdict(ip)).toMatchObject({ allowed: true, range: 'unicast', viaAllowList: false });
  });

  it('names the metadata address and the fix in the message', () => {
    expect(() => STRICT.checkAddress('169.254.169.254')).toThrow(
      /private or reserved address \(169\.254\.169\.254.*refusing to fetch.*EGRESS_ALLOW_CIDRS/,
    );
  });

  it('reports IPv4-mapped IPv6 as the IPv4 address it maps to', () => {
    expect(STRICT.verdict('::ffff:169.254.169.254')).toMatchObject({ allowed: false, normalized: '169.254.169.254', range: 'linkLocal' });
  });

  it('lets allowed CIDRs through, and only those', () => {
    const g = new EgressGuard({ allowCidrs: ['10.20.0.0/16', ' fd00:1::/32 ', '192.168.7.7'] });
    expect(g.verdict('10.20.3.4')).toMatchObject({ allowed: true, viaAllowList: true });
    expect(g.verdict('::ffff:10.20.3.4')).toMatchObject({ allowed: true, viaAllowList: true });
    expect(g.verdict('10.21.0.1').allowed).toBe(false);
    expect(g.verdict('fd00:1::5').allowed).toBe(true);
    expect(g.verdict('fd00:2::5').allowed).toBe(false);
    expect(g.verdict('192.168.7.7').allowed).toBe(true);
    expect(g.verdict('192.168.7.8').allowed).toBe(false);
    expect(g.verdict('169.254.169.254').allowed).toBe(false);
  });

  it('takes EGRESS_ALLOW_CIDRS as parsed by the config and rejects malformed entries', () => {
    const g = new EgressGuard({ allowCidrs: loadConfig({ EGRESS_ALLOW_CIDRS: '10.1.0.0/16, 127.0.0.0/8,' }).EGRESS_ALLOW_CIDRS });
    expect(g.allowCidrs).toEqual(['10.1.0.0/16', '127.0.0.0/8']);
    expect(g.verdict('127.0.0.1').allowed).toBe(true);
    expect(new EgressGuard({ allowCidrs: loadConfig({}).EGRESS_ALLOW_CIDRS }).verdict('127.0.0.1').allowed).toBe(false);
    expect(() => new EgressGuard({ allowCidrs: ['10.0.0.0/33'] })).toThrow(/not a CIDR/);
    expect(() => new EgressGuard({ allowCidrs: ['intranet'] })).toThrow(/not a CIDR/);
  });
});

describe('EgressGuard.checkUrl', () => {
  it.each([
    ['file:///etc/passwd', /scheme "file" is not allowed/],
    ['ftp://example.com/x', /scheme "ftp" is not allowed/],
    ['gopher://example.com/', /scheme "gopher"/],
    ['javascript:alert(1)', /scheme "javascript"/],
    ['http://user:pw@example.com/', /user name or password/],
    ['http://user@example.com/', /user name or password/],
    ['not a url', /not a valid absolute URL/],
    ['/relative/path', /not a valid absolute URL/],
  ])('refuses %s as bad_url', (url, message) => {
    let err: unknown;
    try {
      STRICT.checkUrl(url);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EgressError);
    expect((err as EgressError).code).toBe('bad_url');
    expect((err as Error).message).toMatch(message);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:8080/',
    'http://[::ffff:169.254.169.254]/',
    'http://0x7f.1/', // WHATWG URL normalises to 127.0.0.1
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0/',
    'https://10.0.0.1/',
  ])('refuses the IP-literal URL %s as blocked_address', (url) => {
    expect(() => STRICT.checkUrl(url)).toThrow(expect.objectContaining({ code: 'blocked_address' }));
  });

  it('accepts public http and https URLs with any port and keeps the query', () => {
    const u = STRICT.checkUrl('https://example.com:8443/cb?a=1&b=two');
    expect(u.href).toBe('https://example.com:8443/cb?a=1&b=two');
    expect(STRICT.checkUrl('http://93.184.216.34/x').hostname).toBe('93.184.216.34');
  });
});

describe('safeFetch against a local server (loopback allowed)', () => {
  it('returns status, headers, body and finalUrl; query string and Host arrive unchanged', async () => {
    const res = await safeFetch(`${base}/hello?a=1&b=%20x`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000 });
    expect(res.status).toBe(200);
    expect(res.headers['x-test']).toBe('yes');
    expect(res.body.toString()).toBe('hello ?a=1&b=%20x');
    expect(res.finalUrl).toBe(`${base}/hello?a=1&b=%20x`);
    expect(res.truncated).toBe(false);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/hello?a=1&b=%20x', host: `127.0.0.1:${port}` });
  });

  it('pins the connection to the checked address and keeps the original Host (no second DNS lookup)', async () => {
    // A rebinding resolver: the first answer is the allowed loopback, every later one the metadata address.
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const connect = spyConnect();
    const res = await safeFetch(`http://rebind.test:${port}/hello`, {
      guard: LOOPBACK_ALLOWED,
      maxBytes: 1000,
      timeoutMs: 5000,
      resolve: rebinding,
    });
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
    expect(seen[0]?.host).toBe(`rebind.test:${port}`);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('follows a relative 307 redirect, keeping the method and body', async () => {
    const res = await safeFetch(`${base}/relative`, {
      guard: LOOPBACK_ALLOWED,
      maxBytes: 1000,
      timeoutMs: 5000,
      method: 'POST',
      body: 'payload',
    });
    expect(res.status).toBe(200);
    expect(res.finalUrl).toBe(`${base}/hello?via=relative`);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/relative', 'payload'],
      ['POST', '/hello?via=relative', 'payload'],
    ]);
  });

  it('turns a POST into a GET without body on 303', async () => {
    const res = await safeFetch(`${base}/see-other`, {
      guard: LOOPBACK_ALLOWED,
      maxBytes: 1000,
      timeoutMs: 5000,
      method: 'POST',
      body: 'payload',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.body.toString()).toBe('hello ?after=post');
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/hello?after=post', body: '' });
  });

  it('stops after maxRedirects', async () => {
    const err = await egressError(safeFetch(`${base}/loop`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000, maxRedirects: 3 }));
    expect(err.code).toBe('too_many_redirects');
    expect(err.message).toMatch(/more than 3 redirects/);
    expect(seen).toHaveLength(4);
  });

  it('returns the 3xx itself when followRedirects is false', async () => {
    const res = await safeFetch(`${base}/to-metadata`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000, followRedirects: false });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://169.254.169.254/latest/meta-data/');
  });

  it('returns HTTP error statuses, or throws http_error with failOnHttpError', async () => {
    const res = await safeFetch(`${base}/status?code=503`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000 });
    expect(res.status).toBe(503);
    expect(res.body.toString()).toBe('status body');
    const err = await egressError(
      safeFetch(`${base}/status?code=404`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000, failOnHttpError: true }),
    );
    expect(err).toMatchObject({ code: 'http_error', status: 404 });
  });

  it('refuses a body whose Content-Length is over maxBytes before reading it', async () => {
    const err = await egressError(safeFetch(`${base}/big-declared`, { guard: LOOPBACK_ALLOWED, maxBytes: 5000, timeoutMs: 5000 }));
    expect(err.code).toBe('too_large');
    expect(err.message).toMatch(/1000000 bytes \(Content-Length\), over the limit of 5000/);
  });

  it('aborts a chunked body once it passes maxBytes', async () => {
    const err = await egressError(safeFetch(`${base}/big-chunked`, { guard: LOOPBACK_ALLOWED, maxBytes: 50_000, timeoutMs: 5000 }));
    expect(err.code).toBe('too_large');
    expect(err.message).toMatch(/exceeds the limit of 50000 bytes/);
  });

  it('truncates instead with overflow "truncate"', async () => {
    const res = await safeFetch(`${base}/big-chunked`, { guard: LOOPBACK_ALLOWED, maxBytes: 15_000, timeoutMs: 5000, overflow: 'truncate' });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(15_000);
  });

  it('times out on a server that never answers', async () => {
    const err = await egressError(safeFetch(`${base}/hang`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 300 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/within 300 ms/);
  });

  it('times out on a body that trickles in (the limit covers the whole transfer)', async () => {
    const err = await egressError(safeFetch(`${base}/trickle`, { guard: LOOPBACK_ALLOWED, maxBytes: 100_000, timeoutMs: 400 }));
    expect(err.code).toBe('timeout');
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await egressError(safeFetch(`http://127.0.0.1:${closedPort}/`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000 }));
    expect(err.code).toBe('unreachable');
    expect(err.message).toMatch(/connection refused/);
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const err = await egressError(safeFetch('http://nowhere.test/', { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 5000, resolve: failing }));
    expect(err.code).toBe('unreachable');
    expect(err.message).toMatch(/could not resolve host "nowhere.test" \(ENOTFOUND\)/);
  });
});

describe('safeFetch refusals happen before any connection attempt', () => {
  const cases: [string, EgressGuard][] = [
    ['http://169.254.169.254/latest/meta-data/', LOOPBACK_ALLOWED],
    ['http://10.0.0.1/', LOOPBACK_ALLOWED],
    ['http://[::1]/', LOOPBACK_ALLOWED],
    ['http://[::ffff:169.254.169.254]/', LOOPBACK_ALLOWED],
    ['http://100.100.100.200/', LOOPBACK_ALLOWED], // Alibaba metadata, CGNAT
  ];
  it.each(cases)('%s is blocked_address with no socket opened', async (url, guard) => {
    const connect = spyConnect();
    const err = await egressError(safeFetch(url, { guard, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('blocked_address');
    expect(connect).not.toHaveBeenCalled();
  });

  it('127.0.0.1 is refused without an allow-list, although a server listens there', async () => {
    const connect = spyConnect();
    const err = await egressError(safeFetch(`${base}/hello`, { guard: STRICT, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('blocked_address');
    expect(err.address).toBe('127.0.0.1');
    expect(connect).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('"localhost" (resolved by the system resolver) is refused', async () => {
    const connect = spyConnect();
    const err = await egressError(safeFetch(`http://localhost:${port}/hello`, { guard: STRICT, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('blocked_address');
    expect(connect).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('a name with one private address among public ones is refused', async () => {
    const connect = spyConnect();
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const err = await egressError(safeFetch('https://mixed.test/', { guard: STRICT, maxBytes: 1000, timeoutMs: 2000, resolve: mixed }));
    expect(err.code).toBe('blocked_address');
    expect(err.address).toBe('10.0.0.7');
    expect(connect).not.toHaveBeenCalled();
  });

  it.each(['file:///etc/passwd', 'ftp://127.0.0.1/x'])('%s is bad_url', async (url) => {
    const connect = spyConnect();
    const err = await egressError(safeFetch(url, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('bad_url');
    expect(connect).not.toHaveBeenCalled();
  });

  it('a redirect from an allowed server to the metadata address is refused at that hop', async () => {
    const connect = spyConnect();
    const err = await egressError(safeFetch(`${base}/to-metadata`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('blocked_address');
    expect(err.address).toBe('169.254.169.254');
    expect(connect).toHaveBeenCalledTimes(1); // the first hop only
    expect(seen.map((s) => s.url)).toEqual(['/to-metadata']);
  });

  it('a redirect to a name that resolves privately is refused at that hop', async () => {
    const resolver: Resolver = async (host) => [{ address: host === 'internal.test' ? '10.1.2.3' : '127.0.0.1', family: 4 }];
    const connect = spyConnect();
    const err = await egressError(
      safeFetch(`http://start.test:${port}/to-private-name`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 2000, resolve: resolver }),
    );
    expect(err.code).toBe('blocked_address');
    expect(err.address).toBe('10.1.2.3');
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('a redirect to ftp:// is refused', async () => {
    const err = await egressError(safeFetch(`${base}/to-ftp`, { guard: LOOPBACK_ALLOWED, maxBytes: 1000, timeoutMs: 2000 }));
    expect(err.code).toBe('bad_url');
  });
});

describe('safeFetch over IPv6 loopback', () => {
  let v6: http.Server;
  let v6port: number;
  const hosts: (string | undefined)[] = [];
  const guard = new EgressGuard({ allowCidrs: ['127.0.0.0/8', '::1/128'] });

  beforeAll(async () => {
    v6 = http.createServer((req, res) => {
      hosts.push(req.headers.host);
      res.end('v6 hello');
    });
    await new Promise<void>((r) => v6.listen(0, '::1', r));
    v6port = (v6.address() as AddressInfo).port;
  });

  afterAll(async () => {
    v6.closeAllConnections();
    await new Promise<void>((r) => v6.close(() => r()));
  });

  it('fetches an allowed IPv6 literal with a bracketed Host header', async () => {
    const res = await safeFetch(`http://[::1]:${v6port}/`, { guard, maxBytes: 100, timeoutMs: 5000 });
    expect(res.body.toString()).toBe('v6 hello');
    expect(hosts.at(-1)).toBe(`[::1]:${v6port}`);
  });

  it('falls back across the checked addresses only (first one refuses, second answers)', async () => {
    const resolver: Resolver = async () => [
      { address: '127.0.0.2', family: 4 }, // nothing listens there on this port
      { address: '::1', family: 6 },
    ];
    const res = await safeFetch(`http://dual.test:${v6port}/`, { guard, maxBytes: 100, timeoutMs: 5000, resolve: resolver });
    expect(res.body.toString()).toBe('v6 hello');
    expect(hosts.at(-1)).toBe(`dual.test:${v6port}`);
  });
});
